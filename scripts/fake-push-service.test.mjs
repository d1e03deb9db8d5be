// The fake Web Push service itself: `node --test scripts/fake-push-service.test.mjs`. The payloads are
// encrypted by an independent RFC 8291 encryptor written here (HKDF by hand with HMAC), pinned to the
// RFC's Appendix A vector, and, when it is installed, by the web-push package.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';
import https from 'node:https';
import { after, before, beforeEach, test } from 'node:test';
import { promisify } from 'node:util';
import { decryptAes128gcm, startFakePushService } from './fake-push-service.mjs';

let fake;
before(async () => {
  fake = await startFakePushService();
});
beforeEach(() => fake.reset());
after(() => fake.stop());

const b64 = (buffer) => Buffer.from(buffer).toString('base64url');
const unb64 = (text) => Buffer.from(text, 'base64url');

/** RFC 8291, Appendix A. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** HKDF-SHA-256 (RFC 5869) from HMAC, for one output block. */
const hkdf = (salt, ikm, info, length) => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
};

/** The application server's side of RFC 8291 / RFC 8188: one aes128gcm record. */
function encrypt(plaintext, keys, { salt = randomBytes(16), asPrivate, rs = 4096, padding = 0 } = {}) {
  const sender = createECDH('prime256v1');
  if (asPrivate) sender.setPrivateKey(unb64(asPrivate));
  else sender.generateKeys();
  const asPublic = sender.getPublicKey();
  const uaPublic = unb64(keys.p256dh);
  const secret = sender.computeSecret(uaPublic);
  const ikm = hkdf(unb64(keys.auth), secret, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const record = Buffer.concat([Buffer.from(plaintext), Buffer.from([2]), Buffer.alloc(padding)]);
  const sealed = Buffer.concat([cipher.update(record), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(rs, 16);
  header[20] = asPublic.length;
  return Buffer.concat([header, asPublic, sealed]);
}

const newVapidKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64(ecdh.getPublicKey()), privateKey: b64(ecdh.getPrivateKey()) };
};
const vapid = newVapidKeys();

/** RFC 8292's header, signed ES256; `claims` overrides (undefined removes) the defaults. */
function vapidHeader(endpoint, keys = vapid, claims = {}) {
  const part = (value) => b64(JSON.stringify(value));
  const body = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(Date.now() / 1000) + 12 * 3600,
    sub: 'mailto:ops@kort.example',
    ...claims,
  };
  const signing = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(body)}`;
  const pub = unb64(keys.publicKey);
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(pub.subarray(1, 33)), y: b64(pub.subarray(33)), d: keys.privateKey },
    format: 'jwk',
  });
  const signature = sign('sha256', Buffer.from(signing), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signing}.${b64(signature)}, k=${keys.publicKey}`;
}

/** POSTs a push the way an application server does; `headers` overrides (undefined removes) the defaults. */
async function push(subscription, plaintext, headers = {}, body = encrypt(plaintext, subscription.keys)) {
  const all = {
    TTL: '60',
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    Authorization: vapidHeader(subscription.endpoint),
    ...headers,
  };
  const res = await fetch(subscription.endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)),
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

test('the encryptor here reproduces RFC 8291 Appendix A, and the fake decrypts it', () => {
  const keys = { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret };
  const body = encrypt(RFC8291.plaintext, keys, { salt: unb64(RFC8291.salt), asPrivate: RFC8291.asPrivate });
  assert.equal(b64(body), RFC8291.body);
  const plain = decryptAes128gcm(unb64(RFC8291.body), {
    privateKey: unb64(RFC8291.uaPrivate),
    authSecret: unb64(RFC8291.authSecret),
  });
  assert.equal(plain.toString('utf8'), RFC8291.plaintext);
  const tampered = unb64(RFC8291.body);
  tampered[tampered.length - 20] ^= 1;
  assert.throws(
    () => decryptAes128gcm(tampered, { privateKey: unb64(RFC8291.uaPrivate), authSecret: unb64(RFC8291.authSecret) }),
    /authentication failed/,
  );
});

