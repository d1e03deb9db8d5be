import { nameSchema } from './accounts';
import { adminBookingCreate } from './admin';
import { settingValueSchemas } from './admin-settings';
import { adminClosureCreate, adminCourtCreate } from './admin-club';
import { messages } from './messages';
import { siteCreateBody } from './sites';
import { cleanLine } from './visible-text';

// Text other people read (docs/decisions/0075-text-that-reads-as-nothing.md): a name, a label or a
// reason must show something, hide nothing and not spill over its neighbours; every field a person
// types goes through the one rule (visible-text.ts), so these are checked through the schemas the
// API and the apps use.

const problemOf = (value: string) => nameSchema.safeParse(value).error?.issues[0]?.message ?? null;

/** Each character that reads as nothing, by its name. */
const INVISIBLE = {
  'zero width space U+200B': '\u200b',
  'Hangul filler U+3164': '\u3164',
  'braille blank U+2800': '\u2800',
  'soft hyphen U+00AD': '\u00ad',
  'Hangul choseong filler U+115F': '\u115f',
  'Hangul jungseong filler U+1160': '\u1160',
  'halfwidth Hangul filler U+FFA0': '\uffa0',
  'zero width no-break space U+FEFF': '\ufeff',
  'word joiner U+2060': '\u2060',
  'invisible times U+2062': '\u2062',
  'combining grapheme joiner U+034F': '\u034f',
  'Mongolian vowel separator U+180E': '\u180e',
  'variation selector-16 U+FE0F': '\ufe0f',
  'tag latin small a U+E0061': '\u{e0061}',
  'zero width joiner U+200D': '\u200d',
  'zero width non-joiner U+200C': '\u200c',
};

describe('a name that reads as nothing is no name', () => {
  test.each(Object.entries(INVISIBLE))('%s alone, or three of them with spaces', (_, character) => {
    expect(problemOf(character)).toBe(messages.nameRequired);
    expect(problemOf(`${character} ${character}\u00a0${character}`)).toBe(messages.nameRequired);
  });

  test('a combining mark with nothing under it, and a direction override alone', () => {
    expect(problemOf('\u0336\u0336')).toBe(messages.nameRequired);
    expect(problemOf('\u202e')).toBe(messages.nameRequired);
  });
});

describe('a name hides nothing inside it', () => {
  test.each(Object.entries(INVISIBLE))('%s between two letters is refused', (_, character) => {
    expect(problemOf(`Ан${character}на`)).toBe(messages.nameUnsafe);
  });

  test.each([
    ['a direction override', 'Анна\u202eноиЗ'],
    ['an isolate', 'Ира\u2066x\u2069'],
    ['a right-to-left mark', 'Петя\u200f'],
    ['the Arabic letter mark', 'Петя\u061c'],
    ['a control character', 'Глеб\u0007'],
    ['a line break', 'Вера\nАдмин'],
    ['a line separator', 'Вера\u2028Админ'],
    ['a lone surrogate', 'Вера\ud800'],
    ['a word joiner at its end', 'Вера\u2060'],
  ])('%s is refused', (_, name) => {
    expect(problemOf(name)).toBe(messages.nameUnsafe);
  });

  test('a variation selector after a letter, a joiner between letters, tags outside a flag', () => {
    expect(problemOf('А\ufe0fнна')).toBe(messages.nameUnsafe);
    expect(problemOf('Ан\u200dна')).toBe(messages.nameUnsafe);
    expect(problemOf('Анна\u{e0041}\u{e007f}')).toBe(messages.nameUnsafe);
  });
});

describe('marks stay on their letter', () => {
  test('«a» with 30 strokes, Zalgo, four marks on one letter, a mark with nothing before it', () => {
    expect(problemOf(`a${'\u0336'.repeat(30)}`)).toBe(messages.nameUnsafe);
    expect(problemOf('З̴̧̛̖̗а̶̡̛̘л̷̢̛̙г̸̨̛̚о')).toBe(messages.nameUnsafe);
    expect(problemOf('Ив\u0300\u0301\u0302\u0303ан')).toBe(messages.nameUnsafe);
    expect(problemOf('\u0301Иван')).toBe(messages.nameUnsafe);
  });

  test('three marks on one letter are still a name', () => {
    expect(problemOf('Ив\u0300\u0301\u0302ан')).toBeNull();
  });
});

describe('real names stay names', () => {
  test.each([
    ['Cyrillic with a composed «й»', 'Сергей', 'Сергей'],
    ['Cyrillic with a decomposed «й» (kept as the composed letter)', 'Сергеи\u0306', 'Сергей'],
    ['a double name', 'Анна-Мария', 'Анна-Мария'],
    ['an apostrophe', "O'Neil", "O'Neil"],
    ['Vietnamese with two marks on one letter', 'Nguye\u0302\u0303n Thi\u0323', 'Nguyễn Thị'],
    ['Hindi', 'अनुष्का', 'अनुष्का'],
    ['Thai with a tone mark over a vowel', 'สมศักดิ์', 'สมศักดิ์'],
    ['Persian with its zero width non-joiner', 'علی\u200cرضا', 'علی\u200cرضا'],
    ['an emoji family joined by ZWJ', 'Семья 👨\u200d👩\u200d👧\u200d👦', 'Семья 👨\u200d👩\u200d👧\u200d👦'],
    ['an emoji with its presentation selector', 'Ира ❤\ufe0f', 'Ира ❤\ufe0f'],
    ['a flag of tags', 'Шотландия 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', null],
    ['a keycap', 'Команда 7\ufe0f\u20e3', 'Команда 7\ufe0f\u20e3'],
    ['a no-break space', 'Анна\u00a0Ли', 'Анна\u00a0Ли'],
  ])('%s', (_, name, stored) => {
    const parsed = nameSchema.safeParse(name);
    expect(parsed.error?.issues[0]?.message ?? null).toBeNull();
    expect(parsed.data).toBe(stored ?? name.normalize('NFC'));
  });
});

