import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { generateVAPIDKeys } from 'web-push';
import { RequestError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { ConfigError, loadConfig } from '../config/app-config';
import { NameResolver, type ResolvedAddress } from './name-resolver';
import { forbiddenRange } from './push-addresses';
import { PushEndpoints } from './push-endpoints';
import { WebPushClient } from './web-push-client';
import type { PushText } from './notice-texts';

/** DNS as each test says it answers; a name not in the table does not exist. */
class TableResolver extends NameResolver {
  readonly asked: string[] = [];

  constructor(public table: Record<string, string[] | NodeJS.ErrnoException>) {
    super();
  }

  addresses(host: string): Promise<ResolvedAddress[]> {
    this.asked.push(host);
    const answer = this.table[host] ?? dnsError('ENOTFOUND', host);
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer.map((address) => ({ address, family: isIP(address) as 4 | 6 })));
  }
}

function dnsError(code: string, host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ${code} ${host}`), { code, hostname: host });
}

const vapid = generateVAPIDKeys();
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://kort@db.example.ru:5432/kort',
  REDIS_URL: 'redis://redis.example.ru:6379',
  SMTP_URL: 'smtp://mail.example.ru',
  PUBLIC_URL: 'https://kort.example.ru',
  SESSION_SECRET: 'push-endpoints-spec-session-secret-0123',
  EDGE_AGENT_TOKEN: 'push-endpoints-spec-agent-token',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:ops@kort.example.ru',
};
const DEVELOPMENT = { NODE_ENV: 'test', ...vapidOnly() };

function vapidOnly() {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = PRODUCTION;
  return { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT };
}

/** What the push services' names resolve to (addresses they really use). */
const PUSH_SERVICES_DNS = {
  'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:4010:c0e::5f'],
  'updates.push.services.mozilla.com': ['34.117.65.55'],
  'web.push.apple.com': ['17.188.180.138'],
  'wns2-by3p.notify.windows.com': ['20.42.73.29'],
};

function endpoints(env: Record<string, string>, table: Record<string, string[] | NodeJS.ErrnoException> = {}) {
  const resolver = new TableResolver({ ...PUSH_SERVICES_DNS, ...table });
  return { resolver, rule: new PushEndpoints(loadConfig(env), resolver) };
}

describe('the address rule: which addresses a push may go to', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['::127.0.0.1', 'not global unicast'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'nat64'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['100::1', 'not global unicast'],
  ])('%s is refused (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  test.each(['8.8.8.8', '142.250.74.106', '100.63.255.255', '172.32.0.1', '2a00:1450:4010:c0e::5f', '2620:0:862::1'])(
    '%s is public',
    (address) => {
      expect(forbiddenRange(address)).toBeNull();
    },
  );

  test('what is not an address is refused', () => {
    expect(forbiddenRange('localhost')).toBe('not an address');
  });
});

describe('in production: https to a push service on 443, every address it resolves to public', () => {
  test.each([
    'https://localhost./push',
    'https://localhost/push',
    'https://foo.localhost./push',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://127.0.0.1.nip.io/push',
    'https://router/push',
    'https://router./push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[fe80::1]/push',
    'https://[fc00::1]/push',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.5/push',
    'https://2130706433/push',
    'https://0x7f.1/push',
    'https://142.250.74.106/fcm/send/abc',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com:80/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://push.example.com/send/abc',
    'https://evilpush.apple.com.example.com/x',
    'ftp://fcm.googleapis.com/x',
    'not a url',
  ])('%s is refused', async (endpoint) => {
    const { rule } = endpoints(PRODUCTION, {
      'push.example.com': ['93.184.215.14'],
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'metadata.google.internal': ['169.254.169.254'],
    });
    expect(await rule.refusalOf(endpoint)).toEqual(expect.any(String));
  });

  test.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:443/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
  ])('%s is accepted', async (endpoint) => {
    const { rule, resolver } = endpoints(PRODUCTION);
    expect(await rule.refusalOf(endpoint)).toBeNull();
    expect(resolver.asked).toEqual([new URL(endpoint).hostname]);
  });

  test('a push service whose name resolves to an address inside is refused, whichever answer it is', async () => {
    for (const answers of [['10.0.0.5'], ['142.250.74.106', '127.0.0.1'], ['::ffff:127.0.0.1'], ['fd00:ec2::254']]) {
      const { rule } = endpoints(PRODUCTION, { 'fcm.googleapis.com': answers });
      expect(await rule.refusalOf('https://fcm.googleapis.com/fcm/send/abc')).toMatch(/resolves to/);
    }
  });

  test('a name that does not resolve is refused; DNS that does not answer is «try later»', async () => {
    const { rule } = endpoints(PRODUCTION, {
      'fcm.googleapis.com': dnsError('ENOTFOUND', 'fcm.googleapis.com'),
      'updates.push.services.mozilla.com': dnsError('EAI_AGAIN', 'updates.push.services.mozilla.com'),
    });
    expect(await rule.refusalOf('https://fcm.googleapis.com/fcm/send/abc')).toMatch(/does not resolve/);
    await expect(rule.refusalOf('https://updates.push.services.mozilla.com/wpush/v2/x')).rejects.toEqual(
      new KortError(RequestError.Unavailable),
    );
  });

  test('PUSH_SERVICES=any lifts the list of push services, never the address rule', async () => {
    const { rule } = endpoints(
      { ...PRODUCTION, PUSH_SERVICES: 'any' },
      {
        'push.example.com': ['93.184.215.14'],
        'cgnat.example.com': ['100.64.1.1'],
        '127.0.0.1.nip.io': ['127.0.0.1'],
        'metadata.google.internal': ['8.8.8.8'],
      },
    );
    expect(await rule.refusalOf('https://push.example.com/send/abc')).toBeNull();
    expect(await rule.refusalOf('https://cgnat.example.com/send/abc')).toMatch(/cgnat/);
    expect(await rule.refusalOf('https://127.0.0.1.nip.io/push')).toMatch(/loopback/);
    // A name of the cloud's own network is refused by its name, whatever DNS says.
    expect(await rule.refusalOf('https://metadata.google.internal/')).toEqual(expect.any(String));
    expect(await rule.refusalOf('https://push.example.com:8443/send/abc')).toEqual(expect.any(String));
  });

  test('PUSH_SERVICES names the hosts, `*.` their subdomains; anything else stops the start', () => {
    const config = loadConfig({ ...PRODUCTION, PUSH_SERVICES: 'fcm.googleapis.com, *.push.apple.com' });
    expect(config.push).toEqual({ publicOnly: true, services: ['fcm.googleapis.com', '*.push.apple.com'] });
    expect(loadConfig(PRODUCTION).push.services).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(loadConfig(DEVELOPMENT).push).toEqual({ publicOnly: false, services: 'any' });
    for (const wrong of ['https://fcm.googleapis.com', 'fcm.googleapis.com:443', '*', '*.com.', '10.0.0.1']) {
      expect(() => loadConfig({ ...PRODUCTION, PUSH_SERVICES: wrong })).toThrow(ConfigError);
    }
  });
});

test('outside production a local push service over http is allowed, and nothing is resolved', async () => {
  const { rule, resolver } = endpoints(DEVELOPMENT);
  expect(await rule.refusalOf('http://127.0.0.1:9000/push/x')).toBeNull();
  expect(await rule.refusalOf('https://localhost:8443/push/x')).toBeNull();
  expect(await rule.refusalOf('ftp://example.com/x')).toEqual(expect.any(String));
  expect(resolver.asked).toEqual([]);
});

describe('sending: the connection goes to the address that was checked', () => {
  const push: PushText = {
    notice: { title: 'Игра в 18:00', body: 'Корт 1', url: '/profile', tag: 'reminder-1' },
    ttlSeconds: 600,
    urgency: 'normal',
  };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const requests: string[] = [];
  const listener = createServer((request, response) => {
    requests.push(`${request.method} ${request.headers.host} ${request.url}`);
    request.resume();
    response.writeHead(201).end();
  });
  let port: number;
  const clients: WebPushClient[] = [];

  function client(env: Record<string, string>, table: Record<string, string[]>) {
    const { rule, resolver } = endpoints(env, table);
    const sender = new WebPushClient(loadConfig(env), rule);
    clients.push(sender);
    return { sender, resolver };
  }

  beforeAll(async () => {
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    port = (listener.address() as AddressInfo).port;
  });
  beforeEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    for (const sender of clients) sender.onModuleDestroy();
    listener.close();
    await once(listener, 'close');
  });

  test('a name that resolved outside at subscription and inside at sending (rebinding) is not connected to', async () => {
    const { sender, resolver } = client(PRODUCTION, { 'fcm.googleapis.com': ['142.250.74.106'] });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const rule = new PushEndpoints(loadConfig(PRODUCTION), resolver);
    expect(await rule.refusalOf(endpoint)).toBeNull();
    resolver.table['fcm.googleapis.com'] = ['127.0.0.1'];
    // 'refused', not 'retry': no connection to 127.0.0.1:443 was even tried.
    expect(await sender.send({ id: 1, endpoint, keys }, push)).toEqual({
      outcome: 'refused',
      status: null,
      reason: 'fcm.googleapis.com resolves to 127.0.0.1 (loopback)',
    });
  });

  test('a stored endpoint that fails the rule by its text is never sent to', async () => {
    const { sender } = client(PRODUCTION, {});
    for (const endpoint of [
      `http://127.0.0.1:${port}/push/old`,
      `https://127.0.0.1:${port}/push/old`,
      `https://localhost.:${port}/push/old`,
      `https://[::ffff:127.0.0.1]:${port}/push/old`,
    ]) {
      const result = await sender.send({ id: 2, endpoint, keys }, push);
      expect(result).toEqual({ outcome: 'forbidden', status: null, reason: expect.any(String) });
    }
    expect(requests).toEqual([]);
  });

  test('the socket goes where the checked lookup says, not where the system resolver would', async () => {
    // Outside production the rule allows this machine: the lookup is still the one that was checked.
    const { sender, resolver } = client(DEVELOPMENT, { 'push.kort.test': ['127.0.0.1'] });
    const result = await sender.send({ id: 3, endpoint: `http://push.kort.test:${port}/push/x`, keys }, push);
    expect(result).toEqual({ outcome: 'sent', status: 201 });
    expect(requests).toEqual([`POST push.kort.test:${port} /push/x`]);
    expect(resolver.asked).toContain('push.kort.test');
  });
});
