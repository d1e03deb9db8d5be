// Sessions cost one Redis read per signed-in request: nothing is written back on every
// answer, and an active session still rolls, extended at most once a minute.
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { SESSION_REFRESH_MS } from '../src/auth/session.middleware';
import { signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

const FOURTEEN_DAYS_S = 14 * 24 * 3600;

let api: TestApp;
let redis: Redis;
beforeAll(async () => {
  api = await startTestApp({}, new TestClock());
  redis = new Redis(api.config.redisUrl);
});
afterAll(async () => {
  await redis.quit();
  await api.close();
});

/** The Redis key of the session a `sessionid` cookie names (`s:<id>.<signature>`, URL-encoded). */
function sessionKey(cookie: string): string {
  const id = /^s:([^.]+)\./.exec(decodeURIComponent(cookie))?.[1];
  if (!id) throw new Error(`not a signed session cookie: ${cookie}`);
  return `${api.config.redisPrefix}sess:${id}`;
}

const setsSessionCookie = (response: Response): boolean => {
  const cookies: string[] = [response.headers['set-cookie'] ?? []].flat();
  return cookies.some((cookie) => cookie.startsWith('sessionid='));
};

test('a signed-in read writes nothing back; a minute later the session and its cookie are extended once', async () => {
  const [player] = await signedInPlayers(api, 1);
  const client = player!.client;
  const key = sessionKey(client.sessionId!);
  // A shortened lifetime shows any write: a save would set it back to 14 days. The login saved the
  // session with its whole lifetime, so the reads right after it write nothing either.
  await redis.expire(key, 1000);
  for (let i = 0; i < 5; i += 1) {
    const response = await client.get('/api/my_name/');
    expect(response.status).toBe(200);
    expect(setsSessionCookie(response)).toBe(false);
  }
  expect(await redis.ttl(key)).toBeLessThanOrEqual(1000);

  // A minute on: the next request saves the session with its full lifetime and sends the cookie.
  api.clock.advance(SESSION_REFRESH_MS + 1000);
  const extended = await client.get('/api/my_name/');
  expect(extended.status).toBe(200);
  expect(setsSessionCookie(extended)).toBe(true);
  expect(await redis.ttl(key)).toBeGreaterThan(FOURTEEN_DAYS_S - 60);
  // And not again right after.
  await redis.expire(key, 1000);
  expect(setsSessionCookie(await client.get('/api/my_name/'))).toBe(false);
  expect(await redis.ttl(key)).toBeLessThanOrEqual(1000);
});

test('a read without a session cookie leaves no session behind; logging out without one is a plain 200', async () => {
  const anonymous = api.client();
  const rules = await anonymous.get('/api/give_rules/');
  expect(rules.status).toBe(200);
  expect(setsSessionCookie(rules)).toBe(false);
  expect(anonymous.cookies.has('csrftoken')).toBe(true);
  const logout = await anonymous.act('/api/logout/');
  expect(logout.status).toBe(200);
});
