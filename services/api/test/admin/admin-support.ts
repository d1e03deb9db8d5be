import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { CSRF_COOKIE, CSRF_HEADER } from '@kort/contracts';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

/** The tests' "now": Monday 6 September 2027, 09:00 in Moscow. */
export const ADMIN_NOW = '2027-09-06T06:00:00Z';

export type AdminSession = { client: Client; id: number; email: string };

/**
 * A test API with a database of its own (these tests switch storage off, block shelves and report
 * device state), its clock at ADMIN_NOW, a signed-in admin and the dashboard's data provider.
 */
export async function startAdminApp(): Promise<{ api: TestApp; admin: AdminSession; provider: DataProvider }> {
  const api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(ADMIN_NOW);
  const [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [AdminSession];
  return { api, admin, provider: adminDataProvider(api, admin.client) };
}

/**
 * The dashboard's own data provider (ra-data-simple-rest with ra-core's fetchJson) pointed at the
 * running test API, sending the admin's cookies and CSRF header as the dashboard's httpClient does.
 */
export function adminDataProvider(api: TestApp, admin: Client): DataProvider {
  const { port } = api.server.address() as AddressInfo;
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Cookie', [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set(CSRF_HEADER, admin.cookies.get(CSRF_COOKIE) ?? '');
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(`http://127.0.0.1:${port}/api/admin`, httpClient);
}

/** What a rejected data-provider call carries (ra-core's HttpError). */
export async function failure(call: Promise<unknown>): Promise<{ status: number; detail: string }> {
  try {
    await call;
  } catch (error) {
    const { status, body } = error as { status: number; body?: { detail?: string } };
    return { status, detail: body?.detail ?? '' };
  }
  throw new Error('the call succeeded');
}

/** A confirmed account straight in the database (no password: these never log in). */
export async function insertUser(
  api: TestApp,
  fields: { name: string; email?: string; phone?: string | null; role?: 'player' | 'admin' | 'owner' },
): Promise<{ id: number; email: string }> {
  const email = fields.email ?? `u-${randomUUID().slice(0, 12)}@example.com`;
  const [row] = await api.db.query<{ id: number }[]>(
    `INSERT INTO users (email, name, phone_number, role, confirmed_at, rules_accepted_at)
     VALUES ($1, $2, $3, $4, now(), now()) RETURNING id`,
    [email, fields.name, fields.phone ?? null, fields.role ?? 'player'],
  );
  return { id: row!.id, email };
}

/** A game straight in the database, as if booked earlier (games cannot be waited for). */
export async function insertGame(
  api: TestApp,
  userId: number,
  court: number,
  startsAt: string,
  extra: { startedAt?: string; endedAt?: string; cancelledAt?: string } = {},
): Promise<number> {
  const start = new Date(startsAt);
  const [row] = await api.db.query<{ id: number }[]>(
    `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at, ended_at, cancelled_at)
     VALUES ($1, $2, $3, $4, 2, $5, $6, $7) RETURNING id`,
    [
      userId,
      court,
      start,
      new Date(start.getTime() + 3600_000),
      extra.startedAt ?? null,
      extra.endedAt ?? null,
      extra.cancelledAt ?? null,
    ],
  );
  return row!.id;
}

export const tag = (): string =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x');
