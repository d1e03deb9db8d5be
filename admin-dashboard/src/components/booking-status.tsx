import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingRecord, BookingStatus } from '../resources/types';

const color: Record<BookingStatus, 'primary' | 'success' | 'default' | 'error'> = {
  booked: 'primary',
  started: 'success',
  ended: 'default',
  cancelled: 'error',
};

/**
 * A game's state. A game released because nobody came (a no-show) is cancelled for the schedule,
 * but the club reads it as «Неявка», not as a cancellation someone asked for.
 */
export function BookingStatusChip({ booking }: { booking: Pick<BookingRecord, 'status' | 'no_show_at'> }) {
  const translate = useTranslate();
  if (booking.no_show_at) {
    return <Chip size="small" color="warning" label={translate('kort.bookings.status_no_show')} />;
  }
  const { status } = booking;
  return (
    <Chip
      size="small"
      color={color[status]}
      variant={status === 'booked' ? 'outlined' : 'filled'}
      label={translate(`kort.bookings.status_${status}`)}
    />
  );
}
