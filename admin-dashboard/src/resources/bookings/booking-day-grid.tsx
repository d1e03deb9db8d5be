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
import { Fragment } from 'react';
import { LinkBase, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { BookingStatusChip } from '../../components/booking-status';
import { CancelBookingButton } from '../../components/cancel-booking-button';
import { clubMoment } from '../../lib/club-time';
import type { BookingRecord } from '../types';
import { HOURS_FIRST, HOURS_LAST } from './hours';

/** The club's two courts (spec section 3). */
export const COURTS = [1, 2] as const;

const hours = Array.from({ length: HOURS_LAST - HOURS_FIRST + 1 }, (_, index) => HOURS_FIRST + index);

/**
 * One day of both courts: a row per hour 6–23, a column per court, each game with its player, and
 * the hour's waitlist (issue 21): how many players wait for a court to be freed at that hour. On a
 * phone a fourth column has no room: the line is said under the hour's games instead.
 */
export function BookingDayGrid({ zone }: { zone: string }) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data } = useListContext<BookingRecord>();
  const byCell = new Map<string, BookingRecord[]>();
  // Every game of an hour carries the same count (the line is for the hour, not a court).
  const waitingAt = new Map<number, number>();
  for (const booking of data ?? []) {
    const { hour } = clubMoment(booking.starts_at, zone);
    const key = `${hour}/${booking.court_id}`;
    byCell.set(key, [...(byCell.get(key) ?? []), booking]);
    waitingAt.set(hour, Math.max(waitingAt.get(hour) ?? 0, booking.waiting));
  }
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { xs: 56, sm: 80 } }}>{translate('kort.bookings.hour')}</TableCell>
          {COURTS.map((court) => (
            <TableCell key={court}>{translate('kort.bookings.court', { number: court })}</TableCell>
          ))}
          {!narrow && <TableCell sx={{ width: 136 }}>{translate('kort.bookings.waitlist')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {hours.map((hour) => {
          const waiting = waitingAt.get(hour) ?? 0;
          const lineBelow = narrow && waiting > 0;
          return (
            <Fragment key={hour}>
              <TableRow hover sx={lineBelow ? { '& > td': { borderBottom: 'none' } } : undefined}>
                <TableCell component="th" scope="row" rowSpan={lineBelow ? 2 : 1}>
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {`${String(hour).padStart(2, '0')}:00`}
                  </Typography>
                </TableCell>
                {COURTS.map((court) => (
                  <TableCell key={court} sx={{ verticalAlign: 'top' }}>
                    <Stack spacing={1}>
                      {(byCell.get(`${hour}/${court}`) ?? []).map((booking) => (
                        <BookingCell key={booking.id} booking={booking} />
                      ))}
                    </Stack>
                  </TableCell>
                ))}
                {!narrow && (
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Waiting count={waiting} />
                  </TableCell>
                )}
              </TableRow>
              {lineBelow && (
                <TableRow>
                  <TableCell colSpan={COURTS.length} sx={{ pt: 0 }}>
                    <Waiting count={waiting} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

function BookingCell({ booking }: { booking: BookingRecord }) {
  return (
    <RecordContextProvider value={booking}>
      <Box sx={{ opacity: booking.status === 'cancelled' && !booking.no_show_at ? 0.6 : 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <LinkBase to={`/users/${booking.user_id}/show`} style={{ color: 'inherit', fontWeight: 500 }}>
            {booking.user_name}
          </LinkBase>
          <BookingStatusChip booking={booking} />
        </Stack>
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
