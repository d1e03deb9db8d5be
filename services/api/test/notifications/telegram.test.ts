import type { Job } from 'bullmq';
import { messages, NOTICE_KINDS } from '@kort/contracts';
import { BookingReminderProcessor } from '../../src/bookings/booking-reminder.processor';
import { NoShows } from '../../src/bookings/no-shows';
import { Notifier } from '../../src/notifications/notifier';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { bot, TELEGRAM } from '../support/fake-services';
import { msk, order, cancel, outboxDrained, signedInAdmin, signedInPlayers } from '../support/players';
import {
  lastTo,
  link,
  linkedPlayer as linkedPlayerOf,
  newChat,
  replica,
  useWebhookOf,
  type Person,
} from '../support/telegram-world';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Telegram against the fake Bot API (scripts/fake-telegram-bot-api.mjs): linking a chat,
// every kind of message, the offer's «Подтвердить» within and after the hold, a blocked bot, the
// webhook's secret, two replicas sending once and one poller across replicas. July 2027.
const NOW = '2027-07-05T06:00:00Z'; // Monday 5 July 2027, 09:00 in Moscow
const SECRET = 'kort-webhook-secret-0123456789';
let api: TestApp;
let admin: Client;
const linkedPlayer = () => linkedPlayerOf(api);

