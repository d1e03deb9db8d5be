import type { DataSource } from 'typeorm';
import { User } from './user.entity';

/**
 * `npm run admin:create`'s write, kept with the users table's owner: creates an owner (an admin of
 * every site, who creates sites and assigns their admins), or promotes an existing account, sets
 * its password (its other sessions end) and lifts a block on it. Idempotent.
 */
export async function makeAdmin(
  db: DataSource,
  { email, passwordHash, name }: { email: string; passwordHash: string; name?: string },
): Promise<{ user: User; created: boolean }> {
  const users = db.getRepository(User);
  const now = new Date();
  const existing = await users.findOneBy({ email });
  let id = existing?.id;
  if (id === undefined) {
    const [created] = await db.query<{ id: number }[]>(
      `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at)
       VALUES ($1, $2, 'owner', $3, $4, $4) RETURNING id`,
      [email, name || 'Администратор', passwordHash, now],
    );
    id = created!.id;
  } else {
    // A new password ends the account's other sessions (the epoch moves on). The one who runs the
    // machine is the install's owner: a block or a deletion not yet erased is lifted, so a site's
    // admin (or a slip) can never lock the owner out for good.
    await db.query(
      `UPDATE users SET role = 'owner', password_hash = $2, name = coalesce($3, name),
              confirmed_at = coalesce(confirmed_at, $4), rules_accepted_at = coalesce(rules_accepted_at, $4),
              deleted_at = NULL, deletion_kind = NULL, blocked_site_id = NULL,
              auth_epoch = auth_epoch + 1, updated_at = now()
        WHERE id = $1`,
      [id, passwordHash, name || null, now],
    );
  }
  const user = await users.findOneByOrFail({ id });
  return { user, created: !existing };
}
