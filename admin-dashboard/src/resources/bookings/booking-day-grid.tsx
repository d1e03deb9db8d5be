import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { CLUB_SETTING_DEFAULTS } from '@kort/contracts';
import { Fragment } from 'react';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { BookingStatusChip, HeldLeft } from '../../components/booking-status';
import { CancelBookingButton } from '../../components/cancel-booking-button';
import { ClosedMark } from '../../components/closed-mark';
import { clubHourInstant } from '../../lib/club-days';
import { hourText } from '../../lib/club-format';
import { clubMoment, serverNow } from '../../lib/club-time';
import type { ClubHours } from '../../lib/use-club-hours';
import type { BookingRecord, ClosureRecord, CourtRecord } from '../../lib/records';
import { BookingWho } from './booking-who';
import { closureAt, dayCourts, dayHours } from './day-shape';
import { FreeSlotButton } from './walk-in/free-slot-button';

const SPEC_HOURS: ClubHours = {
  opening: CLUB_SETTING_DEFAULTS.opening_hour,
  closing: CLUB_SETTING_DEFAULTS.closing_hour,
};

interface BookingDayGridProps {
  zone: string;
  /** The day shown ('YYYY-MM-DD', the club's): where the closures' hours fall. */
  day: string;
  /** Every court of the club in its order (the `courts` resource). */
  courts: readonly CourtRecord[];
  /** The closures overlapping the day (the `closures` resource, filter `day`). */
  closures: readonly ClosureRecord[];
  hours?: ClubHours;
}

/**
 * One day of the club: a row per hour of its opening hours, a column per court taking bookings
 * (in the club's order), each game with its player, the hours a closure takes marked «Закрыто:
 * причина», and the hour's waitlist: how many players wait for a court to be freed at that hour. On
 * a phone the waitlist has no column of its own: the line is said under the hour's games instead.
 */
export function BookingDayGrid({ zone, day, courts, closures, hours = SPEC_HOURS }: BookingDayGridProps) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data } = useListContext<BookingRecord>();
  const games = data ?? [];
  const columns = dayCourts(courts, games);
  const byCell = new Map<string, BookingRecord[]>();
  // Every game of an hour carries the same count (the line is for the hour, not a court).
  const waitingAt = new Map<number, number>();
  for (const booking of games) {
    const { hour } = clubMoment(booking.starts_at, zone);
    const key = `${hour}/${booking.court_id}`;
    byCell.set(key, [...(byCell.get(key) ?? []), booking]);
    waitingAt.set(hour, Math.max(waitingAt.get(hour) ?? 0, booking.waiting));
  }
  return (
    // On a phone the courts scroll sideways: the region takes the keyboard's focus to scroll too.
    <Box
      sx={{ overflowX: 'auto' }}
      {...(narrow && { tabIndex: 0, role: 'region', 'aria-label': translate('kort.bookings.day_of_courts') })}
    >
      <Table
        size="small"
        sx={{
          tableLayout: 'fixed',
          // On a phone each court keeps room for a game's state; more courts scroll sideways.
          ...(narrow && {
            minWidth: 56 + columns.length * 136,
            '& th, & td': { px: 1 },
            // The hours stay in sight while the courts scroll.
            '& th:first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
          }),
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { xs: 56, sm: 80 } }}>{translate('kort.bookings.hour')}</TableCell>
            {columns.map((court) => (
              <TableCell key={court.id}>
                {court.active ? court.name : translate('kort.bookings.court_inactive', { name: court.name })}
              </TableCell>
            ))}
            {!narrow && <TableCell sx={{ width: 136 }}>{translate('kort.bookings.waitlist')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {dayHours(hours, games, zone).map((hour) => {
            const waiting = waitingAt.get(hour) ?? 0;
            const lineBelow = narrow && waiting > 0;
            return (
              <Fragment key={hour}>
                <TableRow hover sx={lineBelow ? { '& > td': { borderBottom: 'none' } } : undefined}>
                  <TableCell component="th" scope="row" rowSpan={lineBelow ? 2 : 1}>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {hourText(hour)}
                    </Typography>
                  </TableCell>
                  {columns.map((court) => (
                    <CourtHour
                      key={court.id}
                      games={byCell.get(`${hour}/${court.id}`) ?? []}
                      closure={closureAt(closures, court.id, day, hour, zone)}
                      free={{ court, day, hour, zone }}
                    />
                  ))}
                  {!narrow && (
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Waiting count={waiting} />
                    </TableCell>
                  )}
                </TableRow>
                {lineBelow && (
                  <TableRow>
                    <TableCell colSpan={columns.length} sx={{ pt: 0 }}>
                      <Waiting count={waiting} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * One court at one hour: «Закрыто: причина» when a closure holds it, and its games (a cancelled one
 * too); «Записать» when nothing holds it, the court takes bookings and the hour is still ahead.
 */
function CourtHour({
  games,
  closure,
  free,
}: {
  games: BookingRecord[];
  closure: ClosureRecord | undefined;
  free: { court: CourtRecord; day: string; hour: number; zone: string };
}) {
  const translate = useTranslate();
  const bookable =
    !closure &&
    free.court.active &&
    games.every((game) => game.status === 'cancelled') &&
    Date.parse(clubHourInstant(free.day, free.hour, free.zone)) > serverNow();
  return (
    <TableCell sx={{ verticalAlign: 'top' }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {closure && <ClosedMark>{translate('kort.bookings.closed', { reason: closure.reason })}</ClosedMark>}
        {games.map((booking) => (
          <BookingCell key={booking.id} booking={booking} />
        ))}
        {bookable && <FreeSlotButton {...free} />}
      </Stack>
    </TableCell>
  );
}

const CANCELLED = { color: 'text.secondary', '& a, & .booking-guest': { textDecoration: 'line-through' } } as const;

function BookingCell({ booking }: { booking: BookingRecord }) {
  return (
    <RecordContextProvider value={booking}>
      {/* A game its player cancelled recedes by colour and a stroke, not by fading: faded text
          would fall below the contrast a reader needs. */}
      <Box sx={booking.status === 'cancelled' && !booking.no_show_at ? CANCELLED : undefined}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <BookingWho booking={booking} />
          <BookingStatusChip booking={booking} />
        </Stack>
        {/* A waitlist offer is not the player's game yet: how long it is held, and nothing to cancel. */}
        {booking.status === 'held' && booking.held_until && (
          <Typography variant="body2" color="text.secondary">
            <HeldLeft heldUntil={booking.held_until} />
          </Typography>
        )}
        <CancelBookingButton booking={booking} />
      </Box>
    </RecordContextProvider>
  );
}

/** «В очереди: N» for an hour players wait for; nothing when nobody does. */
function Waiting({ count }: { count: number }) {
  const translate = useTranslate();
  if (count === 0) return null;
  return <Chip size="small" color="info" variant="outlined" label={translate('kort.bookings.waiting', { count })} />;
}
