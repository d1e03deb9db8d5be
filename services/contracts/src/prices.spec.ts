import { messages } from './messages';
import { formatRoubles, kopecksOf, roublesOf } from './money';
import { adminPriceCreate, priceRuleFor, type PriceRule, type PricedHour } from './prices';

describe('money is kopecks inside and roubles with kopecks on the wire, never a float', () => {
  test.each([
    ['1500', 150_000],
    ['1500.00', 150_000],
    ['1500.5', 150_050],
    ['1500,50', 150_050],
    ['0.10', 10],
    // 0.1 + 0.2 would be 0.30000000000000004 as floats: here it is whole kopecks.
    ['0.3', 30],
    [' 999999.99 ', 99_999_999],
    ['0', 0],
  ])('%j → %i kopecks', (text, kopecks) => {
    expect(kopecksOf(text)).toBe(kopecks);
  });

  test.each(['', '1 500', '1500.005', '-1', '+5', '1e3', '0x10', '1000000', '12.', '.5', 'NaN', '١٥٠٠'])(
    '%j is no amount',
    (text) => {
      expect(kopecksOf(text)).toBeNull();
    },
  );

  test('back to the wire and to people', () => {
    expect(roublesOf(150_000)).toBe('1500.00');
    expect(roublesOf(150_005)).toBe('1500.05');
    expect(roublesOf(0)).toBe('0.00');
    expect(formatRoubles(150_000)).toBe('1\u00a0500\u00a0₽');
    expect(formatRoubles(150_050)).toBe('1\u00a0500,50\u00a0₽');
    expect(formatRoubles(99_999_999)).toBe('999\u00a0999,99\u00a0₽');
    expect(() => roublesOf(1.5)).toThrow();
  });
});

describe('the first rule that matches an hour sets its price; no rule, free', () => {
  const rule = (id: number, fields: Partial<PriceRule>): PriceRule => ({
    id,
    courtId: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    fromHour: 6,
    toHour: 24,
    audience: 'everyone',
    kopecks: 100_000,
    sortOrder: 0,
    ...fields,
  });
  const rules = [
    rule(1, { weekdays: [1, 2, 3, 4, 5], fromHour: 18, toHour: 23, kopecks: 200_000, sortOrder: 2 }),
    rule(2, { audience: 'sport_school', kopecks: 50_000, sortOrder: 1 }),
    rule(3, { courtId: 2, weekdays: [6, 7], kopecks: 150_000, sortOrder: 2 }),
    // Same sort order as rule 1 but newer: tried after it.
    rule(4, { weekdays: [1, 2, 3, 4, 5], fromHour: 18, toHour: 23, kopecks: 9_900, sortOrder: 2 }),
    rule(5, { weekdays: [1, 2, 3, 4, 5], fromHour: 8, toHour: 18, kopecks: 120_000, sortOrder: 3 }),
  ];
  const hour = (fields: Partial<PricedHour>): PricedHour => ({
    courtId: 1,
    weekday: 2,
    hour: 19,
    sportSchool: false,
    ...fields,
  });

  test.each([
    ['a weekday evening', hour({}), 1],
    ['the evening ends at 23:00: 23:00 is not in it', hour({ hour: 23 }), null],
    ['a weekday morning', hour({ hour: 8 }), 5],
    ['before the first rule opens', hour({ hour: 7 }), null],
    ['a sport school, whatever the hour (its rule is tried first)', hour({ sportSchool: true }), 2],
    ['court 2 at the weekend', hour({ courtId: 2, weekday: 6, hour: 10 }), 3],
    ['court 1 at the weekend: no rule', hour({ weekday: 7, hour: 10 }), null],
  ])('%s', (_, priced, id) => {
    expect(priceRuleFor(rules, priced)?.id ?? null).toBe(id);
  });

  test('no rules: every hour is free', () => {
    expect(priceRuleFor([], hour({}))).toBeNull();
  });
});

describe("the dashboard's price record", () => {
  const valid = { name: 'Вечер будней', weekdays: [5, 1, 1], from_hour: 18, to_hour: 23, amount: '1500' };

  test('defaults, and the wire form of the amount', () => {
    expect(adminPriceCreate.parse(valid)).toEqual({
      ...valid,
      weekdays: [1, 5],
      amount: '1500.00',
      court_id: null,
      audience: 'everyone',
      sort_order: 0,
    });
  });

  test.each([
    [{ amount: '15,00.0' }, messages.priceAmount],
    [{ amount: 1500 }, messages.priceAmount],
    [{ weekdays: [] }, messages.priceWeekdays],
    [{ weekdays: [0] }, messages.priceWeekdays],
    [{ from_hour: 18, to_hour: 18 }, messages.priceHoursOrder],
    [{ to_hour: 25 }, messages.priceHours],
    [{ audience: 'vip' }, messages.priceAudience],
    [{ name: '\u200b' }, messages.priceNameRequired],
  ])('%j: %s', (change, message) => {
    const parsed = adminPriceCreate.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
