import * as argon2 from 'argon2';
import { emailSchema, nameProblem, normalText, passwordProblem } from '@kort/contracts';
import { makeAdmin } from '../users/admin-account';
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
  // Players see the admin's name too: the registration's rule (docs/decisions/0075-text-that-reads-as-nothing.md).
  const nameRefused = flags.name ? nameProblem(flags.name) : null;
  if (nameRefused) throw new Error(`${usage}\nThe name is refused: ${nameRefused}`);

  const { user, created } = await makeAdmin(db, {
    email: email.data,
    passwordHash: await argon2.hash(flags.password, { type: argon2.argon2id }),
    name: flags.name ? normalText(flags.name) : undefined,
  });
  process.stdout.write(`${created ? 'Created' : 'Promoted'} admin ${email.data} (id ${user.id}).\n`);
});
