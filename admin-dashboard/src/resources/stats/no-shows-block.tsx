import type { NoShowStats } from '@kort/contracts';
import { Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatsBarChart } from './stats-bar-chart';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatCount, formatWeek, palette } from './stats-format';
import type { Period } from './stats-period';

function NoShowsChart({ stats }: { stats: NoShowStats }) {
  const translate = useTranslate();
  const weeks = [...stats.weeks].sort((a, b) => a.week_start.localeCompare(b.week_start));
  return (
    <StatsBarChart
      label={translate('kort.stats.no_shows.title')}
      categories={weeks.map((week) => formatWeek(week.week_start))}
      series={[
        {
          label: translate('kort.stats.no_shows.no_shows'),
          colour: palette.vermillion,
          stack: 'missed',
          data: weeks.map((week) => week.no_shows),
        },
        {
          label: translate('kort.stats.no_shows.late'),
          colour: palette.sky,
          stack: 'missed',
          data: weeks.map((week) => week.late_cancellations),
        },
      ]}
      format={formatCount}
      counts
    />
  );
}

function WeeksTable({ stats }: { stats: NoShowStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.no_shows.${key}`);
  const rows = [...stats.weeks]
    .sort((a, b) => a.week_start.localeCompare(b.week_start))
    .map((week) => [
      `${t('week_of')} ${formatWeek(week.week_start)}`,
      formatCount(week.no_shows),
      formatCount(week.late_cancellations),
    ]);
  return <FiguresTable caption={t('by_week')} head={[t('week'), t('no_shows'), t('late')]} rows={rows} />;
}

/** The players with the most, each a link to their page (where a no-show can be forgiven). */
function TopPlayers({ stats }: { stats: NoShowStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.no_shows.${key}`);
  if (stats.top_players.length === 0) return <Typography color="text.secondary">{t('nobody')}</Typography>;
  const rows = stats.top_players.map((player) => [
    <MuiLink key="name" component={Link} to={`/users/${player.user_id}/show`}>
      {player.name}
    </MuiLink>,
    formatCount(player.no_shows),
    formatCount(player.late_cancellations),
  ]);
  return <FiguresTable caption={t('top')} head={[t('player'), t('no_shows'), t('late')]} rows={rows} />;
}

/** Block 4: no-shows and late cancellations by week, and who has the most. */
export function NoShowsBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('no-shows', period);
  const stats = query.data;
  return (
    <StatsBlock
      report="no-shows"
      period={period}
      title={translate('kort.stats.no_shows.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      summary={stats && translate('kort.stats.no_shows.late_rule', { hours: formatCount(stats.late_cancel_hours) })}
      chart={() => (
        <>
          <NoShowsChart stats={stats!} />
          <TopPlayers stats={stats!} />
        </>
      )}
      table={() => (
        <>
          <WeeksTable stats={stats!} />
          <TopPlayers stats={stats!} />
        </>
      )}
    />
  );
}
