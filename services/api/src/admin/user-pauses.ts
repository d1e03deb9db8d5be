import type { AdminUser } from '@kort/contracts';
import type { NoShows } from '../bookings/no-shows';
import type { SiteRef } from '../common/site-ref';

/**
 * Each active player's no-show pause at the site (NoShows.pausedAmong, the booking's own rule:
 * no-shows count per site). A paused player is shown as such in the dashboard, not as plainly active.
 */
export async function withPauses(noShows: NoShows, site: SiteRef, users: AdminUser[]): Promise<AdminUser[]> {
  const active = users.filter((user) => user.status === 'active' && !user.is_sport_school).map((user) => user.id);
  const paused = await noShows.pausedAmong(site, active);
  return users.map((user) => ({ ...user, paused_until: paused.get(user.id)?.toISOString() ?? null }));
}
