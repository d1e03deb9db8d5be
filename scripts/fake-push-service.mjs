// A local fake of a Web Push service (FCM, Mozilla autopush) and of the browsers behind it, for tests,
// e2e and benchmarks. newSubscription() subscribes like a browser (P-256 key pair, auth secret,
// endpoint <url>/push/<id>); POST /push/<id> is checked like a push service (RFC 8030 headers, the
// RFC 8292 VAPID JWT) and its aes128gcm body is decrypted like the browser does (RFC 8291, RFC 8188),
// so received() holds the plaintext the service worker would get. Tests inject answers (410, 429,
// …) and read deliveries in process or over HTTP (POST /__fake/subscription, /__fake/answer,
// /__fake/expire, /__fake/reset; GET /__fake/received, /__fake/attempts).
// With `tls: true` the same port also speaks HTTPS with a self-signed certificate made at start
// (for senders that only speak https, like web-push's sendNotification): trust `ca` or `caFile`.
// CLI: node scripts/fake-push-service.mjs --port 8082 [--host 127.0.0.1] [--tls]
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { controlInput, createWaiters, json, listen, readBody } from './fake-http.mjs';

const URGENCIES = ['very-low', 'low', 'normal', 'high'];
/** RFC 8030 leaves it to the service; FCM and autopush take 4096 bytes of encrypted body. */
const MAX_BODY = 4096;
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;
const MORE_INFO = 'https://mozilla-services.github.io/autopush-rs/errors.html';
const HEADER_BYTES = 21;
const KEY_BYTES = 65;
const TAG_BYTES = 16;

/**
 * @typedef {{ endpoint: string, expirationTime: null, keys: { p256dh: string, auth: string } }} FakeSubscription
 *   What the browser's PushSubscription.toJSON() gives.
 * @typedef {{ aud: string, sub: string, exp: number, k: string }} VapidClaims
 * @typedef {{ endpoint: string, ttl: number, urgency: string, topic: string | null, payload: string,
 *   json: any, vapid: VapidClaims, at: number }} DeliveredPush
 *   `urgency` is the header or RFC 8030's default 'normal'; `json` is the parsed payload or null.
 * @typedef {Partial<DeliveredPush> & { endpoint: string, status: number, error: string | null, at: number }} PushAttempt
 *   Every POST to /push/*, delivered or not, with the status it got and why it was refused.
 */

/**
 * Starts the fake push service. `now` (ms) is the clock the VAPID `exp` is checked against.
 * @param {{ port?: number, host?: string, tls?: boolean, now?: () => number }} [options]
 * @returns {Promise<{ url: string, httpUrl: string, ca: string | null, caFile: string | null,
 *   newSubscription: (options?: { applicationServerKey?: string, privateKey?: string, authSecret?: string }) => FakeSubscription,
 *   received: () => DeliveredPush[], attempts: () => PushAttempt[],
 *   answerNext: (status: number, n?: number, options?: { retryAfter?: number }) => void,
 *   expire: (endpoint: string) => void,
 *   waitFor: (predicate: (push: DeliveredPush) => boolean, timeoutMs?: number) => Promise<DeliveredPush>,
 *   waitForAttempt: (predicate: (attempt: PushAttempt) => boolean, timeoutMs?: number) => Promise<PushAttempt>,
 *   reset: () => void, stop: () => Promise<void> }>}
 */
