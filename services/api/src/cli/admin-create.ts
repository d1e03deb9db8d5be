import * as argon2 from 'argon2';
import { emailSchema, passwordProblem } from '@kort/contracts';
import { User } from '../users/user.entity';
import { parseFlags, runCli } from './cli-support';

const usage = 'Usage: npm run admin:create -- --email E --password P [--name N]';

/**
 * Creates an admin, or promotes an existing account to admin and sets the given password.
 * Idempotent: running it twice leaves one admin with that password.
 */
void runCli(async (db) => {
  const flags = parseFlags(process.argv.slice(2));
  const email = emailSchema.safeParse(flags.email ?? '');
  if (!email.success || !flags.password) throw new Error(`${usage}\nGive a valid e-mail and a password.`);
  const problem = passwordProblem(flags.password);
  if (problem) throw new Error(`The password is too weak: ${problem}`);

  const users = db.getRepository(User);
  const now = new Date();
  const existing = await users.findOneBy({ email: email.data });
  const user = existing ?? users.create({ email: email.data, name: flags.name || 'Администратор' });
  Object.assign(user, {
    role: 'admin',
    passwordHash: await argon2.hash(flags.password, { type: argon2.argon2id }),
    confirmedAt: user.confirmedAt ?? now,
    rulesAcceptedAt: user.rulesAcceptedAt ?? now,
    authEpoch: (user.authEpoch ?? 0) + (existing ? 1 : 0),
    ...(flags.name ? { name: flags.name } : {}),
  });
  await users.save(user);
  process.stdout.write(`${existing ? 'Promoted' : 'Created'} admin ${email.data} (id ${user.id}).\n`);
});
