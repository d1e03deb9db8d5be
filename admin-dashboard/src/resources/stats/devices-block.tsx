import type { DevicesStats, OfflinePeriod } from '@kort/contracts';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { StatsBarChart } from './stats-bar-chart';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatCount, formatHours, formatWeek, palette } from './stats-format';
import type { Period } from './stats-period';

const sortedWeeks = (stats: DevicesStats) => [...stats.weeks].sort((a, b) => a.week_start.localeCompare(b.week_start));

function DevicesCharts({ stats }: { stats: DevicesStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.devices.${key}`);
  const weeks = sortedWeeks(stats);
  const categories = weeks.map((week) => formatWeek(week.week_start));
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {t('openings')}
      </Typography>
      <StatsBarChart
        label={t('openings')}
        categories={categories}
        series={[
          { label: t('online_code'), colour: palette.blue, stack: 'door', data: weeks.map((w) => w.online_code) },
          { label: t('offline_pin'), colour: palette.orange, stack: 'door', data: weeks.map((w) => w.offline_pin) },
          { label: t('admin'), colour: palette.green, stack: 'door', data: weeks.map((w) => w.admin) },
        ]}
        format={formatCount}
        counts
      />
      <Typography variant="subtitle2" component="h3">
        {t('light_vs_played')}
      </Typography>
      <StatsBarChart
        label={t('light_vs_played')}
        categories={categories}
        series={[
          { label: t('light_hours'), colour: palette.orange, data: weeks.map((w) => w.light_hours) },
          { label: t('played_hours'), colour: palette.blue, data: weeks.map((w) => w.played_hours) },
        ]}
        format={formatHours}
      />
      <OfflineTable periods={stats.offline_periods} />
    </>
  );
}

function OfflineTable({ periods }: { periods: OfflinePeriod[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.devices.${key}`);
  if (periods.length === 0) return <Typography color="text.secondary">{t('always_online')}</Typography>;
  const rows = periods.map((period) => [
    formatClubDateTime(period.from),
    period.to ? formatClubDateTime(period.to) : t('still_offline'),
  ]);
  return <FiguresTable caption={t('offline')} head={[t('offline_from'), t('offline_to')]} rows={rows} />;
}

function DevicesTable({ stats }: { stats: DevicesStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.devices.${key}`);
  const rows = sortedWeeks(stats).map((week) => [
    `${t('week_of')} ${formatWeek(week.week_start)}`,
    formatCount(week.online_code),
    formatCount(week.offline_pin),
    formatCount(week.admin),
    formatHours(week.light_hours),
    formatHours(week.played_hours),
  ]);
  return (
    <>
      <FiguresTable
        caption={t('by_week')}
        head={[t('week'), t('online_code'), t('offline_pin'), t('admin'), t('light_hours'), t('played_hours')]}
        rows={rows}
      />
      <OfflineTable periods={stats.offline_periods} />
    </>
  );
}

/** Block 5: how the door was opened, when the agent was offline, lights on against games played. */
export function DevicesBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('devices', period);
  const stats = query.data;
  return (
    <StatsBlock
      report="devices"
      period={period}
      title={translate('kort.stats.devices.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      summary={
        stats &&
        translate('kort.stats.devices.summary', {
          online_code: formatCount(stats.openings.online_code),
          offline_pin: formatCount(stats.openings.offline_pin),
          admin: formatCount(stats.openings.admin),
          light: formatHours(stats.light_hours),
          played: formatHours(stats.played_hours),
        })
      }
      chart={() => <DevicesCharts stats={stats!} />}
      table={() => <DevicesTable stats={stats!} />}
    />
  );
}