export async function startFakePushService({ port = 0, host = '127.0.0.1', tls = false, now = Date.now } = {}) {
  /** @type {{ subscriptions: Map<string, any>, received: DeliveredPush[], attempts: PushAttempt[], answers: { status: number, retryAfter: number }[] }} */
  let state;
  const reset = () => {
    state = { subscriptions: new Map(), received: [], attempts: [], answers: [] };
  };
  reset();
  const pushWaiters = createWaiters();
  const attemptWaiters = createWaiters();

  // ----- subscriptions and injected answers -----

  /**
   * Subscribes like a browser. `applicationServerKey` (base64url) binds the subscription to that VAPID
   * key as pushManager.subscribe() does (another key then answers 403); `privateKey` and `authSecret`
   * (base64url) fix the keys, for test vectors.
   */
  const newSubscription = ({ applicationServerKey, privateKey, authSecret } = {}) => {
    const ecdh = createECDH('prime256v1');
    if (privateKey) ecdh.setPrivateKey(fromBase64url(privateKey, 'privateKey'));
    else ecdh.generateKeys();
    const auth = authSecret ? fromBase64url(authSecret, 'authSecret') : randomBytes(16);
    if (auth.length !== 16) throw new TypeError('authSecret must be 16 bytes');
    let serverKey = null;
    if (applicationServerKey) {
      serverKey = fromBase64url(applicationServerKey, 'applicationServerKey');
      if (serverKey.length !== KEY_BYTES || serverKey[0] !== 4) {
        throw new TypeError('applicationServerKey must be an uncompressed P-256 public key (65 bytes)');
      }
    }
    const id = randomBytes(24).toString('base64url');
    const endpoint = `${url}/push/${id}`;
    state.subscriptions.set(id, { endpoint, ecdh, auth, serverKey, expired: false });
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  };

  /** The next n pushes (after they pass every check) answer `status` instead of 201. */
  const answerNext = (status, n = 1, { retryAfter = 60 } = {}) => {
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new TypeError('answerNext: status 200–599');
    if (!Number.isInteger(n) || n < 1) throw new TypeError('answerNext: n must be a positive integer');
    for (let i = 0; i < n; i += 1) state.answers.push({ status, retryAfter });
  };

  /** The browser dropped the subscription: its endpoint answers 410 Gone from now on. */
  const expire = (endpoint) => {
    const found = subscriptionOf(endpoint);
    if (!found) throw new TypeError(`expire: no subscription ${endpoint}`);
    found.expired = true;
  };

  const subscriptionOf = (endpoint) => {
    const id = /\/push\/([A-Za-z0-9_-]+)$/.exec(String(endpoint))?.[1];
    return id ? state.subscriptions.get(id) : undefined;
  };

  // ----- waitFor -----

  /** The timeout message of waitFor ('push') and waitForAttempt ('attempt'). */
  const noMatch = (what, timeoutMs) => () => {
    const seen = state.attempts.map((attempt) => attempt.status);
    return `fake push service: no ${what} matched within ${timeoutMs} ms (${state.received.length} delivered; attempts answered ${seen.join(', ') || 'none'})`;
  };

  // ----- the push endpoint -----

  const handlePush = (req, res, id, body) => {
    const subscription = state.subscriptions.get(id);
    const endpoint = subscription?.endpoint ?? `${url}/push/${id}`;
    /** @type {PushAttempt} */
    const attempt = { endpoint, status: 0, error: null, at: now() };
    const refuse = (status, errno, message, headers = {}) => {
      attempt.status = status;
      attempt.error = message;
      state.attempts.push(attempt);
      attemptWaiters.notify(attempt);
      pushError(res, status, errno, message, headers);
    };
    if (req.method !== 'POST') return refuse(405, 105, 'Method not allowed: a push is a POST', { allow: 'POST' });
    if (!subscription) return refuse(404, 102, 'Not Found: no such subscription');
    if (subscription.expired) return refuse(410, 106, 'Gone: the subscription has expired or was unsubscribed');

    const vapid = checkVapid(req.headers.authorization, new URL(endpoint).origin, Math.floor(now() / 1000));
    if (vapid.error) return refuse(401, 109, `Unauthorized: ${vapid.error}`);
    attempt.vapid = vapid.claims;
    if (subscription.serverKey && !fromBase64url(vapid.claims.k).equals(subscription.serverKey)) {
      return refuse(
        403,
        109,
        'Forbidden: the VAPID key is not the applicationServerKey the subscription was made with',
      );
    }
    const ttlHeader = req.headers.ttl;
    if (ttlHeader === undefined) return refuse(400, 111, 'Missing TTL header');
    if (!/^\d+$/.test(String(ttlHeader).trim())) return refuse(400, 111, 'Invalid TTL header: a number of seconds');
    attempt.ttl = Number(String(ttlHeader).trim());
    const urgency = req.headers.urgency ?? 'normal';
    if (!URGENCIES.includes(String(urgency))) return refuse(400, 110, `Invalid Urgency header: ${URGENCIES.join('|')}`);
    attempt.urgency = String(urgency);
    const topic = req.headers.topic ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) {
      return refuse(400, 110, 'Invalid Topic header: 1–32 characters of the URL-safe base64 alphabet');
    }
    attempt.topic = topic === null ? null : String(topic);

    if (body.length > MAX_BODY) return refuse(413, 104, `Payload Too Large: more than ${MAX_BODY} bytes`);
    let payload = '';
    if (body.length > 0) {
      const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
      if (encoding === '') return refuse(400, 110, 'Missing Content-Encoding: a payload must be encrypted (aes128gcm)');
      if (encoding !== 'aes128gcm') {
        return refuse(
          415,
          110,
          `Unsupported Content-Encoding "${encoding}": this push service takes aes128gcm (RFC 8291)`,
        );
      }
      try {
        payload = decryptAes128gcm(body, {
          privateKey: subscription.ecdh.getPrivateKey(),
          authSecret: subscription.auth,
        }).toString('utf8');
      } catch (error) {
        return refuse(400, 110, `The browser could not decrypt the payload: ${errorText(error)}`);
      }
    }
    attempt.payload = payload;
    attempt.json = parseJson(payload);

    const injected = state.answers.shift();
    if (injected) {
      const headers =
        injected.status === 429 || injected.status === 503 ? { 'retry-after': String(injected.retryAfter) } : {};
      const reason = http.STATUS_CODES[injected.status] ?? 'Error';
      if (injected.status >= 200 && injected.status < 300) {
        attempt.status = injected.status;
        state.attempts.push(attempt);
        attemptWaiters.notify(attempt);
        res.writeHead(injected.status, headers);
        return res.end();
      }
      const errno = { 404: 102, 410: 106, 413: 104, 429: 201, 503: 202 }[injected.status] ?? 999;
      return refuse(injected.status, errno, `${reason} (answerNext)`, headers);
    }
    /** @type {DeliveredPush} */
    const delivered = {
      endpoint,
      ttl: attempt.ttl,
      urgency: attempt.urgency,
      topic: attempt.topic,
      payload,
      json: attempt.json,
      vapid: vapid.claims,
      at: attempt.at,
    };
    attempt.status = 201;
    state.attempts.push(attempt);
    state.received.push(delivered);
    attemptWaiters.notify(attempt);
    pushWaiters.notify(delivered);
    res.writeHead(201, { location: `${url}/m/${randomBytes(16).toString('base64url')}`, ttl: String(attempt.ttl) });
    res.end();
  };

  // ----- test control over HTTP -----

  const control = (req, res, action, body) => {
    if (req.method === 'GET') {
      if (action === 'received') return json(res, 200, state.received);
      if (action === 'attempts') return json(res, 200, state.attempts);
      return json(res, 404, { error: 'not_found' });
    }
    const input = controlInput(req, res, body);
    if (input === undefined) return;
    try {
      if (action === 'subscription') return json(res, 200, newSubscription(input));
      if (action === 'answer') answerNext(input.status, input.n ?? 1, { retryAfter: input.retry_after ?? 60 });
      else if (action === 'expire') expire(input.endpoint);
      else if (action === 'reset') reset();
      else return json(res, 404, { error: 'not_found' });
    } catch (error) {
      return json(res, 400, { error: errorText(error) });
    }
    json(res, 200, { ok: true });
  };

  // ----- routing -----

  const route = async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = await readBody(req, { encoding: null });
    if (path.startsWith('/__fake/')) return control(req, res, path.slice('/__fake/'.length).replace(/\/+$/, ''), body);
    const push = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path);
    if (push) return handlePush(req, res, push[1], body);
    json(res, 404, { code: 404, errno: 102, error: 'Not Found', message: `no route ${path}`, more_info: MORE_INFO });
  };
  const handler = (req, res) => {
    route(req, res).catch((error) => {
      if (!res.headersSent)
        json(res, 500, { code: 500, errno: 999, error: 'Internal Server Error', message: errorText(error) });
      else res.destroy();
    });
  };

  const httpServer = http.createServer(handler);
  let certificate = null;
  /** @type {net.Server} */
  let listener = httpServer;
  if (tls) {
    certificate = selfSignedCertificate();
    const httpsServer = https.createServer({ cert: certificate.cert, key: certificate.key }, handler);
    // One port, both protocols: a TLS ClientHello starts with 0x16.
    listener = net.createServer((socket) => {
      const route1 = () => {
        const first = socket.read(1);
        if (first === null) return void socket.once('readable', route1);
        socket.unshift(first);
        (first[0] === 0x16 ? httpsServer : httpServer).emit('connection', socket);
      };
      socket.on('error', () => socket.destroy());
      route1();
    });
  }
  const { address, authority, close } = await listen(listener, { port, host });
  const url = `${tls ? 'https' : 'http'}://${authority}`;
  let caFile = null;
  if (certificate) {
    caFile = join(tmpdir(), `kort-fake-push-${address.port}-${process.pid}.pem`);
    writeFileSync(caFile, certificate.cert);
  }

  const stop = async () => {
    const stopped = new Error('fake push service stopped');
    pushWaiters.rejectAll(stopped);
    attemptWaiters.rejectAll(stopped);
    await close();
    if (caFile) rmSync(caFile, { force: true });
  };

  return {
    url,
    httpUrl: `http://${authority}`,
    ca: certificate?.cert ?? null,
    caFile,
    newSubscription,
    received: () => structuredClone(state.received),
    attempts: () => structuredClone(state.attempts),
    answerNext,
    expire,
    waitFor: (predicate, timeoutMs = 5000) =>
      pushWaiters.waitIn(state.received, predicate, timeoutMs, noMatch('push', timeoutMs)),
    waitForAttempt: (predicate, timeoutMs = 5000) =>
      attemptWaiters.waitIn(state.attempts, predicate, timeoutMs, noMatch('attempt', timeoutMs)),
    reset,
    stop,
  };
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the push service's
 * origin (`aud`), with `exp` at most 24 h ahead and a contact `sub` (mailto: or https:).
 * @param {string | undefined} header
 * @param {string} audience
 * @param {number} nowSeconds
 * @returns {{ claims: VapidClaims, error?: undefined } | { error: string }}
 */
