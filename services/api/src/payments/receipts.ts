import { roublesOf, type PaymentRules } from '@kort/contracts';
import { defaultCourtName } from '../club/courts.service';
import type { YooAmount, YooReceipt } from './yookassa/yookassa-types';

/** YooKassa's limit on an item's description. */
const DESCRIPTION_MAX = 128;

export const amountOf = (kopecks: number): YooAmount => ({ value: roublesOf(kopecks), currency: 'RUB' });

/** «Аренда корта 2, 4 декабря 2026, 18:00» (a court the club named: «Аренда корта «Грунт», …»). */
export function rentalDescription(courtId: number, courtName: string | undefined, date: string, time: string): string {
  const named = courtName !== undefined && courtName !== defaultCourtName(courtId);
  const what = named ? `корта «${courtName}»` : `корта ${courtId}`;
  return `Аренда ${what}, ${date}, ${time}`.slice(0, DESCRIPTION_MAX);
}

/**
 * The 54-FZ receipt of a game's rental (docs/decisions/0082-receipts.md): one service item, the
 * player's e-mail, the site's VAT code and tax system. `full_prepayment` when paid ahead (with the
 * payment, and with a refund of it), `full_payment` for the settlement once the hour begins.
 */
export function rentalReceipt(
  rules: Pick<PaymentRules, 'vat_code' | 'tax_system_code'>,
  email: string,
  description: string,
  kopecks: number,
  mode: 'full_prepayment' | 'full_payment',
): YooReceipt {
  return {
    customer: { email },
    items: [
      {
        description,
        quantity: '1.00',
        amount: amountOf(kopecks),
        vat_code: rules.vat_code,
        payment_subject: 'service',
        payment_mode: mode,
      },
    ],
    ...(rules.tax_system_code ? { tax_system_code: rules.tax_system_code } : {}),
  };
}
