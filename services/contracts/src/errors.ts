/**
 * Every refusal the API gives, one enum per feature (docs/decisions/0007-error-answers.md). An
 * error answer carries `code` beside the spec's `detail` (and its status and text, unchanged): the
 * apps decide on the code, never on the status number or the wording. The API's one table from code
 * to status and Russian text is services/api/src/common/error-answers.ts.
 */

/** Anything the request itself gets wrong, or the server cannot do now. */
export const RequestError = {
  /** A field's value is refused; `detail` names the problem, `errors` the field. */
  Invalid: 'request.invalid',
  BadJson: 'request.bad_json',
  TooLarge: 'request.too_large',
  TooManyRequests: 'request.too_many_requests',
  NotFound: 'request.not_found',
  CsrfFailed: 'request.csrf_failed',
  /** Nothing more precise to say (the spec's "Ошибка"). */
  Failed: 'request.failed',
  /** PostgreSQL or Redis away for a moment: worth retrying. */
  Unavailable: 'request.unavailable',
  ServerError: 'request.server_error',
} as const;

export const AuthError = {
  NotAuthenticated: 'auth.not_authenticated',
  Forbidden: 'auth.forbidden',
  RulesNotAccepted: 'auth.rules_not_accepted',
  EmailUnknown: 'auth.email_unknown',
  CheckEmail: 'auth.check_email',
  WrongPassword: 'auth.wrong_password',
  TooManyLogins: 'auth.too_many_logins',
  AccountInactive: 'auth.account_inactive',
  AccountInactiveCodeLimit: 'auth.account_inactive_code_limit',
  AccountBlocked: 'auth.account_blocked',
  AccountDeleted: 'auth.account_deleted',
  EmailTaken: 'auth.email_taken',
  /** Registration's password1; `detail` is the rule it breaks. */
  PasswordRejected: 'auth.password_rejected',
  PasswordsDoNotMatch: 'auth.passwords_do_not_match',
  CodeInvalid: 'auth.code_invalid',
  CodeTooManyTries: 'auth.code_too_many_tries',
  CodeSendLimit: 'auth.code_send_limit',
  VerifyCodeInvalid: 'auth.verify_code_invalid',
  ResetCodeExpired: 'auth.reset_code_expired',
  /** A new password (reset or change): the spec's 422, 423 and 424. */
  NewPasswordEmpty: 'auth.new_password_empty',
  NewPasswordsDoNotMatch: 'auth.new_passwords_do_not_match',
  NewPasswordWeak: 'auth.new_password_weak',
} as const;

export const BookingError = {
  GameNotFound: 'booking.game_not_found',
  SlotTaken: 'booking.slot_taken',
  QuotaReached: 'booking.quota_reached',
  CourtMismatch: 'booking.court_mismatch',
  UnknownCourt: 'booking.unknown_court',
  PlayersCount: 'booking.players_count',
  NotOnTheHour: 'booking.not_on_the_hour',
  OutsideHours: 'booking.outside_hours',
  InThePast: 'booking.in_the_past',
  /** A date past bookingRules.horizonDays, to book or to look at. */
  BeyondHorizon: 'booking.beyond_horizon',
  /** New bookings paused for no-shows; the detail says until when. */
  PausedForNoShows: 'booking.paused_for_no_shows',
  /** Waitlist: the hour still has a free court (book it), or the player already waits or plays then. */
  WaitlistCourtFree: 'booking.waitlist_court_free',
  WaitlistAlready: 'booking.waitlist_already',
  WaitlistNotFound: 'booking.waitlist_not_found',
  /** The hold of a waitlist offer ran out before the confirmation. */
  HoldExpired: 'booking.hold_expired',
  CancelTooLate: 'booking.cancel_too_late',
  AlreadyCancelled: 'booking.already_cancelled',
  /** The club cancelling a game that is already over. */
  AlreadyOver: 'booking.already_over',
  /** The club cancelling a waitlist offer not confirmed yet: not the player's game, it runs out by itself. */
  HeldOffer: 'booking.held_offer',
  /** The hour is inside a closure of that court or of the whole club; `detail` names its reason. */
  SlotClosed: 'booking.slot_closed',
  /** The court is taken out of booking by the club (`active: false`). */
  CourtInactive: 'booking.court_inactive',
} as const;

