import type { NoticeKind } from '@kort/contracts';

/**
 * What the club tells a player, as data: each channel renders it its own way (a letter, a Telegram
 * message, a push) when it is sent. Instants are ISO strings (a notice travels in a BullMQ job).
 * No notice carries a door code or an offline PIN: a chat or a lock screen can be read over a
 * shoulder, and the door display is where codes are shown.
 */
export type Notice =
  | { type: 'reminder'; bookingId: number; startsAt: string; courtId: number }
  | { type: 'waitlist-offer'; entryId: number; startsAt: string; courtId: number; holdUntil: string }
  | { type: 'waitlist-skipped'; entryId: number; startsAt: string; courtId: number; reason: string }
  | { type: 'waitlist-closed'; entryId: number; startsAt: string; reason: string }
  | { type: 'club-cancelled'; bookingId: number; startsAt: string; courtId: number; reason: string | null }
  | { type: 'no-show'; bookingId: number; startsAt: string; afterMin: number }
  | {
      type: 'payment';
      /** released: unpaid at the hold's end; refunded: money sent back; late-booked: paid late, booked again. */
      event: 'released' | 'refunded' | 'late-booked';
      bookingId: number;
      /** A refund's own id: each refund is told once. */
      refundId?: number;
      startsAt: string;
      courtId: number;
      /** "1500.00" (refunds). */
      amount: string | null;
    };

export type NoticeType = Notice['type'];

/** The /account row each notice is chosen by. */
export const KIND_OF: Record<NoticeType, NoticeKind> = {
  reminder: 'reminders',
  'waitlist-offer': 'waitlist',
  'waitlist-skipped': 'waitlist',
  'waitlist-closed': 'club',
  'club-cancelled': 'club',
  'no-show': 'no_shows',
  payment: 'club',
};

/**
 * The event a notice is about: a notice of the same event goes to a player at most once per
 * channel, whichever replica or retry asks for it (notification_deliveries' key).
 */
export function eventOf(notice: Notice): string {
  switch (notice.type) {
    case 'reminder':
    case 'club-cancelled':
    case 'no-show':
      return `${notice.type}:${notice.bookingId}`;
    case 'waitlist-offer':
    case 'waitlist-skipped':
    case 'waitlist-closed':
      return `${notice.type}:${notice.entryId}`;
    case 'payment':
      return `payment-${notice.event}:${notice.refundId ?? notice.bookingId}`;
  }
}

/** A notice that only makes sense until a moment: an offer after its hold is not sent at all. */
export function validUntil(notice: Notice): Date | null {
  if (notice.type === 'waitlist-offer') return new Date(notice.holdUntil);
  if (notice.type === 'reminder') return new Date(notice.startsAt);
  return null;
}
