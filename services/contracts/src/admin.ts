import { z } from 'zod';
import { limits } from './account-rules';
import { ROLES } from './accounts';
import { messages } from './messages';
import type { TextRule } from './visible-text';
import { visibleText } from './visible-text-schema';

// The admin dashboard's data (docs/admin-api.md): records of `/api/admin/<resource>` in ra-data-simple-rest's
// convention, and the spec's admin calls' answers. Instants are ISO (UTC); local days and hours the site's.

/** At most this many rows per list request (`range` is inclusive: [0, 999] is the largest). */
export const ADMIN_MAX_RANGE = 1000;

export const ADMIN_RESOURCES = [
  'users',
  'bookings',
  'shelves',
  'devices',
  'commands',
  'settings',
  'actions',
  'courts',
  'closures',
  'series',
  'sites',
  'prices',
  'payments',
  'alerts',
  'agent-releases',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

const instant = z.string();

/**
 * An account's state, one word for the list, its filter and the chip: `active` (confirmed, not
 * deleted), `unconfirmed` (the e-mail code was never entered), `blocked` (by an admin), `self_deleted`
 * (restorable for 10 days), `purged` (its data erased). The home counter "Игроков" counts the
 * `active` accounts whose role is 'player'.
 */
export const USER_STATUSES = ['active', 'unconfirmed', 'blocked', 'self_deleted', 'purged'] as const;
export type AdminUserStatus = (typeof USER_STATUSES)[number];

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  /** The sites an `admin` runs (an owner runs every site: empty). */
  site_ids: z.array(z.string()).optional(),
  is_sport_school: z.boolean(),
  confirmed_at: instant.nullable(),
  /** Blocked by an admin (`delete_user`): kept, restorable, never purged. */
  blocked: z.boolean(),
  deleted_at: instant.nullable(),
  deletion_kind: z.enum(['self', 'admin']).nullable(),
  /** Personal data erased 10 days after a self-deletion: such an account cannot be restored. */
  purged: z.boolean(),
  rules_accepted_at: instant.nullable(),
  created_at: instant,
  status: z.enum(USER_STATUSES),
  /**
   * An active player whose new bookings are paused for no-shows: until when (the list and the
   * record carry it; null when not paused). Such a player is not shown as plainly active.
   */
  paused_until: instant.nullable().optional(),
  /** What the player paid at the chosen site and got back ("1500.00"; payments/). */
  paid: z.string().optional(),
  refunded: z.string().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const BOOKING_STATUSES = ['booked', 'held', 'cancelled', 'started', 'ended'] as const;
export type AdminBookingStatus = (typeof BOOKING_STATUSES)[number];

export const adminBookingSchema = z.object({
  id: z.number().int(),
  /** The player's account; null for a guest's game (`guest_name`, `guest_phone`). */
  user_id: z.number().int().nullable(),
  /** Who plays: the player's name, or the guest's (screens that list games name either). */
  user_name: z.string(),
  /** The player's e-mail; null for a guest. */
  user_email: z.string().nullable(),
  /** A guest without an account booked at the desk: their name and phone (+7 and ten digits); else null. */
  guest_name: z.string().nullable(),
  guest_phone: z.string().nullable(),
  court_id: z.number().int(),
  starts_at: instant,
  ends_at: instant,
  cancelled_at: instant.nullable(),
  started_at: instant.nullable(),
  ended_at: instant.nullable(),
  /**
   * `cancelled`; `ended` (ended by the player, or its hour is over); `started` (the door was opened
   * for it, its hour not over); `held` (a court freed from the line, offered to its player and held
   * until `held_until` while they confirm: not their game yet); `booked` (not started yet).
   */
  status: z.enum(BOOKING_STATUSES),
  /** A waitlist offer not confirmed yet: until when the court is held for its player; else null. */
  held_until: instant.nullable(),
  /** When the club released the game as a no-show, or null. */
  no_show_at: instant.nullable(),
  /** Players waiting in line for this game's hour: the day view's waitlist column. */
  waiting: z.number().int(),
  /** The school's term (`series`) the game belongs to, or null. */
  series_id: z.number().int().nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

const recordId = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** Why a game is booked past the club's limits: the action log shows it (visible-text.ts). */
export const overrideReasonRule: TextRule = {
  kind: 'line',
  max: 200,
  required: messages.adminOverrideReason,
  unsafe: messages.adminOverrideReasonUnsafe,
  tooLong: messages.adminOverrideReason,
};

/** A guest's name at the desk: one line a person can read, as a player's name (account-rules.ts). */
export const guestNameRule: TextRule = {
  kind: 'line',
  max: limits.nameMaxLength,
  required: messages.guestNameRequired,
  unsafe: messages.guestNameUnsafe,
  tooLong: messages.guestNameTooLong,
};

/** A guest without an account: a name and a phone (+7 and ten digits, the mask's digits) to reach them. */
export const walkInGuest = z.object(
  {
    name: visibleText(guestNameRule),
    phone: z
      .string({ error: messages.guestPhoneRequired })
      .min(1, { error: messages.guestPhoneRequired })
      .regex(/^\+7\d{10}$/, { error: messages.phoneInvalid }),
  },
  { error: messages.adminBookingWho },
);
export type WalkInGuest = z.input<typeof walkInGuest>;

/**
 * POST /api/admin/bookings: the club books a court and hour for a player (a walk-in, a caller), or
 * for a guest without an account (`guest` instead of `user_id`: exactly one of the two). The club's
 * quotas apply to a player unless `override` gives the reason to go past them (logged); a guest has
 * none. The slot's own rules (hours, not in the past, free, no closure, the court active) always hold.
 */
export const adminBookingCreate = z
  .object({
    user_id: recordId(messages.userNotFound).optional(),
    guest: walkInGuest.optional(),
    court_id: recordId(messages.courtNotFound),
    time_start: z
      .string({ error: messages.timeStartInvalid })
      .pipe(z.iso.datetime({ offset: true, error: messages.timeStartInvalid })),
    override: z.object({ reason: visibleText(overrideReasonRule) }).optional(),
  })
  .refine((body) => (body.user_id === undefined) !== (body.guest === undefined), {
    error: messages.adminBookingWho,
  });
export type AdminBookingCreate = z.input<typeof adminBookingCreate>;

export const adminShelfSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['shelf', 'equipment']),
  status: z.enum(['free', 'occupied', 'blocked', 'on_loan']),
  is_blocked: z.boolean(),
  /** The renter of a shelf (1-9) or the player holding the equipment (10-11). */
  renter_id: z.number().int().nullable(),
  renter_name: z.string().nullable(),
  rented_since: instant.nullable(),
  /** A rental ended without the player (account deleted or blocked): something may be left inside. */
  needs_clearing: z.boolean(),
  /** The lock relay as the agent last reported it (true: released, open). */
  relay_on: z.boolean(),
});
export type AdminShelf = z.infer<typeof adminShelfSchema>;

