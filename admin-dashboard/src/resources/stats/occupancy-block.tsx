import type { OccupancyCell, OccupancyStats, StatsWeekday } from '@kort/contracts';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { SideScroll } from './side-scroll';
import { FiguresTable, StatsBlock } from './stats-block';
import { useStats } from './stats-api';
import { formatCount, formatHour, formatShare, heatColour, shareOf, weekdayNames } from './stats-format';
import type { Period } from './stats-period';

const weekdays: StatsWeekday[] = [1, 2, 3, 4, 5, 6, 7];

/** The hours any day of the period had open (or anything booked), in order: the heatmap's columns. */
function hoursShown(cells: OccupancyCell[]): number[] {
  const hours = cells.filter((cell) => cell.court_hours_open > 0 || cell.booked > 0).map((cell) => cell.hour);
  return [...new Set(hours)].sort((a, b) => a - b);
}

function cellAt(cells: OccupancyCell[], weekday: StatsWeekday, hour: number): OccupancyCell {
  return (
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour) ?? {
      weekday,
      hour,
      court_hours_open: 0,
      booked: 0,
      played: 0,
      no_show: 0,
      cancelled: 0,
    }
  );
}

/**
 * Weekday × hour, each cell the share of its open court-hours booked, light when empty and dark
 * when full (order by lightness, not hue); closed hours hatched grey. x-charts' community edition has no heatmap, so it
 * is a CSS grid; hovering or tapping a cell shows its counts, and each cell says them to a screen reader.
 */
function Heatmap({ cells }: { cells: OccupancyCell[] }) {
  const translate = useTranslate();
  const hours = hoursShown(cells);
  // A tapped cell's counts, under the grid: a phone has no hover, and a tooltip under a finger is hidden.
  const [picked, setPicked] = useState<string | null>(null);
  const describe = (cell: OccupancyCell) =>
    cell.court_hours_open === 0 && cell.booked === 0
      ? translate('kort.stats.occupancy.closed_cell', { day: weekdayNames[cell.weekday], hour: formatHour(cell.hour) })
      : translate('kort.stats.occupancy.cell', {
          day: weekdayNames[cell.weekday],
          hour: formatHour(cell.hour),
          share: formatShare(shareOf(cell.booked, cell.court_hours_open)),
          open: formatCount(cell.court_hours_open),
          booked: formatCount(cell.booked),
          played: formatCount(cell.played),
          no_show: formatCount(cell.no_show),
          cancelled: formatCount(cell.cancelled),
        });
  if (hours.length === 0) return <Typography color="text.secondary">{translate('kort.stats.empty')}</Typography>;
  return (
    <>
      {/* Scrolls sideways on a phone, and says so: the evening is to the right. */}
      <SideScroll label={translate('kort.stats.occupancy.grid')}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `2rem repeat(${hours.length}, minmax(1.75rem, 1fr))`,
            gap: '2px',
            minWidth: `${2 + hours.length * 1.9}rem`,
            fontSize: '0.75rem',
          }}
        >
          <span />
          {hours.map((hour) => (
            <Box key={hour} aria-hidden sx={{ textAlign: 'center', color: 'text.secondary' }}>
              {hour}
            </Box>
          ))}
          {weekdays.map((weekday) => [
            // The weekday stays in view while a phone scrolls the hours sideways.
            <Box
              key={`d${weekday}`}
              aria-hidden
              sx={{
                alignSelf: 'stretch',
                display: 'flex',
                alignItems: 'center',
                color: 'text.secondary',
                position: 'sticky',
                left: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
              }}
            >
              {weekdayNames[weekday]}
            </Box>,
            ...hours.map((hour) => {
              const cell = cellAt(cells, weekday, hour);
              const closed = cell.court_hours_open === 0 && cell.booked === 0;
              const share = shareOf(cell.booked, cell.court_hours_open);
              const colour = heatColour(share);
              const label = describe(cell);
              return (
                <Tooltip key={`${weekday}-${hour}`} title={label} disableTouchListener arrow>
                  <Box
                    role="img"
                    onClick={() => setPicked(label)}
                    aria-label={label}
                    sx={{
                      height: '1.75rem',
                      borderRadius: 0.5,
                      display: 'grid',
                      placeItems: 'center',
                      cursor: 'pointer',
                      outline: picked === label ? '2px solid' : 'none',
                      outlineColor: 'text.primary',
                      outlineOffset: 1,
                      ...(closed
                        ? {
                            color: 'text.secondary',
                            background: 'repeating-linear-gradient(45deg, #eee, #eee 3px, #d6d6d6 3px, #d6d6d6 6px)',
                          }
                        : { background: colour.background, color: colour.text }),
                    }}
                  >
                    {closed ? '' : Math.round(share * 100)}
                  </Box>
                </Tooltip>
              );
            }),
          ])}
        </Box>
      </SideScroll>
      <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', mt: 1 }}>
        {picked ?? translate('kort.stats.occupancy.pick')}
      </Typography>
      <Legend />
    </>
  );
}

/** The scale's ends and the closed mark, in words as well as colour. */
function Legend() {
  const translate = useTranslate();
  const swatch = (background: string) => (
    <Box component="span" sx={{ width: 14, height: 14, borderRadius: 0.5, background, display: 'inline-block' }} />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1, fontSize: '0.8rem', alignItems: 'center' }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {swatch(heatColour(0).background)}
        <span>0 %</span>
        {swatch(heatColour(0.5).background)}
        <span>50 %</span>
        {swatch(heatColour(1).background)}
        <span>{translate('kort.stats.occupancy.legend_full')}</span>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {swatch('repeating-linear-gradient(45deg, #eee, #eee 3px, #d6d6d6 3px, #d6d6d6 6px)')}
        <span>{translate('kort.stats.occupancy.legend_closed')}</span>
      </Stack>
    </Stack>
  );
}

function OccupancyTable({ stats }: { stats: OccupancyStats }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`kort.stats.occupancy.${key}`);
  const rows = stats.cells
    .filter((cell) => cell.court_hours_open > 0 || cell.booked > 0 || cell.cancelled > 0)
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
    .map((cell) => [
      `${weekdayNames[cell.weekday]}, ${formatHour(cell.hour)}`,
      formatCount(cell.court_hours_open),
      formatCount(cell.booked),
      formatShare(shareOf(cell.booked, cell.court_hours_open)),
      formatCount(cell.played),
      formatCount(cell.no_show),
      formatCount(cell.cancelled),
    ]);
  return (
    <FiguresTable
      caption={t('title')}
      head={[t('when'), t('open'), t('booked'), t('share'), t('played'), t('no_show'), t('cancelled')]}
      rows={rows}
    />
  );
}

/** Block 1: how full the courts are by weekday and hour. */
export function OccupancyBlock({ period }: { period: Period }) {
  const translate = useTranslate();
  const query = useStats('occupancy', period);
  const totals = query.data?.totals;
  return (
    <StatsBlock
      report="occupancy"
      period={period}
      title={translate('kort.stats.occupancy.title')}
      loading={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      summary={
        totals &&
        translate('kort.stats.occupancy.summary', {
          booked: formatShare(totals.booked_share),
          played: formatShare(totals.played_share),
          open: formatCount(totals.court_hours_open),
        })
      }
      chart={() => <Heatmap cells={query.data!.cells} />}
      table={() => <OccupancyTable stats={query.data!} />}
    />
  );
}
