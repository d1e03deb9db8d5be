// The booking rules and calendar words as plain values, without zod: the player app's first screens
// import them, and a module with schemas would bring zod into the initial script (the first screens' budget,
// guarded by e2e/bundle-budget.test.mjs). The request schemas that apply them are in bookings.ts.

/** The booking rules: the spec's constants and limits, and the choices in docs/decisions.md. */
export const bookingRules = {
  firstHour: 6,
  lastHour: 23,
  gameMinutes: 60,
  playersCount: 2,
  perDay: 1,
  perWeek: 2,
  upcoming: 5,
  cancelBeforeMinutes: 60,
  reminderBeforeMinutes: 120,
  /** How far ahead a game may be booked, in days from today (docs/decisions.md). */
  horizonDays: 90,
} as const;

/** Month names in the genitive ("22 ноября 2026") and weekdays, Sunday first as the dial shows. */
/** Month names in the nominative, for a month on its own («Ноябрь 2026»: a calendar's title, a list of months). */
export const monthsNominative = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

export const monthsGenitive = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
export const weekdaysSundayFirst = [
  'воскресенье',
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
] as const;

/** How long a freed court is held for the first in line. */
export const WAITLIST_HOLD_MINUTES = 15;

/**
 * The club's own shape of the week (the admin's `settings`, docs/admin-api.md): its opening hours and
 * quotas. Each default is the spec's rule (bookingRules), so a club that configured nothing books
 * exactly as the spec says. `closing_hour` is when the last game ends (24: the last starts at 23).
 */
export const CLUB_SETTING_DEFAULTS = {
  opening_hour: bookingRules.firstHour,
  closing_hour: bookingRules.lastHour + 1,
  quota_per_day: bookingRules.perDay,
  quota_per_week: bookingRules.perWeek,
  quota_upcoming: bookingRules.upcoming,
  booking_horizon_days: bookingRules.horizonDays,
} as const;
export type ClubSettingKey = keyof typeof CLUB_SETTING_DEFAULTS;
export const CLUB_SETTINGS = Object.keys(CLUB_SETTING_DEFAULTS) as ClubSettingKey[];

/** The whole numbers each club setting accepts, inclusive: the hours stay within the dial's 6-24. */
export const CLUB_SETTING_RANGES: Record<ClubSettingKey, readonly [number, number]> = {
  opening_hour: [bookingRules.firstHour, bookingRules.lastHour],
  closing_hour: [bookingRules.firstHour + 1, bookingRules.lastHour + 1],
  quota_per_day: [1, 24],
  quota_per_week: [1, 168],
  quota_upcoming: [1, 1000],
  booking_horizon_days: [1, 365],
};

/** GET /api/booking_rules/: the club's settings as the player app applies them. */
export type BookingRules = Record<ClubSettingKey, number>;

/**
 * The door window and the no-show rule of the installation (the API's DOOR_OPENS_BEFORE_MIN,
 * NO_SHOW_AFTER_MIN, NO_SHOW_LIMIT, NO_SHOW_PAUSE_DAYS), sent with the club's settings so that a text
 * repeating one («Дверь откроется в 17:45») reads it. The defaults are the API's.
 */
export const DOOR_RULE_DEFAULTS = {
  door_opens_before_min: 15,
  no_show_after_min: 15,
  no_show_limit: 2,
  no_show_pause_days: 7,
} as const;
export type DoorRules = Record<keyof typeof DOOR_RULE_DEFAULTS, number>;

/** The whole answer of GET /api/booking_rules/. */
export type ClubRules = BookingRules & DoorRules;
export const CLUB_RULE_DEFAULTS: ClubRules = { ...CLUB_SETTING_DEFAULTS, ...DOOR_RULE_DEFAULTS };

/**
 * The Russian plural form for `count`: plural(1, 'игра', 'игры', 'игр') is 'игра', 3 'игры', 5 and 11
 * 'игр', 21 'игра'.
 */
export function plural(count: number, one: string, few: string, many: string): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

/** '1 минута', '21 минута', '15 минут'. */
export const minutesText = (count: number): string => `${count} ${plural(count, 'минута', 'минуты', 'минут')}`;

/** '1 день', '3 дня', '7 дней'. */
export const daysText = (count: number): string => `${count} ${plural(count, 'день', 'дня', 'дней')}`;

/** The dial's caption: 'Одна игра в сутки' (the spec's, for 1), else '2 игры в сутки', '5 игр в сутки'. */
export function perDayCaption(perDay: number): string {
  return perDay === 1 ? 'Одна игра в сутки' : `${perDay} ${plural(perDay, 'игра', 'игры', 'игр')} в сутки`;
}

const gamesText = (count: number): string => `${count} ${plural(count, 'игра', 'игры', 'игр')}`;

/**
 * The club's limit a walk-in booking ran into, named for the admin: 'У игрока уже 1 игра в этот
 * день: клуб разрешает 1 игру в сутки.' (or the week's, or the games ahead). The caller adds how
 * to book past it.
 */
export function adminQuotaText(limit: 'day' | 'week' | 'upcoming', allowed: number): string {
  const games = (count: number) => `${count} ${plural(count, 'игру', 'игры', 'игр')}`;
  if (limit === 'day')
    return `У игрока уже ${gamesText(allowed)} в этот день: клуб разрешает ${games(allowed)} в сутки.`;
  if (limit === 'week')
    return `У игрока уже ${gamesText(allowed)} на этой неделе: клуб разрешает ${games(allowed)} в неделю.`;
  const ahead = `${allowed} ${plural(allowed, 'предстоящая игра', 'предстоящие игры', 'предстоящих игр')}`;
  return `У игрока уже ${ahead}: клуб разрешает не больше ${allowed} впереди.`;
}

/** 'Игры начинаются с 06:00 до 23:00': the first and last start of the club's day, as the apps write hours. */
export function openingHoursText(openingHour: number, closingHour: number): string {
  const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  return `Игры начинаются с ${clock(openingHour)} до ${clock(closingHour - 1)}`;
}

/** 'Записаться можно не больше чем на 90 дней вперёд' for the club's horizon. */
export function horizonText(days: number): string {
  return `Записаться можно не больше чем на ${days} ${plural(days, 'день', 'дня', 'дней')} вперёд`;
}

/** A refusal inside a closure: 'В это время клуб закрыт: Турнир' (the whole club) or '… корт закрыт: …'. */
export function closedText(reason: string, wholeClub: boolean): string {
  return `В это время ${wholeClub ? 'клуб' : 'корт'} закрыт: ${reason}`;
}

/** ISO weekday numbers (1 Monday … 7 Sunday) as a school's week is written: 'пн', 'ср'. */
export const weekdaysShortIso = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;
