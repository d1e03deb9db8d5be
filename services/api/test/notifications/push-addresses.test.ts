import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, isIP, type AddressInfo, type Socket } from 'node:net';
import { generateVAPIDKeys } from 'web-push';
import { messages } from '@kort/contracts';
import { Notifier } from '../../src/notifications/notifier';
import { NameResolver } from '../../src/notifications/name-resolver';
import { pushService } from '../support/fake-services';
import { captureLogLines } from '../support/log-lines';
import { msk, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';

// A production-configured API (NODE_ENV=production, the default list of push services) and the
// endpoints a player could hand it to make the server call inside the club's network. DNS is the
// one thing answered for the test (this machine has no outside DNS): the names resolve as they do
// on the internet, or as an attacker's DNS makes them.
const NOW = '2027-08-02T06:00:00Z';
const keys = generateVAPIDKeys();
const DNS: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.106'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'localhost.': ['127.0.0.1'],
  'foo.localhost.': ['127.0.0.1'],
};
const lines: string[] = [];
let api: TestApp;
let dns: Record<string, string[]>;
let resolver: jest.SpiedFunction<NameResolver['addresses']>;

/** A TCP listener on this machine that counts every connection made to it. */
const local = { connections: 0, port: 0 };
const listener = createServer((socket: Socket) => {
  local.connections += 1;
  socket.destroy();
});

beforeAll(async () => {
  captureLogLines(lines);
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  local.port = (listener.address() as AddressInfo).port;
  api = await startTestApp(
    {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kort.example.ru',
      SESSION_SECRET: 'push-addresses-test-session-secret-0123',
      LOG_LEVEL: 'warn',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@kort.example.ru',
    },
    new TestClock(),
  );
  resolver = jest.spyOn(api.app.get(NameResolver), 'addresses').mockImplementation((host: string) => {
    const answers = dns[host];
    if (!answers)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(answers.map((address) => ({ address, family: isIP(address) as 4 | 6 })));
  });
});
beforeEach(() => {
  api.clock.set(NOW);
  dns = { ...DNS };
  lines.length = 0;
});
afterAll(async () => {
  await api?.close();
  listener.close();
  jest.restoreAllMocks();
});

async function player() {
  const [one] = await signedInPlayers(api, 1);
  return one!;
}

/**
 * A reminder of a game tomorrow, sent on every channel the player has: the push try's outcome once
 * every channel is done, or null when no push was due (no device left).
 */
async function remind(userId: number): Promise<{ state: string; outcome: string } | null> {
  const bookingId = Math.floor(Math.random() * 1e9);
  await api.app.get(Notifier).notify(userId, {
    type: 'reminder',
    bookingId,
    startsAt: new Date(msk('2027-08-03', 18)).toISOString(),
    courtId: 1,
  });
  let rows: { channel: string; state: string; outcome: string }[] = [];
  await waitFor(async () => {
    rows = await api.db.query(`SELECT channel, state, outcome FROM notification_deliveries WHERE event = $1`, [
      `reminder:${bookingId}`,
    ]);
    return rows.length > 0 && rows.every((row) => ['sent', 'dropped', 'failed'].includes(row.state));
  });
  const push = rows.find((row) => row.channel === 'push');
  return push ? { state: push.state, outcome: push.outcome } : null;
}

const logged = (message: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === message);

test('subscriptions to this machine, the club’s network or the cloud’s metadata are refused with the reason', async () => {
  const { client } = await player();
  const subscription = await pushService.subscription();
  for (const endpoint of [
    'https://localhost./push/x',
    'https://foo.localhost./push/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://127.0.0.1.nip.io/push/x',
    'https://[::1]/push/x',
    'https://[::ffff:127.0.0.1]/push/x',
    'https://[fe80::1]/push/x',
    'https://[fc00::1]/push/x',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'http://fcm.googleapis.com/fcm/send/x',
    subscription.endpoint,
  ]) {
    const refused = await client.post('/api/push/subscribe/', { ...subscription, endpoint });
    expect({ endpoint, status: refused.status, detail: refused.body.detail }).toEqual({
      endpoint,
      status: 400,
      detail: messages.pushEndpointRefused,
    });
  }
  // A push service's own name, once its DNS answers with an address inside, is refused too.
  dns['fcm.googleapis.com'] = ['10.0.0.5'];
  const inside = await client.post('/api/push/subscribe/', {
    ...subscription,
    endpoint: 'https://fcm.googleapis.com/fcm/send/x',
  });
  expect([inside.status, inside.body.detail]).toEqual([400, messages.pushEndpointRefused]);
  expect((await client.get('/api/notifications/')).body.detail.channels.push.devices).toBe(0);
  expect(local.connections).toBe(0);
});

