import { CLUB_RULE_DEFAULTS } from '@kort/contracts';
import { appliedRulesText, courtRulesText, DEFAULT_COURT_RULES } from './court-rules';

test("the default rules end with the applied rules, written from the club's settings with Russian plurals", () => {
  const text = courtRulesText(undefined, CLUB_RULE_DEFAULTS);
  expect(text.startsWith(DEFAULT_COURT_RULES)).toBe(true);
  expect(text).toContain('Игры начинаются с 06:00 до 23:00');
  expect(text).toContain('Не больше одной игры в сутки, двух игр в неделю и 5 игр вперёд.');
  expect(text).toContain('Дверь открывается за 15 минут до начала игры.');
  expect(text).toContain('если дверь не открыли в течение 15 минут после начала игры, бронь снимается');
  expect(text).toContain('2 неявки за 30 дней приостанавливают новые бронирования на 7 дней.');
});

test('other settings read with their own plural forms', () => {
  const text = appliedRulesText({
    ...CLUB_RULE_DEFAULTS,
    opening_hour: 8,
    closing_hour: 22,
    quota_per_day: 21,
    door_opens_before_min: 21,
    no_show_after_min: 22,
    no_show_limit: 1,
    no_show_pause_days: 3,
  });
  expect(text).toContain('Игры начинаются с 08:00 до 21:00');
  expect(text).toContain('Не больше 21 игры в сутки');
  expect(text).toContain('Дверь открывается за 21 минуту до начала игры.');
  expect(text).toContain('в течение 22 минут после начала игры');
  expect(text).toContain('Одна неявка приостанавливает новые бронирования на 3 дня.');
  expect(appliedRulesText({ ...CLUB_RULE_DEFAULTS, door_opens_before_min: 0 })).toContain(
    'Дверь открывается к началу игры.',
  );
});

test("an admin's own text is served as written", () => {
  expect(courtRulesText('Новые правила клуба', CLUB_RULE_DEFAULTS)).toBe('Новые правила клуба');
});