test('the RFC 8291 message POSTed to a subscription with the RFC keys is delivered as its plaintext', async () => {
  const subscription = fake.newSubscription({ privateKey: RFC8291.uaPrivate, authSecret: RFC8291.authSecret });
  assert.deepEqual(subscription.keys, { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret });
  const res = await push(subscription, null, {}, unb64(RFC8291.body));
  assert.equal(res.status, 201);
  assert.deepEqual(
    fake.received().map((p) => [p.payload, p.json]),
    [[RFC8291.plaintext, null]],
  );
});

test('newSubscription is PushSubscription.toJSON(); a push round-trips with TTL, Urgency, Topic, VAPID', async () => {
  const subscription = fake.newSubscription();
  assert.match(subscription.endpoint, new RegExp(`^${fake.url}/push/[A-Za-z0-9_-]{32}$`));
  assert.equal(subscription.expirationTime, null);
  assert.equal(unb64(subscription.keys.p256dh).length, 65);
  assert.equal(unb64(subscription.keys.p256dh)[0], 4);
  assert.equal(unb64(subscription.keys.auth).length, 16);
  const notice = { title: 'Освободился корт', body: 'Корт 3, 20:00', url: '/my-games', tag: 'waitlist-42' };
  const waiting = fake.waitFor((p) => p.json?.tag === 'waitlist-42');
  const body = encrypt(JSON.stringify(notice), subscription.keys, { padding: 100 });
  const res = await push(subscription, null, { TTL: '3600', Urgency: 'high', Topic: 'waitlist42' }, body);
  assert.equal(res.status, 201);
  assert.match(res.headers.get('location'), new RegExp(`^${fake.url}/m/`));
  const delivered = await waiting;
  assert.deepEqual(
    { ...delivered, at: 0, vapid: { ...delivered.vapid, exp: 0 } },
    {
      endpoint: subscription.endpoint,
      ttl: 3600,
      urgency: 'high',
      topic: 'waitlist42',
      payload: JSON.stringify(notice),
      json: notice,
      vapid: { aud: fake.url, sub: 'mailto:ops@kort.example', exp: 0, k: vapid.publicKey },
      at: 0,
    },
  );
  assert.equal((await push(subscription, 'без срочности')).status, 201);
  assert.deepEqual(
    fake.received().map((p) => [p.urgency, p.topic, p.payload]),
    [
      ['high', 'waitlist42', JSON.stringify(notice)],
      ['normal', null, 'без срочности'],
    ],
  );
});

test('TTL is required; Urgency, Topic, the encoding and the ciphertext are checked', async () => {
  const subscription = fake.newSubscription();
  const missing = await push(subscription, 'x', { TTL: undefined });
  assert.deepEqual([missing.status, missing.body.errno, missing.body.message], [400, 111, 'Missing TTL header']);
  assert.equal((await push(subscription, 'x', { TTL: 'soon' })).status, 400);
  assert.equal((await push(subscription, 'x', { Urgency: 'urgent' })).status, 400);
  assert.equal((await push(subscription, 'x', { Topic: 'not a valid topic!' })).status, 400);
  assert.equal((await push(subscription, 'x', { 'Content-Encoding': 'aesgcm' })).status, 415);
  const other = fake.newSubscription();
  const wrongKeys = await push(subscription, null, {}, encrypt('x', other.keys));
  assert.deepEqual(
    [wrongKeys.status, wrongKeys.body.message],
    [400, 'The browser could not decrypt the payload: AES-GCM authentication failed (wrong keys, auth secret or salt)'],
  );
  const tooBig = await push(subscription, null, {}, encrypt('я'.repeat(2100), subscription.keys));
  assert.equal(tooBig.status, 413);
  assert.equal((await push(subscription, null, {}, Buffer.alloc(0))).status, 201, 'a push without payload');
  assert.deepEqual(
    fake.received().map((p) => [p.payload, p.json]),
    [['', null]],
  );
  assert.deepEqual(
    fake.attempts().map((a) => a.status),
    [400, 400, 400, 400, 415, 400, 413, 201],
  );
});