describe('every text people read keeps the same rule', () => {
  const override = (reason: string) =>
    adminBookingCreate.safeParse({ user_id: 1, court_id: 1, time_start: '2027-09-07T15:00:00Z', override: { reason } })
      .error?.issues[0]?.message ?? null;
  const closure = (reason: string) =>
    adminClosureCreate.safeParse({
      court_id: 1,
      starts_at: '2027-09-07T15:00:00Z',
      ends_at: '2027-09-07T17:00:00Z',
      reason,
    }).error?.issues[0]?.message ?? null;
  const court = (name: string) => adminCourtCreate.safeParse({ name }).error?.issues[0]?.message ?? null;
  const site = (fields: Record<string, string>) =>
    siteCreateBody.safeParse({ name: 'Юг', slug: 'south', timezone: 'Europe/Moscow', ...fields }).error?.issues[0]
      ?.message ?? null;
  const setting = (key: keyof typeof settingValueSchemas, value: string) =>
    settingValueSchemas[key].safeParse(value).error?.issues[0]?.message ?? null;

  test('a walk-in override reason', () => {
    expect(override('Турнир клуба')).toBeNull();
    expect(override('\u202eТурнир')).toBe(messages.adminOverrideReasonUnsafe);
    expect(override('\u200b\u3164')).toBe(messages.adminOverrideReason);
    expect(override(`Турнир${'\u0336'.repeat(10)}`)).toBe(messages.adminOverrideReasonUnsafe);
  });

  test("a closure's reason", () => {
    expect(closure('Ремонт покрытия')).toBeNull();
    expect(closure('Ремонт\u202e')).toBe(messages.closureReasonUnsafe);
    expect(closure('\u2800\u2800')).toBe(messages.closureReasonRequired);
    expect(closure('Ре\u200bмонт')).toBe(messages.closureReasonUnsafe);
  });

  test("a court's name", () => {
    expect(court('Корт 3')).toBeNull();
    expect(court('\u3164')).toBe(messages.courtNameRequired);
    expect(court('Корт\u00ad 1')).toBe(messages.courtNameUnsafe);
  });

  test("a site's name and address", () => {
    expect(site({ name: 'Калининград', address: 'ул. Театральная, 30' })).toBeNull();
    expect(site({ name: '\u200b\u200b' })).toBe('Укажите название площадки');
    expect(site({ name: 'Юг\u202e' })).toBe(messages.siteNameUnsafe);
    expect(site({ address: '' })).toBeNull();
    expect(site({ address: '\u3164' })).toBe(messages.siteAddressUnsafe);
    expect(site({ address: 'ул. Ленина\u202e, 1' })).toBe(messages.siteAddressUnsafe);
  });

  test('equipment labels, the court rules and the contacts', () => {
    expect(setting('equipment_10_name', 'Ракетка')).toBeNull();
    expect(setting('equipment_10_name', '\u2800')).toBe(messages.settingEquipmentName);
    expect(setting('equipment_10_name', 'Ракет\u200bка')).toBe(messages.settingEquipmentNameUnsafe);
    // Long texts keep their lines and tabs, and the soft hyphens a pasted text brings.
    expect(setting('court_rules', 'Правила:\n1. Приходите вовремя.\r\n\t2. Пере\u00adобувайтесь.')).toBeNull();
    expect(setting('court_rules', '\u200b\n\u3164')).toBe(messages.settingRulesEmpty);
    expect(setting('court_rules', 'Правила\u202e')).toBe(messages.settingRulesUnsafe);
    expect(setting('court_rules', 'Правила\u0007')).toBe(messages.settingRulesUnsafe);
    expect(setting('court_rules', `П${'\u0336'.repeat(20)}`)).toBe(messages.settingRulesUnsafe);
    expect(setting('club_contacts', '')).toBeNull();
    expect(setting('club_contacts', 'Звоните:\n+7 (812) 555-01-02')).toBeNull();
    expect(setting('club_contacts', '\u2800')).toBe(messages.settingContactsUnsafe);
    expect(setting('club_contacts', '+7\u2066 812')).toBe(messages.settingContactsUnsafe);
  });
});

describe('a name from VK ID or Yandex ID is cleaned, not refused', () => {
  test.each([
    ['invisible characters and overrides go', 'Ан\u200bна\u202e Ли\u00ad', 'Анна Ли'],
    ['a name of fillers is nothing', '\u3164 \u2800\u115f', ''],
    ['a tower keeps three marks', `a${'\u0336'.repeat(30)}`, 'a\u0336\u0336\u0336'],
    ['a mark with nothing under it goes', '\u0301Иван', 'Иван'],
    ['emoji keep their joiners', '👨\u200d👩\u200d👧 Семья', '👨\u200d👩\u200d👧 Семья'],
    ['a joiner left dangling goes', 'Семья 👨\u200d', 'Семья 👨'],
    ['a decomposed «й» is composed', 'Сергеи\u0306', 'Сергей'],
  ])('%s', (_, name, cleaned) => {
    expect(cleanLine(name)).toBe(cleaned);
    // What cleaning leaves is a name the forms accept (or nothing).
    if (cleaned) expect(problemOf(cleaned)).toBeNull();
  });
});
