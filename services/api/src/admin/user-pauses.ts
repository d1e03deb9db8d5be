import type { DataSource } from 'typeorm';
import type { AdminUser } from '@kort/contracts';
import type { NoShows } from '../bookings/no-shows';
import type { SiteRef } from '../sites/site-ref';

/**
 * Each active player's no-show pause at the site (NoShows.pausedUntil, the booking's own rule: no-
 * shows count per site), read only for the few with an unforgiven no-show there: one query for
 * the page, then one for each of them. A paused player is shown as such in the dashboard, not as
 * plainly active.
 */
export async function withPauses(
  db: DataSource,
  noShows: NoShows,
  site: SiteRef,
  users: AdminUser[],
): Promise<AdminUser[]> {
  const active = users.filter((user) => user.status === 'active' && !user.is_sport_school).map((user) => user.id);
  const candidates = active.length
    ? await db.query<{ user_id: number }[]>(
        `SELECT DISTINCT user_id FROM bookings
          WHERE user_id = ANY($1::int[]) AND site_id = $2 AND no_show_at IS NOT NULL AND no_show_forgiven_at IS NULL`,
        [active, site.id],
      )
    : [];
  const paused = new Map<number, string>();
  for (const { user_id: id } of candidates) {
    const until = await noShows.pausedUntil(site, { id, isSportSchool: false });
    if (until) paused.set(id, until.toISOString());
  }
  return users.map((user) => ({ ...user, paused_until: paused.get(user.id) ?? null }));
}
