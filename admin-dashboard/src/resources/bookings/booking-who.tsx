import { Box } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { formatPhone } from '../../lib/phone';
import type { BookingRecord } from '../../lib/records';

type Who = Pick<BookingRecord, 'user_id' | 'user_name' | 'guest_name' | 'guest_phone'>;

/** «Гость: Анна, +7 (916) 123-45-67» for a guest's game; the player's name for a player's. */
export function useWhoText(): (booking: Who) => string {
  const translate = useTranslate();
  return (booking) =>
    booking.user_id === null
      ? translate('kort.bookings.guest', {
          name: booking.guest_name ?? booking.user_name,
          phone: formatPhone(booking.guest_phone),
        })
      : booking.user_name;
}

/** Who plays as plain text (the week view): a guest's phone kept on one line, the desk reads it to dial it. */
export function WhoText({ booking }: { booking: Who }) {
  const whoText = useWhoText();
  const text = whoText(booking);
  const phone = formatPhone(booking.guest_phone);
  const at = booking.user_id === null ? text.lastIndexOf(phone) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {phone}
      </Box>
      {text.slice(at + phone.length)}
    </>
  );
}

/**
 * Who plays, in the day view: the player's name links to their page; a guest has no page, so the
 * guest's name and phone are plain text (the desk calls the number if the guest is late).
 */
export function BookingWho({ booking }: { booking: Who }) {
  if (booking.user_id === null) {
    return (
      <Box component="span" className="booking-guest" sx={{ fontWeight: 500 }}>
        <WhoText booking={booking} />
      </Box>
    );
  }
  return (
    <LinkBase to={`/users/${booking.user_id}/show`} style={{ color: 'inherit', fontWeight: 500 }}>
      {booking.user_name}
    </LinkBase>
  );
}
