import { formatRoubles, kopecksOf } from '@kort/contracts';

// Amounts on the wire are strings of roubles with kopecks ("1500.00"); the pages count in kopecks
// and write «1 500 ₽» (formatRoubles). A net sum of a period may be below zero (more went back
// than came in), written with a minus.

/** "1500.00" → 150000; "-500.00" → -50000; 0 for a missing or unreadable amount. */
export function kopecksIn(text: string | null | undefined): number {
  if (typeof text !== 'string') return 0;
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const kopecks = kopecksOf(negative ? trimmed.slice(1) : trimmed) ?? 0;
  return negative ? -kopecks : kopecks;
}

/** 150000 → «1 500 ₽», -50050 → «−500,50 ₽». */
export function moneyText(kopecks: number): string {
  return `${kopecks < 0 ? '−' : ''}${formatRoubles(Math.abs(kopecks))}`;
}

/** "1500.00" → «1 500 ₽». */
export const roublesText = (text: string | null | undefined) => moneyText(kopecksIn(text));

/** 150000 → "1500" and 150050 → "1500,50": an amount as an admin types it in a field. */
export function amountInput(kopecks: number): string {
  const rest = kopecks % 100;
  return `${Math.floor(kopecks / 100)}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}
