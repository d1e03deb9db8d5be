import { weekdaysShortIso } from '@kort/contracts';
import { Alert, Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { ClosedMark } from '../../components/closed-mark';
import { closureHoursOn, type HoursOfDay } from '../../lib/closure-hours';
import { clubHourInstant, isoWeekday, shiftDay } from '../../lib/club-days';
import { dayText, hourText } from '../../lib/club-format';
import { useCourts } from '../../lib/use-courts';
import type { ClosureRecord } from '../../lib/records';

/** How far ahead the calendar looks, in days from today. */
const AHEAD_DAYS = 28;

interface DayOfClosures {
  day: string;
  closures: { closure: ClosureRecord; hours: HoursOfDay }[];
}

/** The weeks from this Monday to the Sunday after today + 4 weeks, each day with the closures on it. */
function useCalendar(today: string, zone: string): { days: DayOfClosures[]; error: unknown } {
  const first = shiftDay(today, 1 - isoWeekday(today));
  const lastDay = shiftDay(today, AHEAD_DAYS - 1);
  const end = shiftDay(lastDay, 8 - isoWeekday(lastDay));
  const { data, error } = useGetList<ClosureRecord>('closures', {
    filter: { from: clubHourInstant(first, 0, zone), to: clubHourInstant(end, 0, zone) },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'starts_at', order: 'ASC' },
  });
  const days: DayOfClosures[] = [];
  for (let day = first; day < end; day = shiftDay(day, 1)) {
    const closures = (data ?? []).flatMap((closure) => {
      const hours = closureHoursOn(closure, day, zone);
      return hours ? [{ closure, hours }] : [];
    });
    days.push({ day, closures });
  }
  return { days, error };
}

/** One closure on one day: «Весь клуб · 14:00–18:00», its reason under it. */
function ClosureOnDay({ closure, hours }: DayOfClosures['closures'][number]) {
  const translate = useTranslate();
  const { courtName } = useCourts();
  const when =
    hours.from === 0 && hours.to === 24
      ? translate('kort.closures.all_day')
      : `${hourText(hours.from)}–${hourText(hours.to)}`;
  return <ClosedMark detail={closure.reason}>{`${courtName(closure.court_id)} · ${when}`}</ClosedMark>;
}

/**
 * The closures of the weeks ahead on their days (the club's calendar days): a month-like grid of
 * weeks on a desktop, on a phone the days that have any, one under another.
 */
export function ClosureCalendar({ today, zone }: { today: string; zone: string }) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { days, error } = useCalendar(today, zone);
  const ahead = days.filter(({ day }) => day >= today && day < shiftDay(today, AHEAD_DAYS));
  return (
    <Box component="section" aria-labelledby="closure-calendar" sx={{ p: 2 }}>
      <Typography id="closure-calendar" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('kort.closures.calendar_title')}
      </Typography>
      {error ? <Alert severity="warning">{translate('kort.errors.load_failed')}</Alert> : null}
      {narrow ? <Agenda days={ahead} today={today} /> : <WeekGrid days={days} today={today} />}
    </Box>
  );
}

function Agenda({ days, today }: { days: DayOfClosures[]; today: string }) {
  const translate = useTranslate();
  const closed = days.filter((day) => day.closures.length > 0);
  if (closed.length === 0)
    return <Typography color="text.secondary">{translate('kort.closures.none_ahead')}</Typography>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {closed.map(({ day, closures }) => (
        <Stack key={day} component="li" spacing={0.75}>
          <Typography variant="subtitle2" component="h3">
            {dayText(day, today)}
          </Typography>
          {closures.map((item) => (
            <ClosureOnDay key={item.closure.id} {...item} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

const weekColumns = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' } as const;

function WeekGrid({ days, today }: { days: DayOfClosures[]; today: string }) {
  const translate = useTranslate();
  const none = days.every((day) => day.closures.length === 0);
  return (
    <>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <Box aria-hidden sx={{ ...weekColumns, bgcolor: 'action.hover' }}>
          {weekdaysShortIso.map((name) => (
            <Typography key={name} variant="caption" sx={{ px: 1, py: 0.5, fontWeight: 500 }}>
              {name}
            </Typography>
          ))}
        </Box>
        <Box component="ol" sx={{ ...weekColumns, listStyle: 'none', p: 0, m: 0 }}>
          {days.map(({ day, closures }) => (
            <Box
              key={day}
              component="li"
              aria-label={dayText(day, today)}
              sx={{
                minHeight: 96,
                p: 0.75,
                borderTop: 1,
                borderColor: 'divider',
                '&:not(:nth-of-type(7n+1))': { borderLeft: 1, borderLeftColor: 'divider' },
              }}
            >
              <DayNumber day={day} today={today} />
              <Stack spacing={0.5} sx={{ mt: 0.5 }}>
                {closures.map((item) => (
                  <ClosureOnDay key={item.closure.id} {...item} />
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
      </Box>
      {none && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('kort.closures.none_ahead')}
        </Typography>
      )}
    </>
  );
}

/** The day of the month, the month's name on its first day; today in a green circle. */
function DayNumber({ day, today }: { day: string; today: string }) {
  const date = Number(day.slice(8));
  const label = date === 1 ? dayText(day, today).split(', ')[1] : String(date);
  return (
    <Typography
      variant="caption"
      component="div"
      sx={
        day === today
          ? {
              display: 'inline-block',
              px: 0.75,
              borderRadius: 3,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 600,
            }
          : { fontWeight: 500, color: day < today ? 'text.secondary' : 'text.primary' }
      }
    >
      {label}
    </Typography>
  );
}
