import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useServerNow } from '../lib/club-time';
import type { BookingRecord, BookingStatus } from '../lib/records';

const color: Record<BookingStatus, 'primary' | 'success' | 'default' | 'error' | 'warning'> = {
  booked: 'primary',
  held: 'warning',
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
      variant={status === 'booked' || status === 'held' ? 'outlined' : 'filled'}
      // The longest state wraps in a phone's narrow court column instead of running into the next.
      sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal' } }}
      label={translate(`kort.bookings.status_${status}`)}
    />
  );
}

/** Minutes a waitlist offer is still held (rounded up), 0 once it has run out. */
export const heldMinutes = (heldUntil: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(heldUntil) - now) / 60_000));

/**
 * A waitlist offer's time left, «ждёт подтверждения ещё 12 мин», read again every 15 s; «предложение
 * истекает» once it has run out and the sweep has not released it yet.
 */
export function HeldLeft({ heldUntil, short = false }: { heldUntil: string; short?: boolean }) {
  const translate = useTranslate();
  const minutes = heldMinutes(heldUntil, useServerNow(15_000));
  if (minutes === 0) return <>{translate('kort.bookings.held_ending')}</>;
  return <>{translate(short ? 'kort.bookings.held_short' : 'kort.bookings.held_left', { minutes })}</>;
}
