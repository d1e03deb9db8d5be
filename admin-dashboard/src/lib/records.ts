import type {
  AdminAction,
  AdminBooking,
  AdminClosure,
  AdminCommand,
  AdminCourt,
  AdminPayment,
  AdminPrice,
  AdminSeries,
  AdminSetting,
  AdminShelf,
  AdminUser,
  SeriesOccurrence,
} from '@kort/contracts';

/** The records of /api/admin/<resource> (docs/admin-api.md; their schemas live in @kort/contracts). */
export type UserRecord = AdminUser & {
  /** What the player paid and got back at this site, roubles ("3000.00"); absent from an API before payments. */
  paid?: string;
  refunded?: string;
};
export type PriceRecord = AdminPrice;
/**
 * A payment as the dashboard reads it: the contract's, with the fields a newer API adds (the player's
 * e-mail, what may still be refunded, each refund's cause) read when they are there.
 */
export type PaymentRecord = AdminPayment & Partial<{ email: string; refundable: string }>;
export type RefundRecord = PaymentRecord['refunds'][number] & { cause?: string };
/** A receipt's state: a fiscal one, 'off' (receipts switched off), or 'not_yet' (the settlement's, before the game). */
export type ReceiptStatus = PaymentRecord['receipts'][number]['status'] | 'not_yet';
export type BookingRecord = AdminBooking;
export type BookingStatus = AdminBooking['status'];
export type ShelfRecord = AdminShelf;
export type ShelfStatus = AdminShelf['status'];
export type CommandRecord = AdminCommand;
export type CommandStatus = AdminCommand['status'];
export type SettingRecord = AdminSetting;
export type AdminActionRecord = AdminAction;
export type CourtRecord = AdminCourt;
export type ClosureRecord = AdminClosure;
export type SeriesRecord = AdminSeries;
export type Occurrence = SeriesOccurrence;
