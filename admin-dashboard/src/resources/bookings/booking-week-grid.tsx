import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { HeldLeft } from '../../components/booking-status';
import { shiftDay } from '../../lib/club-days';
import { dayText, hourText } from '../../lib/club-format';
import { clubMoment } from '../../lib/club-time';
import type { ClubHours } from '../../lib/use-club-hours';
import type { BookingRecord, CourtRecord } from '../../lib/records';
import { WhoText } from './booking-who';
import { dayHours, weekStart } from './day-shape';

interface BookingWeekGridProps {
  zone: string;
  /** Any day of the week shown. */
  day: string;
  today: string;
  courts: readonly CourtRecord[];
  hours: ClubHours;
  /** Opens a day in the day view (where a free hour is booked). */
  openDay: (day: string) => void;
}

/**
 * A week of the club, Monday to Sunday: a row per hour, a column per day, each live game as its
 * court and player (a waitlist offer said as one, with the time it is still held). A day's heading opens that day, where an empty court-hour is booked.
 */
export function BookingWeekGrid({ zone, day, today, courts, hours, openDay }: BookingWeekGridProps) {
  const translate = useTranslate();
  const monday = weekStart(day);
  const days = Array.from({ length: 7 }, (_, index) => shiftDay(monday, index));
  const { data, isPending } = useGetList<BookingRecord>('bookings', {
    filter: { week: monday },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'starts_at', order: 'ASC' },
  });
  if (isPending) return <Loading />;
  const games = (data ?? []).filter((game) => game.status !== 'cancelled');
  const courtName = new Map(courts.map((court) => [court.id, court.name]));
  const byCell = new Map<string, BookingRecord[]>();
  for (const game of games) {
    const { date, hour } = clubMoment(game.starts_at, zone);
    byCell.set(`${date}/${hour}`, [...(byCell.get(`${date}/${hour}`) ?? []), game]);
  }
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('kort.week.of_courts')}>
      <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 56 + 7 * 120 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56 }}>{translate('kort.bookings.hour')}</TableCell>
            {days.map((date) => (
              <TableCell key={date} sx={{ px: 0.5 }}>
                <Button
                  size="small"
                  onClick={() => openDay(date)}
                  title={translate('kort.week.open_day', { day: dayText(date, today) })}
                  variant={date === today ? 'contained' : 'text'}
                  sx={{ minWidth: 0, lineHeight: 1.3 }}
                >
                  {dayText(date, today)}
                </Button>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {dayHours(hours, games, zone).map((hour) => (
            <TableRow key={hour} hover>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {hourText(hour)}
                </Typography>
              </TableCell>
              {days.map((date) => (
                <TableCell key={date} sx={{ verticalAlign: 'top', px: 0.5 }}>
                  <Stack spacing={0.5}>
                    {(byCell.get(`${date}/${hour}`) ?? []).map((game) => (
                      <Typography key={game.id} variant="caption" sx={{ lineHeight: 1.3 }}>
                        <strong>{courtName.get(game.court_id) ?? game.court_id}</strong> · <WhoText booking={game} />
                        {/* A waitlist offer, not a game yet: said so, with the time it is still held. */}
                        {game.status === 'held' && game.held_until && (
                          <Box component="span" sx={{ display: 'block', color: 'warning.dark', fontStyle: 'italic' }}>
                            <HeldLeft heldUntil={game.held_until} short />
                          </Box>
                        )}
                      </Typography>
                    ))}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
