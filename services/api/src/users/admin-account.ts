import type { DataSource } from 'typeorm';
import { User } from './user.entity';

/**
 * `npm run admin:create`'s write, kept with the users table's owner: creates an owner (an admin of
 * every site, who creates sites and assigns their admins), or promotes an existing account and
 * sets its password (its other sessions end). Idempotent.
 */
export async function makeAdmin(
  db: DataSource,
  { email, passwordHash, name }: { email: string; passwordHash: string; name?: string },
): Promise<{ user: User; created: boolean }> {
  const users = db.getRepository(User);
  const now = new Date();
  const existing = await users.findOneBy({ email });
  const user = existing ?? users.create({ email, name: name || 'Администратор' });
  Object.assign(user, {
    role: 'owner',
    passwordHash,
    confirmedAt: user.confirmedAt ?? now,
    rulesAcceptedAt: user.rulesAcceptedAt ?? now,
    authEpoch: (user.authEpoch ?? 0) + (existing ? 1 : 0),
    ...(name ? { name } : {}),
  });
  await users.save(user);
  return { user, created: !existing };
}
