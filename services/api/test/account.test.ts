import { waitFor } from './support/wait';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { messages } from '@kort/contracts';
import { QUEUES } from '../src/queues/queues';
import { purgeJobId } from '../src/account/account.service';
import { PASSWORD, registerPlayer, uniqueEmail } from './support/accounts';
import { nextMail } from './support/mailbox';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

const DAY = 24 * 3600 * 1000;

test('my_name and profile show the player their own data', async () => {
  const client = api.client();
  const { email } = await registerPlayer(client, { name: 'Ольга' });
  expect((await client.get('/api/my_name/')).body).toEqual({ detail: 'Ольга' });
  expect((await client.get('/api/profile/')).body).toEqual({
    detail: {
      email,
      phone_number: '+79990001122',
      name: 'Ольга',
      role: messages.rolePlayer,
      role_code: 'player',
      calendar_url: null,
      // A password account: no VK ID or Yandex ID linked.
      linked_providers: [],
      // One site on this install: the player's calls act on it.
      site: { id: 'default', name: 'Основная площадка', slug: 'default', timezone: 'Europe/Moscow' },
    },
  });
});

test("PATCH /api/profile/ changes the name and phone by registration's rules and answers the new profile", async () => {
  const client = api.client();
  const { email } = await registerPlayer(client, { name: 'Ольга' });

  const saved = await client.patch('/api/profile/', { name: '  Ольга Петрова ', phone_number: '+79161234567' });
  expect(saved.status).toBe(200);
  expect(saved.body.detail).toMatchObject({ email, name: 'Ольга Петрова', phone_number: '+79161234567' });
  // Every screen reads the new values at once: the session's cached account is not stale.
  expect((await client.get('/api/my_name/')).body).toEqual({ detail: 'Ольга Петрова' });
  expect((await client.get('/api/profile/')).body.detail).toEqual(saved.body.detail);

  // An empty phone removes it, as registration allows an account without one.
  const noPhone = await client.patch('/api/profile/', { name: 'Ольга Петрова', phone_number: '' });
  expect(noPhone.status).toBe(200);
  expect(noPhone.body.detail.phone_number).toBeNull();
});

test.each([
  ['an empty name', { name: '   ', phone_number: '+79161234567' }, messages.nameRequired],
  ['a name over 25 characters', { name: 'Я'.repeat(26), phone_number: null }, messages.nameTooLong],
  ['an invisible direction mark', { name: 'Анна\u202eноиЗ', phone_number: null }, messages.nameUnsafe],
  ['a name of zero width spaces', { name: '\u200b\u200b', phone_number: null }, messages.nameRequired],
  ['a name of Hangul fillers', { name: '\u3164\u3164', phone_number: null }, messages.nameRequired],
  ['a name of braille blanks', { name: '\u2800', phone_number: null }, messages.nameRequired],
  ['a zero width space inside the name', { name: 'Ан\u200bна', phone_number: null }, messages.nameUnsafe],
  ['a tower of combining marks', { name: `a${'\u0336'.repeat(20)}`, phone_number: null }, messages.nameUnsafe],
  ['a phone without +7 and ten digits', { name: 'Ольга', phone_number: '89161234567' }, messages.phoneInvalid],
])('PATCH /api/profile/ with %s is a 400 with its Russian text and changes nothing', async (_, body, detail) => {
  const client = api.client();
  await registerPlayer(client, { name: 'Ольга' });
  const refused = await client.patch('/api/profile/', body);
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe(detail);
  expect((await client.get('/api/profile/')).body.detail).toMatchObject({
    name: 'Ольга',
    phone_number: '+79990001122',
  });
});

test('PATCH /api/profile/ needs the CSRF header and a session', async () => {
  const client = api.client();
  await registerPlayer(client, { name: 'Ольга' });
  const forged = await client.patch('/api/profile/', { name: 'Мошенник', phone_number: null }, { csrf: false });
  expect(forged.status).toBe(403);
  expect(forged.body.detail).toBe(messages.csrfFailed);
  expect((await client.get('/api/my_name/')).body).toEqual({ detail: 'Ольга' });
  expect((await api.client().patch('/api/profile/', { name: 'Никто', phone_number: null })).status).toBe(401);
});

