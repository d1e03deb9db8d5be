import { bookingRules, type WalkInGuest } from '@kort/contracts';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';

/**
 * A guest's game, in the caller's transaction: the guest's record at the site, then the game on the
 * court and hour through the same insert checks as any game (the slot trigger sets its site from
 * the court, the exclusion constraint guards the slot, and the guest's site must be the game's).
 * No follow-ups: a guest gets no reminder (no account to send it to) and no no-show check (the
 * desk lets the guest in, not a code at the door).
 */
export async function insertGuestGame(
  tx: Writer,
  site: SiteRef,
  guest: WalkInGuest,
  courtId: number,
  startsAt: Date,
): Promise<number> {
  const endsAt = new Date(startsAt.getTime() + bookingRules.gameMinutes * 60_000);
  const [record] = await tx.query<{ id: number }[]>(
    `INSERT INTO guests (site_id, name, phone) VALUES ($1, $2, $3) RETURNING id`,
    [site.id, guest.name, guest.phone],
  );
  const [game] = await tx.query<{ id: number }[]>(
    `INSERT INTO bookings (guest_id, site_id, court_id, starts_at, ends_at, players_count)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [record!.id, site.id, courtId, startsAt, endsAt, bookingRules.playersCount],
  );
  return game!.id;
}