export const DoorError = {
  /** Before the door window; `detail` says when the game starts. */
  TooEarly: 'door.too_early',
  GameOver: 'door.game_over',
  WrongCode: 'door.wrong_code',
  GameNotStarted: 'door.game_not_started',
  /** The game waits for its payment: no door until it is paid. */
  NotPaid: 'door.not_paid',
} as const;

/** A door, light or shelf command that the court's agent could not carry out. */
export const DeviceError = {
  /** The agent is offline; a game's owner asking for a door code gets `offline_pin` with it. */
  AgentOffline: 'device.agent_offline',
  Failed: 'device.failed',
  Timeout: 'device.timeout',
} as const;

export const ShelfError = {
  NotFound: 'shelf.not_found',
  Blocked: 'shelf.blocked',
  AlreadyRenting: 'shelf.already_renting',
  Taken: 'shelf.taken',
  NotYours: 'shelf.not_yours',
  RentalNotFound: 'shelf.rental_not_found',
  NoGameToday: 'shelf.no_game_today',
  EquipmentOnLoan: 'shelf.equipment_on_loan',
  StorageOff: 'shelf.storage_off',
} as const;

export const AdminError = {
  UserNotFound: 'admin.user_not_found',
  /** No such no-show of that player to forgive. */
  NoShowNotFound: 'admin.no_show_not_found',
  CannotBlockSelf: 'admin.cannot_block_self',
  /** An owner changing their own role (the install would lose its owner). */
  CannotChangeOwnRole: 'admin.cannot_change_own_role',
  UserSelfDeleted: 'admin.user_self_deleted',
  /** A site's admin blocking, restoring or flagging an admin or an owner: only an owner acts on them. */
  StaffOwnersOnly: 'admin.staff_owners_only',
  /** The sport-school flag lifts the quotas at every site: only an owner sets it. */
  SportSchoolOwnersOnly: 'admin.sport_school_owners_only',
  /** A site's admin lifting a block made by an owner or at a site they do not run. */
  BlockedElsewhere: 'admin.blocked_elsewhere',
  /** An admin made (or left) with no site: they would run the default site by the legacy rule. */
  AdminNeedsSite: 'admin.admin_needs_site',
  UserPurged: 'admin.user_purged',
  DeviceNotFound: 'admin.device_not_found',
  CommandNotFound: 'admin.command_not_found',
  ActionNotFound: 'admin.action_not_found',
  SettingNotFound: 'admin.setting_not_found',
  /** `detail` is the setting's rule. */
  SettingInvalid: 'admin.setting_invalid',
  CourtNotFound: 'admin.court_not_found',
  PriceNotFound: 'admin.price_not_found',
  CourtNameTaken: 'admin.court_name_taken',
  /** A court with games (or closures, or a school's term) in its history is made inactive, never deleted. */
  CourtHasHistory: 'admin.court_has_history',
  ClosureNotFound: 'admin.closure_not_found',
  /** A closure that is over stays in the history. */
  ClosureOver: 'admin.closure_over',
  SeriesNotFound: 'admin.series_not_found',
  /** A term is booked for a sport-school account only. */
  SeriesNotSchool: 'admin.series_not_school',
  /** A closure's or a term's fields do not make one; `detail` says what. */
  ShapeInvalid: 'admin.shape_invalid',
  /** A game booked by the club for a player who cannot play: blocked, deleted or not confirmed. */
  PlayerNotBookable: 'admin.player_not_bookable',
  /** The admin's statistics calls already running and waiting fill their line; `Retry-After` says when to come back. */
  StatsBusy: 'admin.stats_busy',
} as const;