export function checkVapid(header, audience, nowSeconds) {
  const scheme = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!scheme) return { error: 'missing Authorization: vapid t=<JWT>, k=<key> (RFC 8292)' };
  const params = Object.fromEntries(
    scheme[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()];
    }),
  );
  const { t: token, k: key } = params;
  if (!token || !key) return { error: 'the vapid Authorization needs t= and k=' };
  if (!/^[A-Za-z0-9_-]+=*$/.test(key)) return { error: 'k is not base64url' };
  const keyBytes = fromBase64url(key);
  if (keyBytes.length !== KEY_BYTES || keyBytes[0] !== 4) return { error: 'k is not an uncompressed P-256 public key' };
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) {
    return { error: 'the JWT must be three base64url parts' };
  }
  let head;
  let claims;
  try {
    head = JSON.parse(fromBase64url(parts[0]).toString('utf8'));
    claims = JSON.parse(fromBase64url(parts[1]).toString('utf8'));
  } catch {
    return { error: 'the JWT header or claims are not JSON' };
  }
  if (head?.alg !== 'ES256') return { error: 'the JWT must be signed with ES256' };
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: keyBytes.subarray(1, 33).toString('base64url'),
        y: keyBytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return { error: 'k is not a point of P-256' };
  }
  const signature = fromBase64url(parts[2]);
  const signed =
    signature.length === 64 &&
    verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  if (!signed) return { error: 'the JWT signature does not verify with k' };
  if (!claims || typeof claims !== 'object') return { error: 'the JWT claims must be an object' };
  if (claims.aud !== audience) return { error: `aud must be the push service origin ${audience}` };
  if (typeof claims.exp !== 'number') return { error: 'exp is missing' };
  if (claims.exp <= nowSeconds) return { error: 'the JWT has expired' };
  if (claims.exp > nowSeconds + MAX_JWT_LIFETIME_S) return { error: 'exp is more than 24 hours ahead' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return { error: 'sub must be a mailto: or https: contact' };
  }
  return { claims: { aud: claims.aud, sub: claims.sub, exp: claims.exp, k: key } };
}

