import { roublesOf, toCsv, type RevenueLine, type RevenueStats } from '@kort/contracts';
import type { DataSource } from 'typeorm';
import type { SiteRef } from '../common/site-ref';
import type { Period } from './stats-period';
import { REVENUE_SQL } from './stats-sql';

interface RevenueRow {
  day: string;
  court_id: number;
  court_name: string;
  paid: number;
  refunded: number;
}

const line = (paid: number, refunded: number): RevenueLine => ({
  paid: roublesOf(paid),
  refunded: roublesOf(refunded),
  net: `${paid < refunded ? '-' : ''}${roublesOf(Math.abs(paid - refunded))}`,
});

/** GET /api/admin/stats/revenue: what came in and went back in the period, by local day and by court. */
export async function revenue(db: DataSource, site: SiteRef, period: Period): Promise<RevenueStats> {
  const rows = await db.query<RevenueRow[]>(REVENUE_SQL, [period.start, period.end, period.time_zone, site.id]);
  const days = new Map<string, [number, number]>();
  const courts = new Map<number, { name: string; sums: [number, number] }>();
  for (const row of rows) {
    const day = days.get(row.day) ?? [0, 0];
    days.set(row.day, [day[0] + row.paid, day[1] + row.refunded]);
    const court = courts.get(row.court_id) ?? { name: row.court_name, sums: [0, 0] };
    court.sums = [court.sums[0] + row.paid, court.sums[1] + row.refunded];
    courts.set(row.court_id, court);
  }
  const paid = rows.reduce((sum, row) => sum + row.paid, 0);
  const refunded = rows.reduce((sum, row) => sum + row.refunded, 0);
  return {
    from: period.from,
    to: period.to,
    total: line(paid, refunded),
    days: [...days].map(([date, [p, r]]) => ({ date, ...line(p, r) })),
    courts: [...courts]
      .sort(([a], [b]) => a - b)
      .map(([id, court]) => ({ id_cort: id, name: court.name, ...line(court.sums[0], court.sums[1]) })),
  };
}

/** The revenue by day, then by court after an empty line; amounts as numbers of roubles (1500.5). */
export function revenueCsv(stats: RevenueStats): string {
  const rub = (text: string) => Number(text);
  return toCsv([
    ['День', 'Оплачено, ₽', 'Возвращено, ₽', 'Итого, ₽'],
    ...stats.days.map((day) => [day.date, rub(day.paid), rub(day.refunded), rub(day.net)]),
    ['Всего', rub(stats.total.paid), rub(stats.total.refunded), rub(stats.total.net)],
    [],
    ['Корт', 'Оплачено, ₽', 'Возвращено, ₽', 'Итого, ₽'],
    ...stats.courts.map((court) => [court.name, rub(court.paid), rub(court.refunded), rub(court.net)]),
  ]);
}