export const adminDeviceSchema = z.object({
  /** A relay ('door', 'light', 'shelf-1' … 'shelf-11') or 'door-sensor'. */
  id: z.string(),
  kind: z.enum(['relay', 'sensor']),
  /** Russian label for the dashboard. */
  name: z.string(),
  /** Relay: on (door unlocked, light on, shelf released). Sensor: the door is open; null without a sensor. */
  on: z.boolean().nullable(),
  /** The site's agent is connected. */
  online: z.boolean(),
  /** The agent's last report (any device of the site). */
  last_seen: instant.nullable(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

export const COMMAND_STATUSES = ['queued', 'delivered', 'done', 'failed', 'expired'] as const;

export const adminCommandSchema = z.object({
  id: z.string(),
  action: z.string(),
  device: z.string().nullable(),
  requested_by: z.number().int().nullable(),
  requested_by_name: z.string().nullable(),
  requested_at: instant,
  deadline: instant,
  status: z.enum(COMMAND_STATUSES),
  error: z.string().nullable(),
  finished_at: instant.nullable(),
  /** 'api': a command the API sent; 'agent': a decision the agent took or reported (offline.ts). */
  origin: z.enum(['api', 'agent']),
  /** Taken by the agent while it could not reach the API ("вход без связи" for door.entry). */
  offline: z.boolean(),
  /** The game it concerns, when there is one. */
  booking_id: z.number().int().nullable(),
  /**
   * How many times the API sent it to the agent: more than 1, a delivery lost on the way was sent
   * again with the same id (the agent runs an id once). Null: the agent's own row.
   */
  deliveries: z.number().int().nullable(),
  /**
   * A door opening for a game: the door sensor's verdict on it, folded into the opening's row (one
   * row per opening, decision 0095). Null without a sensor, before the agent reported, or another action.
   */
  door_outcome: z.enum(['door.opened', 'door.not-opened']).nullable(),
});
export type AdminCommand = z.infer<typeof adminCommandSchema>;

/**
 * The admin actions that move no device (the `actions` resource, next to `commands` in the log).
 * Only done changes are recorded: a refused one (409, 400, 404) or one that changed nothing is not.
 */
export const ADMIN_ACTIONS = [
  'user.block',
  'user.restore',
  'user.sport_school_on',
  'user.sport_school_off',
  'shelf.block',
  'shelf.unblock',
  'shelf.cleared',
  'booking.cancel',
  'booking.forgive_no_show',
  'booking.no_show_release',
  'setting.update',
  'court.create',
  'court.update',
  'court.deactivate',
  'court.activate',
  'court.delete',
  'closure.create',
  'closure.delete',
  'series.create',
  'series.delete',
  'booking.create',
  /** An owner changed an account's role or the sites an admin runs. */
  'user.role',
  'price.create',
  'price.update',
  'price.delete',
  /** An admin returned money of a payment («Вернуть деньги»). */
  'payment.refund',
  'alert.acknowledge', // an admin took a door or Pi alert on («Принять»)
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_TARGETS = [
  'user',
  'shelf',
  'booking',
  'setting',
  'court',
  'closure',
  'series',
  'price',
  'payment',
  'alert',
] as const;
export type AdminActionTarget = (typeof ADMIN_ACTION_TARGETS)[number];

export const adminActionSchema = z.object({
  id: z.number().int(),
  at: instant,
  /** Null for the club's own decisions (a no-show released), whose admin_name is «Система». */
  admin_id: z.number().int().nullable(),
  admin_name: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target_type: z.enum(ADMIN_ACTION_TARGETS),
  /** The user's or booking's id, the shelf number or the setting's key, as text. */
  target_id: z.string(),
  /**
   * Read-time text for the target: 'Гоша (gosha@example.com)', 'Ящик 3' / 'Ракетки (отсек 10)',
   * 'Корт 1, 22.11.2026 18:00' (the club's local time), the setting's key.
   */
  target_label: z.string(),
  /** A short Russian note (games cancelled by a block, the setting's key), or null. */
  detail: z.string().nullable(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

/**
 * PUT bodies. react-admin sends the whole record back: read-only fields are ignored, and a field
 * equal to the current value changes nothing.
 */
export const adminUserUpdate = z.object({
  blocked: z.boolean({ error: messages.adminFieldBoolean }).optional(),
  is_sport_school: z.boolean({ error: messages.adminFieldBoolean }).optional(),
  /** Owners only (unless unchanged): 'player', 'admin' (runs `site_ids`) or 'owner' (runs every site). */
  role: z.enum(ROLES, { error: messages.adminRoleInvalid }).optional(),
  /** Owners only (unless unchanged): the sites an `admin` runs; ignored for other roles. */
  site_ids: z
    .array(z.string({ error: messages.adminSiteIdsInvalid }).max(64, { error: messages.adminSiteIdsInvalid }), {
      error: messages.adminSiteIdsInvalid,
    })
    .max(1000, { error: messages.adminSiteIdsInvalid })
    .optional(),
});
export const adminShelfUpdate = z.object({
  is_blocked: z.boolean({ error: messages.adminFieldBoolean }).optional(),
  needs_clearing: z.boolean({ error: messages.adminFieldBoolean }).optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdate>;
export type AdminShelfUpdate = z.input<typeof adminShelfUpdate>;

// The spec's admin calls (docs/admin-api.md lists them).

const userIdParam = z.coerce
  .number({ error: messages.userIdRequired })
  .int({ error: messages.userIdRequired })
  .positive({ error: messages.userIdRequired })
  .max(2_147_483_647, { error: messages.userIdRequired });

/** `?id=` of give_user, restore_user and delete_user. */
export const userIdQuery = z.object({ id: userIdParam });
/** `?email=` of user_search: compared case-insensitively with the whole address. */
export const userSearchQuery = z.object({
  email: z
    .string({ error: messages.searchEmailRequired })
    .trim()
    .min(1, { error: messages.searchEmailRequired })
    .max(254, { error: messages.userNotFound }),
});

/** One entry of GET /api/get_current_players/ (an empty list: the app shows "Никто не играет"). */
export const currentPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string(),
});
export type CurrentPlayer = z.infer<typeof currentPlayerSchema>;

/** GET /api/give_user/?id: the user, their games still ahead or on now, their shelf and door openings. */
export const givenUserSchema = z.object({
  user: adminUserSchema,
  /** Not cancelled, not ended, hour not over; soonest first. */
  games: z.array(adminBookingSchema),
  /** The live shelf rental, or null. */
  shelf: z.object({ shelf_id: z.number().int(), rental_id: z.number().int(), since: instant }).nullable(),
  /** The last 20 door openings the player asked for with a code (`door.open` commands), newest first. */
  door_openings: z.array(z.object({ command_id: z.string(), requested_at: instant, status: z.enum(COMMAND_STATUSES) })),
});
export type GivenUser = z.infer<typeof givenUserSchema>;

/**
 * GET /api/admin/users/:id/block-effects: what blocking the player would do now, read with the
 * block's own rules so the dashboard's confirmation tells the truth.
 */
export const blockEffectsSchema = z.object({
  /** Games not cancelled whose hour has not begun: the block cancels them (soonest first). */
  cancelled_games: z.array(adminBookingSchema),
  /** Games whose hour has begun and is not over: kept, but the door no longer opens for them. */
  games_on_now: z.array(adminBookingSchema),
  /** The shelf rental the block ends (the shelf is then marked for clearing), or null. */
  shelf: z.object({ shelf_id: z.number().int(), since: instant }).nullable(),
  /**
   * The block is the account's: it also cancels (and stops the door for) games at sites the admin
   * does not run. Those are counted, never shown (another club's games are not this admin's to read).
   */
  other_sites: z.object({ cancelled_games: z.number().int(), games_on_now: z.number().int() }),
});
export type BlockEffects = z.infer<typeof blockEffectsSchema>;

/**
 * GET /api/admin/users/:id/no-shows: the player's no-shows, newest first, and the pause
 * they bring now. POST …/no-shows/:bookingId/forgive takes one back (it no longer counts).
 */
export const playerNoShowsSchema = z.object({
  no_shows: z.array(
    z.object({
      booking_id: z.number().int(),
      court_id: z.number().int(),
      starts_at: instant,
      forgiven: z.boolean(),
    }),
  ),
  /** New bookings paused until (ISO, the site's offset), or null. */
  paused_until: instant.nullable(),
});
export type PlayerNoShows = z.infer<typeof playerNoShowsSchema>;
