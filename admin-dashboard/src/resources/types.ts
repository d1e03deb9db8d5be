import type {
  AdminAction,
  AdminBooking,
  AdminClosure,
  AdminCommand,
  AdminCourt,
  AdminPrice,
  AdminSeries,
  AdminSetting,
  AdminShelf,
  AdminUser,
  SeriesOccurrence,
} from '@kort/contracts';

/** The records of /api/admin/<resource> (docs/admin-api.md; their schemas live in @kort/contracts). */
export type UserRecord = AdminUser;
export type PriceRecord = AdminPrice;
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
