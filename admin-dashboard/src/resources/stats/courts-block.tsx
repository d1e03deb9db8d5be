import type { CourtWeekStats, CourtsStats } from '@kort/contracts';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatsBarChart } from './stats-bar-chart';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatCount, formatShare, formatWeek, palette, shareOf } from './stats-format';
import type { Period } from './stats-period';

/** The weeks of each court, in the order the API lists the courts. */
function byCourt(weeks: CourtWeekStats[]): { name: string; weeks: CourtWeekStats[] }[] {
  const courts = new Map<string, { name: string; weeks: CourtWeekStats[] }>();
  for (const week of weeks) {
    const court = courts.get(week.court_id) ?? { name: week.court_name, weeks: [] };
    court.weeks.push(week);
    courts.set(week.court_id, court);
  }
  return [...courts.values()].map((court) => ({
    ...court,
    weeks: court.weeks.sort((a, b) => a.week_start.localeCompare(b.week_start)),
  }));
}

/** One small chart per court (a line of eight series would read as noise): booked and played shares by week. */
function CourtsCharts({ stats }: { stats: CourtsStats }) {
  const translate = useTranslate();
  const courts = byCourt(stats.weeks);
  if (courts.length === 0) return <Typography color="text.secondary">{translate('kort.stats.empty')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {courts.map((court) => (
        <Box key={court.name}>
          <Typography variant="subtitle2" component="h3">
            {court.name}
          </Typography>
          <StatsBarChart
            label={translate('kort.stats.courts.chart_label', { court: court.name })}
            categories={court.weeks.map((week) => formatWeek(week.week_start))}
            series={[
              {
                label: translate('kort.stats.courts.booked_share'),
                colour: palette.blue,
                data: court.weeks.map((week) => shareOf(week.booked, week.court_hours_open)),
              },
              {
                label: translate('kort.stats.courts.played_share'),
                colour: palette.orange,
                data: court.weeks.map((week) => shareOf(week.played, week.court_hours_open)),
              },
            ]}
            format={formatShare}
            max={1}
            height={220}
          />
        </Box>
      ))}
    </Box>
  );
}

function CourtsTable({ stats }: { stats: CourtsStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.courts.${key}`);
  const rows = byCourt(stats.weeks).flatMap((court) =>
    court.weeks.map((week) => [
      `${court.name}, ${t('week_of')} ${formatWeek(week.week_start)}`,
      formatCount(week.court_hours_open),
      formatCount(week.booked),
      formatShare(shareOf(week.booked, week.court_hours_open)),
      formatCount(week.played),
      formatShare(shareOf(week.played, week.court_hours_open)),
    ]),
  );
  return (
    <FiguresTable
      caption={t('title')}
      head={[t('court_week'), t('open'), t('booked'), t('booked_share'), t('played'), t('played_share')]}
      rows={rows}
    />
  );
}

/** Block 2: each court's booked and played court-hours as shares of its open ones, by week. */
export function CourtsBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('courts', period);
  return (
    <StatsBlock
      report="courts"
      period={period}
      title={translate('kort.stats.courts.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      chart={() => <CourtsCharts stats={query.data!} />}
      table={() => <CourtsTable stats={query.data!} />}
    />
  );
}
