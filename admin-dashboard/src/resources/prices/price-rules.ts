import { kopecksOf, type PriceRule } from '@kort/contracts';
import type { PriceRecord } from '../../lib/records';

/** A stored rule, or the form's, as priceRuleFor takes it; null while the form cannot make one. */
export function ruleOf(price: Partial<PriceRecord>, id: number): PriceRule | null {
  const kopecks = typeof price.amount === 'string' ? kopecksOf(price.amount) : null;
  const { weekdays, from_hour: fromHour, to_hour: toHour } = price;
  if (kopecks === null || !weekdays?.length || typeof fromHour !== 'number' || typeof toHour !== 'number') return null;
  if (fromHour >= toHour) return null;
  return {
    id,
    courtId: price.court_id ?? null,
    weekdays,
    fromHour,
    toHour,
    audience: price.audience ?? 'everyone',
    kopecks,
    sortOrder: typeof price.sort_order === 'number' ? price.sort_order : 0,
  };
}

/**
 * The site's rules as they will be once the form is saved: the stored ones with the edited one
 * replaced by the form's (a new one is tried last among its sort order, as the server does).
 */
export function rulesWith(stored: readonly PriceRecord[], form: Partial<PriceRecord>): PriceRule[] {
  const editing = typeof form.id === 'number' ? form.id : Number.MAX_SAFE_INTEGER;
  const others = stored.filter((price) => price.id !== editing).map((price) => ruleOf(price, price.id));
  const edited = ruleOf(form, editing);
  return [...others, edited].filter((rule): rule is PriceRule => rule !== null);
}