beforeAll(async () => {
  const clock = new TestClock();
  clock.set(NOW);
  api = await replica({ TELEGRAM_WEBHOOK_SECRET: SECRET }, `kort-test:tg-${process.pid}:`, clock);
  await useWebhookOf(api);
  admin = await signedInAdmin(api);
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

test('a one-time link links the chat it is opened in, once; /account shows Telegram linked and on', async () => {
  const [player] = (await signedInPlayers(api, 1)) as Person[];
  const chat = newChat();
  const link = await player!.client.post('/api/telegram/link/');
  expect(link.status).toBe(200);
  const url = new URL(link.body.detail as string);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${TELEGRAM.username}`);
  const token = url.searchParams.get('start')!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
  expect(link.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  expect(new Date(link.body.expires_at as string).getTime() - api.clock.now().getTime()).toBe(10 * 60_000);

  await bot.say(chat, `/start ${token}`);
  expect((await lastTo(chat))?.text).toContain('Игрок, Telegram подключён');
  const settings = (await player!.client.get('/api/notifications/')).body.detail;
  expect(settings.channels.telegram).toEqual({ available: true, linked: true, off: null });
  for (const kind of NOTICE_KINDS) expect(settings.choices[kind]).toEqual({ email: true, telegram: true, push: false });

  // The same token again: from the same chat a reminder it is done, from another chat nothing.
  await bot.say(chat, `/start ${token}`);
  expect((await lastTo(chat))?.text).toBe('Telegram уже подключён по этой ссылке.');
  const stranger = newChat();
  await bot.say(stranger, `/start ${token}`);
  expect((await lastTo(stranger))?.text).toMatch(/уже использована/);
  await bot.say(stranger, '/games');
  expect((await lastTo(stranger))?.text).toMatch(/не подключён к профилю/);

  // A token never issued, and a group chat, link nothing.
  await bot.say(stranger, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect((await lastTo(stranger))?.text).toMatch(/устарела или неверна/);
  const second = await player!.client.post('/api/telegram/link/');
  const group = -newChat();
  await bot.say(group, `/start ${new URL(second.body.detail as string).searchParams.get('start')}`, { type: 'group' });
  expect((await lastTo(group))?.text).toMatch(/только в личном чате/);

  const unlinked = await player!.client.post('/api/telegram/unlink/');
  expect(unlinked.body.detail).toBe('Telegram отключён');
  expect((await player!.client.get('/api/notifications/')).body.detail.channels.telegram.linked).toBe(false);
  await bot.say(chat, '/games');
  expect((await lastTo(chat))?.text).toMatch(/не подключён к профилю/);
});

test('a new link voids the previous one; a chat linked to one account cannot link another', async () => {
  const first = await linkedPlayer();
  const [other] = (await signedInPlayers(api, 1)) as Person[];
  const old = await other!.client.post('/api/telegram/link/');
  const fresh = await other!.client.post('/api/telegram/link/');
  const tokenOf = (r: { body: { detail: unknown } }) => new URL(r.body.detail as string).searchParams.get('start');
  await bot.say(first.chat, `/start ${tokenOf(old)}`);
  expect((await lastTo(first.chat))?.text).toMatch(/устарела или неверна/);
  await bot.say(first.chat, `/start ${tokenOf(fresh)}`);
  expect((await lastTo(first.chat))?.text).toMatch(/уже подключён к другому профилю/);
  expect((await other!.client.get('/api/notifications/')).body.detail.channels.telegram.linked).toBe(false);
});

test('without a bot the channel is absent: no column, and linking is 404 with the reason', async () => {
  const plain = await startTestApp();
  try {
    const [player] = (await signedInPlayers(plain, 1)) as Person[];
    const settings = (await player!.client.get('/api/notifications/')).body.detail;
    expect(settings.channels.telegram).toEqual({ available: false, linked: false, off: null });
    const link = await player!.client.post('/api/telegram/link/');
    expect(link.status).toBe(404);
    expect(link.body.detail).toBe(messages.telegramOff);
  } finally {
    await plain.close();
  }
});

test('a freed court reaches the first in line with «Подтвердить»; pressed within the hold the game is theirs', async () => {
  const [one, two] = (await signedInPlayers(api, 2)) as Person[];
  expect((await order(one!.client, 1, msk('2027-07-06', 18))).status).toBe(200);
  expect((await order(two!.client, 2, msk('2027-07-06', 18))).status).toBe(200);
  const waiting = await linkedPlayer();
  const joined = await waiting.client.post('/api/waitlist/', { time_start: msk('2027-07-06', 18) });
  expect(joined.status).toBe(200);

  expect((await cancel(two!.client, 2, msk('2027-07-06', 18))).status).toBe(200);
  const offer = await bot.message(waiting.chat, (m) => m.text.includes('корт освободился'));
  expect(offer.text).toContain('6 июля 2027 (вторник) в 18:00, корт 2');
  expect(offer.text).toContain('Держим его для вас до 09:15');
  const button = offer.reply_markup!.inline_keyboard[0]![0]!;
  expect(button).toEqual({ text: 'Подтвердить', callback_data: `confirm:${joined.body.id}` });
  // PUBLIC_URL is http here: Telegram refuses a link button to it, so there is none.
  expect(offer.reply_markup!.inline_keyboard).toHaveLength(1);

  await bot.press(waiting.chat, offer.message_id, button.callback_data!);
  const answers = await bot.answers();
  expect(answers.at(-1)?.text).toBe('Игра подтверждена');
  const games = (await waiting.client.get('/api/my-orders/')).body.detail as { time_start: string }[];
  expect(games.map((g) => g.time_start)).toContain('2027-07-06T18:00:00.000+03:00');
  expect((await lastTo(waiting.chat))?.text).toMatch(/Игра подтверждена/);
});

test('«Подтвердить» counts only for the linked player and within the hold: after it, «Время вышло»', async () => {
  const [one, two] = (await signedInPlayers(api, 2)) as Person[];
  await order(one!.client, 1, msk('2027-07-07', 18));
  await order(two!.client, 2, msk('2027-07-07', 18));
  const waiting = await linkedPlayer();
  const joined = await waiting.client.post('/api/waitlist/', { time_start: msk('2027-07-07', 18) });
  await cancel(one!.client, 1, msk('2027-07-07', 18));
  const offer = await bot.message(waiting.chat, (m) => m.text.includes('корт освободился'));

  // Unlinked from /account meanwhile: the chat is nobody's, the press confirms nothing.
  await waiting.client.post('/api/telegram/unlink/');
  await bot.press(waiting.chat, offer.message_id, `confirm:${joined.body.id}`);
  expect((await bot.answers()).at(-1)?.text).toMatch(/не подключён к профилю/);
  expect((await waiting.client.get('/api/waitlist/')).body.detail[0]).toMatchObject({ state: 'offered' });
  await link(waiting, waiting.chat);

  api.clock.advance(16 * 60_000);
  await bot.press(waiting.chat, offer.message_id, `confirm:${joined.body.id}`);
  expect((await bot.answers()).at(-1)?.text).toBe('Время вышло');
  const games = (await waiting.client.get('/api/my-orders/')).body.detail as { time_start: string }[];
  expect(games.map((g) => g.time_start)).not.toContain('2027-07-07T18:00:00.000+03:00');
});

test('every other kind arrives: reminder, club cancellation and closure with the reason, no-show; /games never shows a code', async () => {
  const player = await linkedPlayer();
  expect((await order(player.client, 1, msk('2027-07-08', 12))).status).toBe(200);
  const [game] = await api.db.query<{ id: number }[]>(
    `SELECT id FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL`,
    [player.id],
  );
  await api.app.get(BookingReminderProcessor).process({ data: { bookingId: game!.id } } as Job<{ bookingId: number }>);
  const reminder = await bot.message(player.chat, (m) => m.text.startsWith('⏰'));
  expect(reminder.text).toContain('8 июля 2027 (четверг) в 12:00, корт 1');

  await bot.say(player.chat, '/games');
  const games = await lastTo(player.chat);
  expect(games?.text).toBe('Ваши ближайшие игры:\n• 8 июля 2027 (четверг) в 12:00, корт 1');

  const cancelled = await admin.delete(`/api/admin/bookings/${game!.id}`);
  expect(cancelled.status).toBe(200);
  const byClub = await bot.message(player.chat, (m) => m.text.startsWith('❌'));
  expect(byClub.text).toContain('Клуб отменил вашу игру: 8 июля 2027 (четверг) в 12:00, корт 1.');

  expect((await order(player.client, 2, msk('2027-07-09', 15))).status).toBe(200);
  const closure = await admin.post('/api/admin/closures', {
    court_id: null,
    starts_at: msk('2027-07-09', 14),
    ends_at: msk('2027-07-09', 17),
    reason: 'Турнир',
  });
  expect(closure.status).toBe(201);
  const closed = await bot.message(player.chat, (m) => m.text.includes('9 июля'));
  expect(closed.text).toContain('Причина: Турнир.');

  // A no-show: the door's agent online and silent past the check time.
  expect((await order(player.client, 1, msk('2027-07-10', 10))).status).toBe(200);
  // Its check queued while the clock is still the booking's: moved first, the worker would run the
  // check at once, beside this test's own.
  await outboxDrained(api.db);
  const [missed] = await api.db.query<{ id: number }[]>(
    `SELECT id FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL`,
    [player.id],
  );
  await api.db.query(`UPDATE sites SET online = true, last_seen_at = now()`);
  api.clock.set('2027-07-10T07:20:00Z');
  expect(await api.app.get(NoShows).check(missed!.id)).toBe('released');
  const noShow = await bot.message(player.chat, (m) => m.text.includes('неявка'));
  expect(noShow.text).toContain('10 июля 2027 (суббота) в 10:00');
  // Never a door code or an offline PIN: the door display shows those.
  for (const message of await bot.sent(player.chat)) expect(message.text).not.toMatch(/(код|PIN)\D{0,20}\d{4}/i);
});

test('a place in line the club closed, and one the quotas passed over, are told with the reason', async () => {
  const [one, two] = (await signedInPlayers(api, 2)) as Person[];
  await order(one!.client, 1, msk('2027-07-16', 19));
  await order(two!.client, 2, msk('2027-07-16', 19));
  const waiting = await linkedPlayer();
  expect((await waiting.client.post('/api/waitlist/', { time_start: msk('2027-07-16', 19) })).status).toBe(200);
  const closure = await admin.post('/api/admin/closures', {
    court_id: null,
    starts_at: msk('2027-07-16', 19),
    ends_at: msk('2027-07-16', 20),
    reason: 'Турнир',
  });
  expect(closure.status).toBe(201);
  const closed = await bot.message(waiting.chat, (m) => m.text.startsWith('Очередь на'));
  expect(closed.text).toBe(
    'Очередь на 16 июля 2027 (пятница) в 19:00 снята: в это время клуб закрыт (Турнир).\nВыберите другое время в приложении.',
  );

  // In line while already holding the day's one game: the freed court passes them over, and says why.
  const [three, four] = (await signedInPlayers(api, 2)) as Person[];
  await order(three!.client, 1, msk('2027-07-17', 19));
  await order(four!.client, 2, msk('2027-07-17', 19));
  const busy = await linkedPlayer();
  expect((await busy.client.post('/api/waitlist/', { time_start: msk('2027-07-17', 19) })).status).toBe(200);
  expect((await order(busy.client, 1, msk('2027-07-17', 9))).status).toBe(200);
  await cancel(three!.client, 1, msk('2027-07-17', 19));
  const skipped = await bot.message(busy.chat, (m) => m.text.includes('записать вас не получилось'));
  expect(skipped.text).toContain('17 июля 2027 (суббота) в 19:00, корт 1');
});

test('a player who turned Telegram off for a kind gets that kind by e-mail only', async () => {
  const player = await linkedPlayer();
  const off = await player.client.put('/api/notifications/', {
    kind: 'reminders',
    channel: 'telegram',
    enabled: false,
  });
  expect(off.status).toBe(200);
  expect(off.body.detail.choices.reminders).toEqual({ email: true, telegram: false, push: false });
  expect(off.body.detail.choices.club).toEqual({ email: true, telegram: true, push: false });
  await order(player.client, 2, msk('2027-07-12', 12));
  const [game] = await api.db.query<{ id: number }[]>(`SELECT id FROM bookings WHERE user_id = $1`, [player.id]);
  await api.app.get(BookingReminderProcessor).process({ data: { bookingId: game!.id } } as Job<{ bookingId: number }>);
  await waitFor(async () => {
    const rows = await api.db.query<{ state: string }[]>(
      `SELECT state FROM notification_deliveries WHERE event = $1 AND user_id = $2 AND channel = 'email'`,
      [`reminder:${game!.id}`, player.id],
    );
    return rows[0]?.state === 'sent';
  });
  const channels = await api.db.query<{ channel: string }[]>(
    `SELECT channel FROM notification_deliveries WHERE event = $1`,
    [`reminder:${game!.id}`],
  );
  expect(channels.map((c) => c.channel)).toEqual(['email']);
  const bad = await player.client.put('/api/notifications/', { kind: 'reminders', channel: 'sms', enabled: true });
  expect(bad.status).toBe(400);
  expect(bad.body.detail).toBe('Неизвестный канал');
});

test('a bot the player blocked (403) switches Telegram off, noted on /account, and is not retried', async () => {
  const player = await linkedPlayer();
  await bot.block(player.chat);
  await order(player.client, 1, msk('2027-07-13', 12));
  const [game] = await api.db.query<{ id: number }[]>(`SELECT id FROM bookings WHERE user_id = $1`, [player.id]);
  await api.app.get(BookingReminderProcessor).process({ data: { bookingId: game!.id } } as Job<{ bookingId: number }>);
  await waitFor(async () => {
    const settings = (await player.client.get('/api/notifications/')).body.detail;
    return settings.channels.telegram.off === 'blocked';
  });
  const settings = (await player.client.get('/api/notifications/')).body.detail;
  expect(settings.channels.telegram).toEqual({ available: true, linked: false, off: 'blocked' });
  expect(settings.choices.reminders.telegram).toBe(false);
  const [row] = await api.db.query<{ state: string; attempts: number; outcome: string }[]>(
    `SELECT state, attempts, outcome FROM notification_deliveries WHERE event = $1 AND channel = 'telegram'`,
    [`reminder:${game!.id}`],
  );
  expect(row).toMatchObject({ state: 'dropped', attempts: 1 });
  expect(row!.outcome).toMatch(/blocked/);
  const tries = (await bot.requests()).filter(
    (r) => r.method === 'sendMessage' && Number(r.params.chat_id) === player.chat && r.status === 403,
  );
  expect(tries).toHaveLength(1);
});

test('Telegram asking to slow down (429 retry_after) delays the message, it is not lost', async () => {
  const player = await linkedPlayer();
  await order(player.client, 2, msk('2027-07-14', 12));
  const [game] = await api.db.query<{ id: number }[]>(`SELECT id FROM bookings WHERE user_id = $1`, [player.id]);
  await bot.rateLimit(1, 1);
  await api.app.get(BookingReminderProcessor).process({ data: { bookingId: game!.id } } as Job<{ bookingId: number }>);
  const reminder = await bot.message(player.chat, (m) => m.text.startsWith('⏰'), 15_000);
  expect(reminder.text).toContain('14 июля 2027');
  const tries = (await bot.requests()).filter(
    (r) => r.method === 'sendMessage' && Number(r.params.chat_id) === player.chat && r.status !== 200,
  );
  expect(tries.map((r) => r.status)).toEqual([429]);
});

test('the webhook refuses a wrong or missing secret and reads nothing', async () => {
  const chat = newChat();
  const update = {
    update_id: 990_000_001,
    message: {
      message_id: 1,
      date: 1,
      chat: { id: chat, type: 'private' },
      from: { id: chat, is_bot: false, first_name: 'X' },
      text: '/help',
      entities: [{ type: 'bot_command', offset: 0, length: 5 }],
    },
  };
  const client = api.client();
  // As Telegram calls it: no cookie, no CSRF header.
  const wrong = await client.post('/api/telegram/webhook', update, {
    csrf: false,
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret-at-all' },
  });
  expect(wrong.status).toBe(401);
  const missing = await client.post('/api/telegram/webhook', update, { csrf: false });
  expect(missing.status).toBe(401);
  const right = await client.post('/api/telegram/webhook', update, {
    csrf: false,
    headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
  });
  expect(right.status).toBe(200);
  const replies = await bot.sent(chat);
  expect(replies).toHaveLength(1);
  expect(replies[0]!.text).toContain('/games — ваши ближайшие игры');
});

test('two replicas asked for the same notice send it once', async () => {
  const second = await replica({ TELEGRAM_WEBHOOK_SECRET: SECRET }, api.config.redisPrefix, api.clock);
  try {
    const player = await linkedPlayer();
    await order(player.client, 1, msk('2027-07-15', 12));
    const [game] = await api.db.query<{ id: number }[]>(`SELECT id FROM bookings WHERE user_id = $1`, [player.id]);
    const notice = {
      type: 'reminder' as const,
      bookingId: game!.id,
      startsAt: new Date(msk('2027-07-15', 12)).toISOString(),
      courtId: 1,
    };
    await Promise.all([
      api.app.get(Notifier).notify(player.id, notice),
      second.app.get(Notifier).notify(player.id, notice),
      api.app.get(Notifier).notify(player.id, notice),
    ]);
    await bot.message(player.chat, (m) => m.text.startsWith('⏰'));
    await waitFor(async () => {
      const rows = await api.db.query<{ state: string }[]>(
        `SELECT state FROM notification_deliveries WHERE event = $1`,
        [`reminder:${game!.id}`],
      );
      return rows.length === 2 && rows.every((r) => r.state === 'sent');
    });
    expect((await bot.sent(player.chat)).filter((m) => m.text.startsWith('⏰'))).toHaveLength(1);
  } finally {
    await second.close();
    // The second replica set the webhook to itself at start: point it back.
    await bot.api('setWebhook', { url: `${api.config.publicUrl}/api/telegram/webhook`, secret_token: SECRET });
  }
});

test('without a webhook one replica of two polls getUpdates; each update is answered once', async () => {
  await api.close();
  const prefix = `kort-test:tg-poll-${process.pid}:`;
  const clock = new TestClock();
  clock.set(NOW);
  const [one, two] = [await replica({}, prefix, clock), await replica({}, prefix, clock)];
  api = one;
  try {
    await waitFor(async () => (await bot.webhook()) === null);
    const chats = [newChat(), newChat(), newChat()];
    for (const chat of chats) await bot.say(chat, '/help');
    for (const chat of chats) await bot.message(chat, (m) => m.text.includes('/games'));
    const requests = await bot.requests();
    expect(requests.filter((r) => r.method === 'getUpdates' && r.status === 409)).toEqual([]);
    for (const chat of chats) expect(await bot.sent(chat)).toHaveLength(1);
  } finally {
    await two.close();
  }
});
