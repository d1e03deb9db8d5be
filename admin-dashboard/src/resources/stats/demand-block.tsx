import type { DemandCell, DemandStats } from '@kort/contracts';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatsBarChart } from './stats-bar-chart';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatCount, formatHour, formatShare, palette, shareOf, weekdayNames } from './stats-format';
import type { Period } from './stats-period';

/** The hours of the day anyone queued for, with the week's days summed: where a court is missing. */
function byHour(cells: DemandCell[]): { hour: number; joined: number; got_court: number }[] {
  const hours = new Map<number, { hour: number; joined: number; got_court: number }>();
  for (const cell of cells) {
    const hour = hours.get(cell.hour) ?? { hour: cell.hour, joined: 0, got_court: 0 };
    hour.joined += cell.joined;
    hour.got_court += cell.got_court;
    hours.set(cell.hour, hour);
  }
  return [...hours.values()].filter((hour) => hour.joined > 0).sort((a, b) => a.hour - b.hour);
}

function DemandChart({ stats }: { stats: DemandStats }) {
  const translate = useTranslate();
  const hours = byHour(stats.cells);
  if (hours.length === 0) return <Typography color="text.secondary">{translate('kort.stats.demand.none')}</Typography>;
  return (
    <StatsBarChart
      label={translate('kort.stats.demand.title')}
      categories={hours.map((hour) => formatHour(hour.hour))}
      series={[
        { label: translate('kort.stats.demand.joined'), colour: palette.blue, data: hours.map((hour) => hour.joined) },
        {
          label: translate('kort.stats.demand.got_court'),
          colour: palette.orange,
          data: hours.map((hour) => hour.got_court),
        },
      ]}
      format={formatCount}
      counts
    />
  );
}

function DemandTable({ stats }: { stats: DemandStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.demand.${key}`);
  const rows = stats.cells
    .filter((cell) => cell.joined > 0)
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
    .map((cell) => [
      `${weekdayNames[cell.weekday]}, ${formatHour(cell.hour)}`,
      formatCount(cell.joined),
      formatCount(cell.got_court),
      formatShare(shareOf(cell.got_court, cell.joined)),
    ]);
  if (rows.length === 0) return <Typography color="text.secondary">{t('none')}</Typography>;
  return (
    <FiguresTable caption={t('title')} head={[t('when'), t('joined'), t('got_court'), t('got_share')]} rows={rows} />
  );
}

/** Block 3: demand beyond the courts: hours players queued for, and how many got a court that way. */
export function DemandBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('demand', period);
  const totals = query.data?.totals;
  return (
    <StatsBlock
      report="demand"
      period={period}
      title={translate('kort.stats.demand.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      summary={
        totals &&
        translate('kort.stats.demand.summary', {
          joined: formatCount(totals.joined),
          got_court: formatCount(totals.got_court),
        })
      }
      chart={() => <DemandChart stats={query.data!} />}
      table={() => <DemandTable stats={query.data!} />}
    />
  );
}