test('a push service by its name is accepted; DNS that does not answer is «try later», not a refusal', async () => {
  const { client } = await player();
  const subscription = await pushService.subscription();
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
  const saved = await client.post('/api/push/subscribe/', { ...subscription, endpoint });
  expect([saved.status, saved.body.detail]).toEqual([200, messages.pushSubscribed]);
  resolver.mockRejectedValueOnce(
    Object.assign(new Error('getaddrinfo EAI_AGAIN fcm.googleapis.com'), { code: 'EAI_AGAIN' }),
  );
  const later = await client.post('/api/push/subscribe/', { ...subscription, endpoint: `${endpoint}-2` });
  expect([later.status, later.body.detail]).toEqual([503, messages.serviceUnavailable]);
  expect((await client.get('/api/notifications/')).body.detail.channels.push.devices).toBe(1);
});

test('endpoints an older install saved are not posted to: removed, noted for the player, logged once and masked', async () => {
  const { id, client } = await player();
  const fake = await pushService.subscription();
  const secret = randomUUID();
  const endpoints = [
    fake.endpoint,
    `http://127.0.0.1:${local.port}/push/${secret}`,
    `https://127.0.0.1:${local.port}/push/${secret}`,
    `https://localhost.:${local.port}/push/${secret}`,
    `https://[::ffff:127.0.0.1]:${local.port}/push/${secret}`,
  ];
  for (const endpoint of endpoints) {
    await api.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())`,
      [id, endpoint, fake.keys.p256dh, fake.keys.auth],
    );
  }
  expect(await remind(id)).toEqual({ state: 'dropped', outcome: 'devices: 0 sent, 0 gone, 0 refused, 5 forbidden' });
  expect(local.connections).toBe(0);
  expect(await pushService.attempts(fake.endpoint)).toEqual([]);

  const settings = await client.get('/api/notifications/');
  expect(settings.status).toBe(200);
  expect(settings.body.detail.channels.push).toMatchObject({ devices: 0, off: 'gone' });
  const removed = logged('push endpoint fails the address rule: not sent, subscription removed');
  expect(removed.map((line) => line.endpoint).sort()).toEqual(
    [
      `${new URL(fake.endpoint).origin}/…`,
      `http://127.0.0.1:${local.port}/…`,
      `https://127.0.0.1:${local.port}/…`,
      `https://localhost.:${local.port}/…`,
      `https://[::ffff:7f00:1]:${local.port}/…`,
    ].sort(),
  );
  expect(lines.join('\n')).not.toContain(secret);
  expect(lines.join('\n')).not.toContain(fake.endpoint);

  // Once: the next notice has no device to go to and logs nothing about them.
  expect(await remind(id)).toBeNull();
  expect(logged('push endpoint fails the address rule: not sent, subscription removed')).toHaveLength(5);
});

test('a push service whose name turns to an address inside before the send (rebinding) is not connected to', async () => {
  const { id, client } = await player();
  const subscription = await pushService.subscription();
  const secret = randomUUID();
  const endpoint = `https://fcm.googleapis.com/fcm/send/${secret}`;
  expect((await client.post('/api/push/subscribe/', { ...subscription, endpoint })).status).toBe(200);
  dns['fcm.googleapis.com'] = ['127.0.0.1'];
  // Refused for this message, not retried against 127.0.0.1:443; the device stays subscribed.
  expect(await remind(id)).toEqual({ state: 'dropped', outcome: 'devices: 0 sent, 0 gone, 1 refused, 0 forbidden' });
  expect((await client.get('/api/notifications/')).body.detail.channels.push).toMatchObject({ devices: 1, off: null });
  const [refused, ...more] = logged('push refused');
  expect(more).toEqual([]);
  expect(refused).toMatchObject({
    endpoint: 'https://fcm.googleapis.com/…',
    reason: 'fcm.googleapis.com resolves to 127.0.0.1 (loopback)',
  });
  expect(lines.join('\n')).not.toContain(secret);
});
