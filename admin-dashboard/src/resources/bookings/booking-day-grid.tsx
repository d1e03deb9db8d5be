import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { BookingStatusChip } from '../../components/booking-status';
import { CancelBookingButton } from '../../components/cancel-booking-button';
import { clubMoment } from '../../lib/club-time';
import type { BookingRecord } from '../types';
import { HOURS_FIRST, HOURS_LAST } from './hours';

/** The club's two courts (spec section 3). */
export const COURTS = [1, 2] as const;

const hours = Array.from({ length: HOURS_LAST - HOURS_FIRST + 1 }, (_, index) => HOURS_FIRST + index);

/** One day of both courts: a row per hour 6–23, a column per court, each game with its player. */
export function BookingDayGrid({ zone }: { zone: string }) {
  const translate = useTranslate();
  const { data } = useListContext<BookingRecord>();
  const byCell = new Map<string, BookingRecord[]>();
  for (const booking of data ?? []) {
    const key = `${clubMoment(booking.starts_at, zone).hour}/${booking.court_id}`;
    byCell.set(key, [...(byCell.get(key) ?? []), booking]);
  }
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { xs: 56, sm: 80 } }}>{translate('kort.bookings.hour')}</TableCell>
          {COURTS.map((court) => (
            <TableCell key={court}>{translate('kort.bookings.court', { number: court })}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {hours.map((hour) => (
          <TableRow key={hour} hover>
            <TableCell component="th" scope="row">
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function BookingCell({ booking }: { booking: BookingRecord }) {
  return (
    <RecordContextProvider value={booking}>
      <Box sx={{ opacity: booking.status === 'cancelled' ? 0.6 : 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <LinkBase to={`/users/${booking.user_id}/show`} style={{ color: 'inherit', fontWeight: 500 }}>
            {booking.user_name}
          </LinkBase>
          <BookingStatusChip status={booking.status} />
        </Stack>
        <CancelBookingButton booking={booking} />
      </Box>
    </RecordContextProvider>
  );
}