test.each(['/api/my_name/', '/api/profile/', '/api/is_admin/'])('%s without a session is a 401', async (path) => {
  const response = await api.client().get(path);
  expect(response.status).toBe(401);
  expect(response.body.detail).toBe(messages.notAuthenticated);
});

// A change made outside the API (psql) reaches its caches by the database's notification, which
// travels on a connection of its own: it is there within moments, not necessarily at the next call.
const served = (path: string, detail: string) =>
  waitFor(async () => (await api.client().get(path)).body.detail === detail, 2_000);

test('the club contacts for the profile are public data an admin can change', async () => {
  expect((await api.client().get('/api/give_contacts/')).body.detail).toMatch(/Администратор клуба/);
  await api.db.query(`UPDATE settings SET value = $1 WHERE key = 'club_contacts'`, ['Звоните: +7 (812) 555-01-02']);
  await served('/api/give_contacts/', 'Звоните: +7 (812) 555-01-02');
});

test("the default rules say when the door opens and what a no-show costs, in the installation's numbers", async () => {
  const custom = await startTestApp({ DOOR_OPENS_BEFORE_MIN: '21', NO_SHOW_AFTER_MIN: '10', NO_SHOW_PAUSE_DAYS: '3' });
  try {
    const rules = (await custom.client().get('/api/give_rules/')).body.detail as string;
    expect(rules).toContain('Дверь открывается за 21 минуту до начала игры.');
    expect(rules).toContain('если дверь не открыли в течение 10 минут после начала игры, бронь снимается');
    expect(rules).toContain('2 неявки за 30 дней приостанавливают новые бронирования на 3 дня.');
    // The player app reads the same numbers for its own texts.
    const player = custom.client();
    await registerPlayer(player);
    expect((await player.get('/api/booking_rules/')).body.detail).toMatchObject({
      door_opens_before_min: 21,
      no_show_after_min: 10,
      no_show_limit: 2,
      no_show_pause_days: 3,
    });
  } finally {
    await custom.close();
  }
});

test('the rules are public data; is_admin answers 451 until they are accepted, then false', async () => {
  const rules = await api.client().get('/api/give_rules/');
  expect(rules.body.detail).toMatch(/^Правила/);
  await api.db.query(`UPDATE settings SET value = $1 WHERE key = 'court_rules'`, ['Новые правила клуба']);
  await served('/api/give_rules/', 'Новые правила клуба');

  const client = api.client();
  await registerPlayer(client);
  const before = await client.get('/api/is_admin/');
  expect(before.status).toBe(451);
  expect(before.body.detail).toBe(messages.rulesNotAccepted);
  expect((await client.act('/api/user_read/')).status).toBe(200);
  expect((await client.get('/api/is_admin/')).body).toEqual({ detail: false });
});

