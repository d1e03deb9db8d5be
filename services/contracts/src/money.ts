/**
 * Money in Kort: kopecks (integers) inside, a string of roubles with kopecks on the wire ("1500.00"),
 * «1 500 ₽» for people; never a float. Plain functions, no schema library: the player app imports
 * them (e2e/bundle-budget.test.mjs keeps zod out of its bundle).
 */

/** The most one hour may cost: 999 999.99 ₽ (kopecks fit an int4 many times over). */
export const MAX_PRICE_KOPECKS = 99_999_999;

const ROUBLES = /^(\d{1,6})(?:[.,](\d{1,2}))?$/;

/** "1500", "1500.5", "1500,50" → 150050 kopecks; null for anything that is not such an amount. */
export function kopecksOf(roubles: string): number | null {
  const match = ROUBLES.exec(roubles.trim());
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks <= MAX_PRICE_KOPECKS ? kopecks : null;
}

/** 150000 → "1500.00": the wire's form of an amount. */
export function roublesOf(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new Error(`Not an amount of kopecks: ${kopecks}`);
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** 150000 → «1 500 ₽», 150050 → «1 500,50 ₽»: an amount as players and admins read it. */
export function formatRoubles(kopecks: number): string {
  const whole = Math.floor(kopecks / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const rest = kopecks % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''}\u00a0₽`;
}