test('VAPID: missing, badly signed, wrong aud, expired, too long, no sub → 401; another key → 403', async () => {
  const subscription = fake.newSubscription();
  const status = async (authorization) => (await push(subscription, 'x', { Authorization: authorization })).status;
  assert.equal(await status(undefined), 401);
  assert.equal(await status(`WebPush ${vapidHeader(subscription.endpoint).slice(8)}`), 401);
  const forged = vapidHeader(subscription.endpoint, newVapidKeys()).replace(/k=.*$/, `k=${vapid.publicKey}`);
  assert.equal(await status(forged), 401);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { aud: 'https://fcm.googleapis.com' })), 401);
  const nowS = Math.floor(Date.now() / 1000);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { exp: nowS - 1 })), 401);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { exp: nowS + 25 * 3600 })), 401);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { sub: undefined })), 401);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { sub: 'ops@kort.example' })), 401);
  assert.equal(await status(vapidHeader(subscription.endpoint, vapid, { sub: 'https://kort.example' })), 201);
  assert.deepEqual(
    fake.attempts().map((a) => a.error && a.error.replace(/^Unauthorized: /, '')),
    [
      'missing Authorization: vapid t=<JWT>, k=<key> (RFC 8292)',
      'missing Authorization: vapid t=<JWT>, k=<key> (RFC 8292)',
      'the JWT signature does not verify with k',
      `aud must be the push service origin ${fake.url}`,
      'the JWT has expired',
      'exp is more than 24 hours ahead',
      'sub must be a mailto: or https: contact',
      'sub must be a mailto: or https: contact',
      null,
    ],
  );
  const bound = fake.newSubscription({ applicationServerKey: newVapidKeys().publicKey });
  assert.equal((await push(bound, 'x')).status, 403);
  assert.equal(fake.received().length, 1);
});

test('answerNext: 410, 429 with Retry-After and 500 are answered once each and not delivered; unknown endpoint 404', async () => {
  const subscription = fake.newSubscription();
  fake.answerNext(410);
  fake.answerNext(429, 1, { retryAfter: 30 });
  fake.answerNext(500, 2);
  const gone = await push(subscription, 'first');
  assert.deepEqual([gone.status, gone.body.code, gone.body.error], [410, 410, 'Gone']);
  const limited = await push(subscription, 'second');
  assert.deepEqual([limited.status, limited.headers.get('retry-after')], [429, '30']);
  assert.equal((await push(subscription, 'third')).status, 500);
  assert.equal((await push(subscription, 'fourth')).status, 500);
  assert.equal((await push(subscription, 'fifth')).status, 201);
  assert.deepEqual(
    fake.received().map((p) => p.payload),
    ['fifth'],
  );
  assert.deepEqual(
    fake.attempts().map((a) => [a.status, a.payload]),
    [
      [410, 'first'],
      [429, 'second'],
      [500, 'third'],
      [500, 'fourth'],
      [201, 'fifth'],
    ],
  );
  const unknown = { ...subscription, endpoint: `${fake.url}/push/never-subscribed` };
  assert.equal((await push(unknown, 'x')).status, 404);
  fake.expire(subscription.endpoint);
  assert.equal((await push(subscription, 'x')).status, 410);
  assert.deepEqual((await fake.waitForAttempt((a) => a.status === 404)).endpoint, unknown.endpoint);
});

test('waitFor resolves on a later push and rejects with a summary on timeout', async () => {
  const subscription = fake.newSubscription();
  const waiting = fake.waitFor((p) => p.payload === 'второй');
  await push(subscription, 'первый');
  await push(subscription, 'второй');
  assert.equal((await waiting).payload, 'второй');
  fake.answerNext(410);
  await push(subscription, 'третий');
  await assert.rejects(
    fake.waitFor((p) => p.payload === 'третий', 50),
    /no push matched within 50 ms \(2 delivered; attempts answered 201, 201, 410\)/,
  );
});

