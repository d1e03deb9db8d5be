import type { Job, Queue } from 'bullmq';
import { waitFor } from './wait';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PASSWORD } from './accounts';
import type { TestApp } from './test-app';
import type { Client } from './client';

let passwordHash: Promise<string> | undefined;

/**
 * The argon2id hash of `PASSWORD` that accounts made straight in the database carry: the smallest
 * settings argon2 allows, once per file. A login verifies with the hash's own settings, so signing
 * in a fixture account costs a millisecond instead of the ~0.2 s of CPU a production hash costs
 * (hundreds of sign-ins per run). The API's own hashing (registration, a new password) keeps its
 * settings and is tested through those calls.
 */
export function fixturePasswordHash(): Promise<string> {
  passwordHash ??= argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  return passwordHash;
}

/**
 * Confirmed players made straight in the database (registration has its own tests), then signed
 * in through the real login call: fast enough for tests that need fifty of them.
 */
export async function signedInPlayers(
  api: TestApp,
  count: number,
  options: { sportSchool?: boolean; role?: 'player' | 'admin' | 'owner' } = {},
): Promise<{ client: Client; id: number; email: string }[]> {
  const hash = await fixturePasswordHash();
  const emails = Array.from({ length: count }, () => `p-${randomUUID().slice(0, 12)}@example.com`);
  const rows = await insertPlayers(api.db, emails, hash, options);
  return Promise.all(
    rows.map(async ({ id, email }) => {
      const client = api.client();
      const response = await client.post('/api/login/', { email, password: PASSWORD });
      if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
      return { client, id, email };
    }),
  );
}

/** One signed-in admin's client. */
export async function signedInAdmin(api: TestApp): Promise<Client> {
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  return admin!.client;
}

async function insertPlayers(
  db: DataSource,
  emails: string[],
  hash: string,
  { sportSchool = false, role = 'player' }: { sportSchool?: boolean; role?: 'player' | 'admin' | 'owner' },
): Promise<{ id: number; email: string }[]> {
  return db.query(
    `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at, is_sport_school)
     SELECT e, 'Игрок', $3, $2, now(), now(), $4 FROM unnest($1::text[]) AS e
     RETURNING id, email`,
    [emails, hash, role, sportSchool],
  );
}

/** A Moscow wall-clock time as the ISO instant the apps send: `msk('2026-11-24', 18)`. */
export const msk = (date: string, hour: number, minute = 0): string =>
  `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`;

export const order = (client: Client, court: number, timeStart: string, players = 2) =>
  client.post(`/api/order-court/${court}/`, { id_cort: court, time_start: timeStart, players_count: players });

export const cancel = (client: Client, court: number, timeStart: string) =>
  client.post(`/api/delete_order/${court}/`, { id_cort: court, time_start: timeStart, players_count: 2 });

/** A game as its jobs name it (its id and when it was made: queues.ts, recordKey). */
/**
 * A game's job once the event outbox's relay has queued it (just after the game's commit:
 * bookings/game-follow-ups.ts).
 */
export async function queuedJob(queue: Queue, id: string): Promise<Job> {
  let job: Job | undefined;
  await waitFor(async () => (job = await queue.getJob(id)) !== undefined, 10_000, `the job ${id} queued`);
  return job!;
}

/** Every fact the event outbox holds has been followed up (what is not queued by now never will be). */
export async function outboxDrained(db: DataSource): Promise<void> {
  await waitFor(
    async () => (await db.query(`SELECT id FROM event_outbox LIMIT 1`)).length === 0,
    10_000,
    'the outbox drained',
  );
}

export async function madeGame(db: DataSource, id: number): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db.query<{ created_at: Date }[]>(`SELECT created_at FROM bookings WHERE id = $1`, [id]);
  return { id, createdAt: row!.created_at };
}
