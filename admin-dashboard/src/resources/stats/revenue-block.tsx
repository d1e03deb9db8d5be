import type { RevenueLine, RevenueStats } from '@kort/contracts';
import { Box, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { kopecksIn, moneyText } from '../../lib/money';
import type { PriceRecord } from '../../lib/records';
import { StatsBarChart } from './stats-bar-chart';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatDay, formatWeek, palette } from './stats-format';
import type { Period } from './stats-period';

// The money paid for games over the period: what came in, what went back and what is left, by day
// and by court (GET /api/admin/stats/revenue).

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });
/** The chart counts roubles (its axis ticks fall on round sums); the tooltip writes them as «1 500,50 ₽». */
const roublesOfLine = (text: string) => kopecksIn(text) / 100;
const chartMoney = (roubles: number) => moneyText(Math.round(roubles * 100));
const axisMoney = (roubles: number) => `${compact.format(roubles)}\u00a0₽`;

/** The period's paid, refunded and net sums, large, side by side (one under another on a phone). */
function Totals({ total }: { total: RevenueLine }) {
  const translate = useTranslate();
  const figures = (['paid', 'refunded', 'net'] as const).map((key) => ({
    key,
    label: translate(`kort.stats.revenue.${key}`),
    value: moneyText(kopecksIn(total[key])),
  }));
  return (
    <Stack component="dl" direction="row" sx={{ m: 0, gap: { xs: 2, sm: 4 }, flexWrap: 'wrap' }}>
      {figures.map((figure) => (
        <Box key={figure.key}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{
              m: 0,
              fontVariantNumeric: 'tabular-nums',
              whiteSpace: 'nowrap',
              color: figure.key === 'refunded' ? 'text.secondary' : 'text.primary',
            }}
          >
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

const byDate = (stats: RevenueStats) => [...stats.days].sort((a, b) => a.date.localeCompare(b.date));
const moneyCells = (line: RevenueLine) =>
  [line.paid, line.refunded, line.net].map((text) => moneyText(kopecksIn(text)));

function CourtsTable({ stats }: { stats: RevenueStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.revenue.${key}`);
  if (stats.courts.length === 0) return null;
  return (
    <Box sx={{ maxWidth: 560, mt: 2 }}>
      <FiguresTable
        caption={t('by_court')}
        head={[t('court'), t('paid'), t('refunded'), t('net')]}
        rows={stats.courts.map((court) => [court.name, ...moneyCells(court)])}
      />
    </Box>
  );
}

function RevenueChart({ stats }: { stats: RevenueStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.revenue.${key}`);
  const days = byDate(stats);
  if (days.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('none')}</Typography>;
  return (
    <>
      <StatsBarChart
        label={t('by_day')}
        categories={days.map((day) => formatWeek(day.date))}
        series={[
          { label: t('paid'), colour: palette.blue, data: days.map((day) => roublesOfLine(day.paid)) },
          { label: t('refunded'), colour: palette.vermillion, data: days.map((day) => roublesOfLine(day.refunded)) },
        ]}
        format={chartMoney}
        axisFormat={axisMoney}
        axisWidth={72}
      />
      <CourtsTable stats={stats} />
    </>
  );
}

function RevenueTable({ stats }: { stats: RevenueStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.revenue.${key}`);
  const days = byDate(stats);
  return (
    <>
      {days.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('none')}</Typography>
      ) : (
        <FiguresTable
          caption={t('by_day_table')}
          head={[t('day'), t('paid'), t('refunded'), t('net')]}
          rows={days.map((day) => [formatDay(day.date), ...moneyCells(day)])}
        />
      )}
      <CourtsTable stats={stats} />
    </>
  );
}

/** Whether the site charges for games at all: one of its price rules, when it has any. */
function useHasPrices(): boolean {
  const { total } = useGetList<PriceRecord>('prices', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  return (total ?? 0) > 0;
}

const anyMoney = (stats: RevenueStats | undefined) =>
  Boolean(stats && (kopecksIn(stats.total.paid) !== 0 || kopecksIn(stats.total.refunded) !== 0));

/**
 * The money paid for games, first on the page. Shown when the site has prices (its block says «nothing yet»
 * while the period had none), or when money moved in the period even though the prices are gone; a
 * club that never charged sees the usage blocks only.
 */
export function RevenueBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('revenue', period);
  const hasPrices = useHasPrices();
  if (!hasPrices && !anyMoney(query.data)) return null;
  const stats = query.data;
  return (
    <StatsBlock
      report="revenue"
      period={period}
      title={translate('kort.stats.revenue.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      summary={stats && <Totals total={stats.total} />}
      chart={() => <RevenueChart stats={stats!} />}
      table={() => <RevenueTable stats={stats!} />}
    />
  );
}