/** Sites: which club a call acts on. */
export const SiteError = {
  /** No site by that id (or one this admin does not run, named by id: the same answer). */
  NotFound: 'site.not_found',
  /** An admin asked for a site they do not run (`?site_id=`). */
  NotYours: 'site.not_yours',
  /** An admin with no site assigned yet. */
  NoneAssigned: 'site.none_assigned',
  /** Owners only: creating and editing sites, issuing agent tokens, assigning admins. */
  OwnersOnly: 'site.owners_only',
  SlugTaken: 'site.slug_taken',
} as const;

/** Notifications: the channels a club may not offer, and Telegram's own refusals. */
export const NotifyError = {
  /** The club has no Telegram bot (TELEGRAM_BOT_TOKEN unset). */
  TelegramOff: 'notify.telegram_off',
  /** The Bot API did not answer (the link needs the bot's name). */
  TelegramUnavailable: 'notify.telegram_unavailable',
  /** A webhook call without Telegram's secret header, or with a wrong one. */
  WebhookRefused: 'notify.webhook_refused',
  /** The club has no web push (VAPID_* unset). */
  PushOff: 'notify.push_off',
  /** A push subscription whose endpoint is not a push service's (http, or an address inside the club's network). */
  PushEndpointRefused: 'notify.push_endpoint_refused',
} as const;

/** Paying for games, and YooKassa's side of it. */
export const PaymentError = {
  /** The game is not the caller's, or is free, or is cancelled. */
  NotDue: 'payment.not_due',
  AlreadyPaid: 'payment.already_paid',
  /** The hold ran out: the game was released. */
  HoldExpired: 'payment.hold_expired',
  /** YooKassa did not answer after the retries: the same call later is the same payment. */
  Unavailable: 'payment.unavailable',
  /** YooKassa refused the request itself (a method off at the shop, a receipt it rejects): another method may do. */
  Refused: 'payment.refused',
  /** The install has no shop and no test double. */
  Off: 'payment.off',
  NotFound: 'payment.not_found',
  /** A notification from an address that is not YooKassa's. */
  NotifyRefused: 'payment.notify_refused',
  RefundTooMuch: 'payment.refund_too_much',
  RefundNotPaid: 'payment.refund_not_paid',
} as const;

/** Agent releases and alerts (fleet.ts). */
export const FleetError = {
  /** An upload that is not a bundle (no manifest, not gzip-tar, a file outside its folder). */
  BundleInvalid: 'fleet.bundle_invalid',
  /** The manifest's signature does not verify against AGENT_UPDATE_PUBLIC_KEY, or a file's hash differs. */
  BundleUnsigned: 'fleet.bundle_unsigned',
  /** The install has no AGENT_UPDATE_PUBLIC_KEY: it cannot check a bundle, so it takes none. */
  UpdatesOff: 'fleet.updates_off',
  ReleaseExists: 'fleet.release_exists',
  ReleaseNotFound: 'fleet.release_not_found',
  /** Another release's rollout is running or halted: finish, roll back or replace it first. */
  RolloutBusy: 'fleet.rollout_busy',
  /** A rollback with no release before this one. */
  NoPreviousRelease: 'fleet.no_previous_release',
  AlertNotFound: 'fleet.alert_not_found',
  /** A bundle download without this site's agent token. */
  AgentRefused: 'fleet.agent_refused',
} as const;

type ValueOf<T> = T[keyof T];
export type ErrorCode =
  | ValueOf<typeof RequestError>
  | ValueOf<typeof AuthError>
  | ValueOf<typeof BookingError>
  | ValueOf<typeof DoorError>
  | ValueOf<typeof DeviceError>
  | ValueOf<typeof ShelfError>
  | ValueOf<typeof AdminError>
  | ValueOf<typeof SiteError>
  | ValueOf<typeof NotifyError>
  | ValueOf<typeof PaymentError>
  | ValueOf<typeof FleetError>;
