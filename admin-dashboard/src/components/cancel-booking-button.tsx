import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { messageOf } from '../providers/http-client';
import type { BookingRecord } from '../lib/records';
import { formatClubDateTime } from '../lib/club-time';
import { useCourts } from '../lib/use-courts';

/**
 * Cancels a player's game on their behalf (DELETE /api/admin/bookings/:id, any time before it
 * starts; the player is e-mailed), after a confirmation. Only a booked game: a waitlist offer
 * (`held`) is not the player's game yet and runs out by itself.
 */
export function CancelBookingButton({ booking: given }: { booking?: BookingRecord }) {
  const translate = useTranslate();
  const fromContext = useRecordContext<BookingRecord>();
  const booking = given ?? fromContext;
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<BookingRecord>();
  const { courtName } = useCourts();
  if (!booking || booking.status !== 'booked') return null;

  const confirm = () =>
    remove(
      'bookings',
      { id: booking.id, previousData: booking },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('kort.bookings.cancelled', { type: 'info' });
          // The game is not gone, it is cancelled: read the lists again to show it so.
          refresh();
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <>
      {/* Its word on every screen: react-admin's own button drops the label to an icon on a phone. */}
      <Button
        size="small"
        color="error"
        startIcon={<EventBusyIcon />}
        onClick={(event) => {
          // Inside a clickable row: the row must not open the player.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('kort.bookings.cancel')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        // A guest has no account: nobody to write to.
        title={booking.user_id === null ? 'kort.bookings.cancel_title_guest' : 'kort.bookings.cancel_title'}
        content={translate('kort.bookings.cancel_content', {
          name: booking.user_name,
          court: courtName(booking.court_id),
          time: formatClubDateTime(booking.starts_at),
        })}
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
