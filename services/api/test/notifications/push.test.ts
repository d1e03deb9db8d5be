import { generateVAPIDKeys } from 'web-push';
import { messages } from '@kort/contracts';
import { Notifier } from '../../src/notifications/notifier';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { pushService } from '../support/fake-services';
import { cancel, msk, order, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Web push against a local push service (scripts/fake-push-service.mjs) that checks the
// VAPID JWT and decrypts the aes128gcm payload (RFC 8291) with the subscription's private key, as
// a browser's push service and the browser do. August 2027.
const NOW = '2027-08-02T06:00:00Z'; // Monday 2 August 2027, 09:00 in Moscow
const keys = generateVAPIDKeys();

type Person = { client: Client; id: number; email: string };
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp(
    { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@kort.example' },
    new TestClock(),
    { ownDatabase: true },
  );
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

async function subscribed(): Promise<Person & { endpoint: string }> {
  const [player] = (await signedInPlayers(api, 1)) as Person[];
  const subscription = await pushService.subscription();
  const saved = await player!.client.post('/api/push/subscribe/', subscription);
  expect(saved.status).toBe(200);
  expect(saved.body.detail).toBe('Уведомления на этом устройстве включены');
  return { ...player!, endpoint: subscription.endpoint };
}

/** Both courts taken at that hour, `waiting` first in line, then one court freed: the offer. */
async function offerTo(waiting: Person, date: string, hour: number): Promise<number> {
  const [one, two] = (await signedInPlayers(api, 2)) as Person[];
  await order(one!.client, 1, msk(date, hour));
  await order(two!.client, 2, msk(date, hour));
  const joined = await waiting.client.post('/api/waitlist/', { time_start: msk(date, hour) });
  expect(joined.status).toBe(200);
  await cancel(one!.client, 1, msk(date, hour));
  return joined.body.id as number;
}

test('the settings offer push with the VAPID key; a subscribed device turns the column on', async () => {
  const [player] = (await signedInPlayers(api, 1)) as Person[];
  const before = (await player!.client.get('/api/notifications/')).body.detail;
  expect(before.channels.push).toEqual({ available: true, public_key: keys.publicKey, devices: 0, off: null });
  expect(before.choices.waitlist).toEqual({ email: true, telegram: false, push: false });
  const subscription = await pushService.subscription();
  await player!.client.post('/api/push/subscribe/', subscription);
  // The same device again (a new key after the browser renewed it) is still one device.
  await player!.client.post('/api/push/subscribe/', subscription);
  const after = (await player!.client.get('/api/notifications/')).body.detail;
  expect(after.channels.push.devices).toBe(1);
  expect(after.choices.waitlist).toEqual({ email: true, telegram: false, push: true });

  const bad = await player!.client.post('/api/push/subscribe/', { endpoint: 'not a url', keys: {} });
  expect(bad.status).toBe(400);
  const gone = await player!.client.post('/api/push/unsubscribe/', { endpoint: subscription.endpoint });
  expect(gone.body.detail).toBe('Уведомления на этом устройстве отключены');
  expect((await player!.client.get('/api/notifications/')).body.detail.channels.push.devices).toBe(0);
});

test('a waitlist offer arrives encrypted, with the hold as its TTL and high urgency; a tap opens the offer', async () => {
  const waiting = await subscribed();
  const entry = await offerTo(waiting, '2027-08-03', 18);
  const push = await pushService.next(waiting.endpoint);
  expect(push.urgency).toBe('high');
  // The hold is 15 minutes from the offer; the push goes within seconds of it.
  expect(push.ttl).toBeLessThanOrEqual(900);
  expect(push.ttl).toBeGreaterThan(880);
  expect(push.json).toEqual({
    title: 'Корт освободился — он ваш',
    body: '3 августа 2027, 18:00, корт 1. Держим до 09:15: подтвердите в «Моих играх».',
    url: `/profile?offer=${entry}`,
    tag: `offer-${entry}`,
  });
  // Operators count them: /metrics says how many notices went, by channel, kind and outcome.
  await waitFor(async () => {
    const text = (await api.client().get('/metrics')).text;
    return /^kort_notices_total\{channel="push",kind="waitlist",outcome="sent"\} [1-9]/m.test(text);
  });
});

test('several devices each get it; a subscription gone (410) is removed and noted, the others stay', async () => {
  const waiting = await subscribed();
  const phone = await pushService.subscription();
  await waiting.client.post('/api/push/subscribe/', phone);
  await pushService.expire(waiting.endpoint);
  await offerTo(waiting, '2027-08-04', 18);
  await pushService.next(phone.endpoint);
  await waitFor(async () => (await waiting.client.get('/api/notifications/')).body.detail.channels.push.off === 'gone');
  const settings = (await waiting.client.get('/api/notifications/')).body.detail;
  expect(settings.channels.push).toMatchObject({ devices: 1, off: 'gone' });
  expect((await pushService.attempts(waiting.endpoint)).map((a) => a.status)).toEqual([410]);
  // Subscribing again clears the note.
  await waiting.client.post('/api/push/subscribe/', await pushService.subscription());
  expect((await waiting.client.get('/api/notifications/')).body.detail.channels.push.off).toBeNull();
});

test('an offer whose hold is over by the time it would go is not sent on any channel', async () => {
  const waiting = await subscribed();
  const event = 'waitlist-offer:987654';
  await api.app.get(Notifier).notify(waiting.id, {
    type: 'waitlist-offer',
    entryId: 987654,
    startsAt: new Date(msk('2027-08-05', 18)).toISOString(),
    courtId: 1,
    holdUntil: new Date(api.clock.now().getTime() - 1000).toISOString(),
  });
  await waitFor(async () => {
    const rows = await api.db.query<{ state: string }[]>(`SELECT state FROM notification_deliveries WHERE event = $1`, [
      event,
    ]);
    return rows.length === 2 && rows.every((row) => row.state === 'dropped');
  });
  const rows = await api.db.query<{ channel: string; outcome: string }[]>(
    `SELECT channel, outcome FROM notification_deliveries WHERE event = $1 ORDER BY channel`,
    [event],
  );
  expect(rows).toEqual([
    { channel: 'email', outcome: 'too late: its moment has passed' },
    { channel: 'push', outcome: 'too late: its moment has passed' },
  ]);
  expect(await pushService.attempts(waiting.endpoint)).toEqual([]);
});

test('without VAPID keys the channel is absent and a subscription is refused with the reason', async () => {
  const plain = await startTestApp();
  try {
    const [player] = (await signedInPlayers(plain, 1)) as Person[];
    const settings = (await player!.client.get('/api/notifications/')).body.detail;
    expect(settings.channels.push).toEqual({ available: false, public_key: null, devices: 0, off: null });
    const refused = await player!.client.post('/api/push/subscribe/', await pushService.subscription());
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(messages.pushOff);
  } finally {
    await plain.close();
  }
});