test('npm run admin:create creates an admin (idempotent) whom is_admin answers true', async () => {
  const email = uniqueEmail('admin');
  const cli = join(__dirname, '../dist/cli/admin-create.js');
  const run = () =>
    execFileSync(process.execPath, [cli, '--email', email, '--password', PASSWORD], {
      env: process.env,
      encoding: 'utf8',
    });
  expect(run()).toContain('Created admin');
  expect(run()).toContain('Promoted admin');
  const rows = await api.db.query<{ count: string }[]>(`SELECT count(*) FROM users WHERE email = $1`, [email]);
  expect(rows).toEqual([{ count: '1' }]);

  const client = api.client();
  expect((await client.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
  expect((await client.get('/api/is_admin/')).body).toEqual({ detail: true });
  expect((await client.get('/api/profile/')).body.detail.role).toBe(messages.roleAdmin);
});

test('admin:create refuses a weak password with a readable message', () => {
  const cli = join(__dirname, '../dist/cli/admin-create.js');
  let stderr = '';
  try {
    execFileSync(process.execPath, [cli, '--email', uniqueEmail(), '--password', 'weak'], {
      env: process.env,
      stdio: 'pipe',
    });
  } catch (error) {
    stderr = String((error as { stderr: Buffer }).stderr);
  }
  expect(stderr).toContain(messages.passwordTooShort);
});

describe('GET /api/del_account/', () => {
  test('the account stops working at once, in every session', async () => {
    const client = api.client();
    const { email } = await registerPlayer(client);
    const other = api.client();
    await other.post('/api/login/', { email, password: PASSWORD });

    const response = await client.act('/api/del_account/');
    expect(response.body).toEqual({ detail: messages.profileDeleted });
    expect((await client.get('/api/profile/')).status).toBe(401);
    expect((await other.get('/api/profile/')).status).toBe(401);
    expect((await api.client().post('/api/login/', { email, password: PASSWORD })).status).toBe(403);
    expect((await nextMail(email)).subject).toBe('Ваш профиль удалён');
  });

  test('a purge job is queued for 10 days later and erases the personal data then, not before', async () => {
    const client = api.client();
    const { email } = await registerPlayer(client, { name: 'Стёпа' });
    const [{ id }] = await api.db.query<[{ id: number }]>(`SELECT id FROM users WHERE email = $1`, [email]);
    // Where the club reached the player: a Telegram chat, a device, a choice.
    await api.db.query(`INSERT INTO telegram_chats (user_id, chat_id, linked_at) VALUES ($1, $2, now())`, [
      id,
      5_000_000_000 + id,
    ]);
    await api.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, 'k', 'a', now())`,
      [id, `https://push.example/${id}`],
    );
    await api.db.query(
      `INSERT INTO notification_choices (user_id, kind, channel, enabled) VALUES ($1, 'reminders', 'email', false)`,
      [id],
    );
    const reachable = async () =>
      (
        await api.db.query<{ n: number }[]>(
          `SELECT (SELECT count(*) FROM telegram_chats WHERE user_id = $1) + (SELECT count(*) FROM push_subscriptions
             WHERE user_id = $1) + (SELECT count(*) FROM notification_choices WHERE user_id = $1) AS n`,
          [id],
        )
      )[0]!.n;
    await client.act('/api/del_account/');
    const [{ deleted_at }] = await api.db.query<[{ deleted_at: Date }]>(`SELECT deleted_at FROM users WHERE id = $1`, [
      id,
    ]);

    const queue = api.app.get<Queue>(getQueueToken(QUEUES.accounts));
    const job = await queue.getJob(purgeJobId(id, deleted_at));
    expect(job).toBeDefined();
    expect(job!.opts.delay).toBe(10 * DAY);
    expect(await job!.getState()).toBe('delayed');

    const user = async () =>
      (await api.db.query<Record<string, unknown>[]>(`SELECT * FROM users WHERE id = $1`, [id]))[0]!;

    // One minute early: the job runs (promoted by hand) and erases nothing.
    api.clock.advance(10 * DAY - 60_000);
    try {
      await job!.promote();
      await waitFor(async () => (await job!.getState()) === 'completed');
      expect((await user()).email).toBe(email);
      expect(Number(await reachable())).toBe(3);

      // At ten days the same job (run again) erases e-mail, phone, name and password.
      api.clock.advance(60_000);
      await job!.retry('completed');
      await waitFor(async () => (await user()).purged_at !== null);
    } finally {
      api.clock.advance(-10 * DAY);
    }
    const purged = await user();
    expect(purged).toMatchObject({
      email: `deleted-${id}@purged.invalid`,
      phone_number: null,
      name: 'Удалённый пользователь',
      password_hash: null,
    });
    expect(JSON.stringify(purged)).not.toContain('Стёпа');
    expect(Number(await reachable())).toBe(0);
  });

  test("the account's games still ahead are cancelled: their courts are free again", async () => {
    const client = api.client();
    await registerPlayer(client);
    const start = new Date(Date.now() + 3 * DAY);
    start.setUTCHours(12, 0, 0, 0); // 15:00 Moscow
    const timeStart = start.toISOString();
    expect(
      (await client.post('/api/order-court/1/', { id_cort: 1, time_start: timeStart, players_count: 2 })).status,
    ).toBe(200);
    await client.act('/api/del_account/');
    const other = api.client();
    await registerPlayer(other);
    expect(
      (await other.post('/api/order-court/1/', { id_cort: 1, time_start: timeStart, players_count: 2 })).status,
    ).toBe(200);
  });

  test('needs the CSRF header: a cross-site link cannot delete an account', async () => {
    const client = api.client();
    await registerPlayer(client);
    expect((await client.get('/api/del_account/')).status).toBe(403);
    expect((await client.get('/api/profile/')).status).toBe(200);
  });
});