test('the control API over HTTP: subscription, answer, received, attempts, reset', async () => {
  const post = (action, body) => fetch(`${fake.url}/__fake/${action}`, { method: 'POST', body: JSON.stringify(body) });
  const subscription = await (await post('subscription', {})).json();
  assert.match(subscription.endpoint, /\/push\//);
  assert.equal((await post('answer', { status: 404, n: 1 })).status, 200);
  assert.equal((await post('answer', { status: 42 })).status, 400);
  assert.equal((await push(subscription, 'a')).status, 404);
  assert.equal((await push(subscription, 'b')).status, 201);
  const received = await (await fetch(`${fake.url}/__fake/received`)).json();
  assert.deepEqual(
    received.map((p) => p.payload),
    ['b'],
  );
  const attempts = await (await fetch(`${fake.url}/__fake/attempts`)).json();
  assert.deepEqual(
    attempts.map((a) => a.status),
    [404, 201],
  );
  assert.equal((await post('reset', {})).status, 200);
  assert.deepEqual([fake.received(), fake.attempts()], [[], []]);
  assert.equal((await push(subscription, 'c')).status, 404, 'reset forgets the subscriptions');
});

/** The tests below run when web-push is installed. */
const webPushSkip = await import('web-push').then(
  () => false,
  (error) => (error?.code === 'ERR_MODULE_NOT_FOUND' ? 'web-push not installed' : Promise.reject(error)),
);

test(
  'web-push sendNotification against the fake over https: TTL, urgency, payload, 410',
  { skip: webPushSkip },
  async (t) => {
    const imported = await import('web-push');
    const webpush = imported.default ?? imported;
    const secure = await startFakePushService({ tls: true });
    t.after(() => secure.stop());
    const keys = webpush.generateVAPIDKeys();
    const subscription = secure.newSubscription({ applicationServerKey: keys.publicKey });
    assert.match(subscription.endpoint, /^https:\/\/127\.0\.0\.1:\d+\/push\//);
    const options = {
      vapidDetails: { subject: 'mailto:ops@kort.example', publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 900,
      urgency: 'high',
      topic: 'reminder7',
      agent: new https.Agent({ ca: secure.ca }),
    };
    const notice = { title: 'Игра через час', body: 'Корт 2, 19:00', url: '/my-games', tag: 'reminder-7' };
    const sent = await webpush.sendNotification(subscription, JSON.stringify(notice), options);
    assert.equal(sent.statusCode, 201);
    const [delivered] = secure.received();
    assert.deepEqual(
      [delivered.ttl, delivered.urgency, delivered.topic, delivered.json, delivered.vapid.k, delivered.vapid.aud],
      [900, 'high', 'reminder7', notice, keys.publicKey, secure.url],
    );
    secure.answerNext(410);
    await assert.rejects(
      webpush.sendNotification(subscription, 'x', options),
      (error) => error instanceof webpush.WebPushError && error.statusCode === 410,
    );
    assert.deepEqual(
      secure.attempts().map((a) => a.status),
      [201, 410],
    );
  },
);

test('with tls the certificate file works for another process (NODE_EXTRA_CA_CERTS), and plain http still answers', async (t) => {
  const secure = await startFakePushService({ tls: true });
  t.after(() => secure.stop());
  const script =
    "require('node:https').get(process.argv[1], (res) => { console.log(res.statusCode); res.resume(); })" +
    ".on('error', (error) => { console.log(error.code); });";
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, `${secure.url}/__fake/received`], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: secure.caFile },
  });
  assert.equal(stdout.trim(), '200');
  const untrusted = await promisify(execFile)(process.execPath, ['-e', script, `${secure.url}/__fake/received`]);
  assert.match(untrusted.stdout.trim(), /SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/);
  const subscription = secure.newSubscription();
  assert.equal(
    (
      await push({ ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') }, 'x', {
        Authorization: vapidHeader(subscription.endpoint),
      })
    ).status,
    201,
  );
});
