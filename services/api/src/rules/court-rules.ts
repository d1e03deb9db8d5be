import { bookingRules, daysText, openingHoursText, plural, type ClubRules } from '@kort/contracts';

export const SETTING_COURT_RULES = 'court_rules';
/** 'true' or 'false': the storage system (shelves and equipment) is open to players. */
export const SETTING_STORAGE_ENABLED = 'storage_enabled';

/** A site's support contacts shown on the player's profile; its admins edit them. */
export const SETTING_CLUB_CONTACTS = 'club_contacts';
export const DEFAULT_CLUB_CONTACTS = `Администратор клуба: +7 (900) 000-00-00
Почта: support@kort.local
Ежедневно с 06:00 до 24:00`;

/**
 * The text installations were seeded with before the numbers moved to the generated part below: a
 * club that never edited it reads today's default instead (its numbers would contradict the settings).
 */
const SEEDED_COURT_RULES = `Правила пользования кортом

1. Бронируйте игру заранее через приложение: одна игра в сутки, не больше двух в неделю.
2. Приходите не раньше чем за 15 минут до начала игры. Дверь открывается кодом, который показывается на экране у входа.
3. Отменить бронирование можно не позднее чем за 1 час до начала игры.
4. Играйте в чистой спортивной обуви с светлой подошвой.
5. Берегите покрытие, сетку и инвентарь клуба. О поломках сообщайте администратору.
6. Завершите игру в приложении, когда уходите: свет выключится автоматически.
7. Не передавайте код двери посторонним и не оставляйте дверь открытой.
8. Вещи храните только в арендованном ящике; клуб не отвечает за вещи, оставленные без присмотра.
9. Курение, алкоголь и животные на территории клуба запрещены.
10. Нарушение правил может привести к блокировке аккаунта.`;

/**
 * The club's own rules an installation starts with; admins edit them as data (settings.court_rules).
 * Nothing here repeats a setting: the numbers are in courtRulesText's generated part, read live.
 */
export const DEFAULT_COURT_RULES = `Правила пользования кортом

1. Бронируйте игру заранее через приложение.
2. Дверь открывается кодом, который показывается на экране у входа.
3. Играйте в чистой спортивной обуви со светлой подошвой.
4. Берегите покрытие, сетку и инвентарь клуба. О поломках сообщайте администратору.
5. Завершите игру в приложении, когда уходите: свет выключится автоматически.
6. Не передавайте код двери посторонним и не оставляйте дверь открытой.
7. Вещи храните только в арендованном ящике; клуб не отвечает за вещи, оставленные без присмотра.
8. Курение, алкоголь и животные на территории клуба запрещены.
9. Нарушение правил может привести к блокировке аккаунта.`;

/** «не больше одной игры», «двух игр», «5 игр», «21 игры»: the genitive after «не больше». */
function gamesAtMost(count: number): string {
  if (count === 1) return 'одной игры';
  if (count === 2) return 'двух игр';
  return `${count} ${plural(count, 'игры', 'игр', 'игр')}`;
}

/**
 * The rules the app itself applies, written from the settings of the moment: the club's hours and
 * quotas (an admin's), the door window and the no-show rule (the installation's). Generated rather
 * than typed so that they never contradict what the app does.
 */
export function appliedRulesText(rules: ClubRules): string {
  const opens = rules.door_opens_before_min;
  const late = rules.no_show_after_min;
  const limit = rules.no_show_limit;
  const pause = `на ${daysText(rules.no_show_pause_days)}`;
  const noShows =
    limit === 1
      ? `Одна неявка приостанавливает новые бронирования ${pause}.`
      : `${limit} ${plural(limit, 'неявка', 'неявки', 'неявок')} за 30 дней приостанавливают новые бронирования ${pause}.`;
  return `Бронирование, дверь и неявки

1. ${openingHoursText(rules.opening_hour, rules.closing_hour)}; игра длится 1 час.
2. Не больше ${gamesAtMost(rules.quota_per_day)} в сутки, ${gamesAtMost(rules.quota_per_week)} в неделю и ${gamesAtMost(rules.quota_upcoming)} вперёд.
3. ${opens > 0 ? `Дверь открывается за ${opens} ${plural(opens, 'минуту', 'минуты', 'минут')} до начала игры.` : 'Дверь открывается к началу игры.'}
4. Отменить бронирование можно не позднее чем за ${bookingRules.cancelBeforeMinutes / 60} час до начала игры.
5. Неявка: если дверь не открыли в течение ${late} ${plural(late, 'минуты', 'минут', 'минут')} после начала игры, бронь снимается и корт освобождается для других.
6. ${noShows} До какого времени — написано в разделе «Мои игры».`;
}

/**
 * What GET /api/give_rules/ answers. An admin's own text is served exactly as written (it is theirs to
 * word); the default one, and the text installations were first seeded with, is followed by the
 * applied rules as the settings now read.
 */
export function courtRulesText(stored: string | undefined, rules: ClubRules): string {
  if (stored !== undefined && stored !== SEEDED_COURT_RULES && stored !== DEFAULT_COURT_RULES) return stored;
  return `${DEFAULT_COURT_RULES}\n\n${appliedRulesText(rules)}`;
}

/** What equipment compartments 10 and 11 hold (settings.equipment_10_name, equipment_11_name). */
export const SETTING_EQUIPMENT_NAMES: Record<number, string> = { 10: 'equipment_10_name', 11: 'equipment_11_name' };
export const DEFAULT_EQUIPMENT_NAMES: Record<number, string> = { 10: 'Ракетки', 11: 'Мячи' };
