import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingStatus } from '../resources/types';

const color: Record<BookingStatus, 'primary' | 'success' | 'default' | 'error'> = {
  booked: 'primary',
  started: 'success',
  ended: 'default',
  cancelled: 'error',
};

export function BookingStatusChip({ status }: { status: BookingStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={color[status]}
      variant={status === 'booked' ? 'outlined' : 'filled'}
      label={translate(`kort.bookings.status_${status}`)}
    />
  );
}