/**
 * The browser's side of RFC 8291 (aes128gcm, RFC 8188, a single record): returns the plaintext or
 * throws with the reason.
 * @param {Buffer} body salt(16) | rs(4) | idlen(1) | keyid (the sender's public key) | ciphertext
 * @param {{ privateKey: Buffer, authSecret: Buffer }} keys the subscription's P-256 private key and auth secret
 * @returns {Buffer}
 */
export function decryptAes128gcm(body, { privateKey, authSecret }) {
  if (body.length < HEADER_BYTES) throw new Error('the body is shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  if (idLength !== KEY_BYTES) throw new Error(`keyid must be the sender's 65-byte public key (idlen ${idLength})`);
  const senderKey = body.subarray(HEADER_BYTES, HEADER_BYTES + KEY_BYTES);
  if (senderKey.length !== KEY_BYTES || senderKey[0] !== 4) {
    throw new Error('keyid is not an uncompressed P-256 public key');
  }
  const ciphertext = body.subarray(HEADER_BYTES + KEY_BYTES);
  if (recordSize < 18) throw new Error(`record size ${recordSize} is below 18`);
  if (ciphertext.length > recordSize) throw new Error('more than one record (RFC 8291 allows a single record)');
  if (ciphertext.length < TAG_BYTES + 1) throw new Error('the record is too short');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const uaPublic = ecdh.getPublicKey();
  let ecdhSecret;
  try {
    ecdhSecret = ecdh.computeSecret(senderKey);
  } catch {
    throw new Error('keyid is not a point of P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
  let padded;
  try {
    padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error('AES-GCM authentication failed (wrong keys, auth secret or salt)');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('no last-record padding delimiter 0x02');
  return padded.subarray(0, end);
}

/** A self-signed ECDSA P-256 certificate for 127.0.0.1, ::1 and localhost, built with node:crypto. */
function selfSignedCertificate() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const der = (tag, ...parts) => {
    const content = Buffer.concat(parts);
    const n = content.length;
    const length = n < 128 ? [n] : n < 256 ? [0x81, n] : [0x82, n >> 8, n & 255];
    return Buffer.concat([Buffer.from([tag, ...length]), content]);
  };
  const seq = (...parts) => der(0x30, ...parts);
  const oid = (dotted) => {
    const [a, b, ...rest] = dotted.split('.').map(Number);
    const bytes = [40 * a + b];
    for (const value of rest) {
      const chunk = [value & 0x7f];
      for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
      bytes.push(...chunk);
    }
    return der(0x06, Buffer.from(bytes));
  };
  const time = (date) => der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
  const name = seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from('Kort fake push service')))));
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const altNames = seq(
    der(0x87, Buffer.from([127, 0, 0, 1])),
    der(0x87, Buffer.from([...Array(15).fill(0), 1])),
    der(0x82, Buffer.from('localhost')),
  );
  const extensions = der(
    0xa3,
    seq(
      seq(oid('2.5.29.17'), der(0x04, altNames)),
      seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, seq(der(0x01, Buffer.from([0xff]))))),
    ),
  );
  const start = new Date(Date.now() - 60 * 60 * 1000);
  const end = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaSha256,
    name,
    seq(time(start), time(end)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ecdsaSha256, der(0x03, Buffer.from([0]), signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: /** @type {string} */ (privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}

function fromBase64url(value, what = 'value') {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a base64url string`);
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

function parseJson(text) {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

/** autopush's error body: {code, errno, error, message, more_info}. */
function pushError(res, status, errno, message, headers) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(
    JSON.stringify({ code: status, errno, error: http.STATUS_CODES[status] ?? 'Error', message, more_info: MORE_INFO }),
  );
}

if (process.argv[1] && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8082' },
      host: { type: 'string', default: '127.0.0.1' },
      tls: { type: 'boolean', default: false },
    },
  });
  const fake = await startFakePushService({ port: Number(values.port), host: values.host, tls: values.tls });
  console.log(`Fake push service on ${fake.url}${fake.caFile ? ` (certificate: ${fake.caFile})` : ''}`);
  console.log(`  subscribe: POST ${fake.httpUrl}/__fake/subscription; deliveries: GET ${fake.httpUrl}/__fake/received`);
  const shutdown = () => void fake.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
