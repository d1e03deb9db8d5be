// The fake VK ID / Yandex ID provider itself: `node --test scripts/fake-oauth-provider.test.mjs`.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, beforeEach, test } from 'node:test';
import { startFakeOAuthProvider } from './fake-oauth-provider.mjs';

let clock = Date.now();
let fake;
before(async () => {
  fake = await startFakeOAuthProvider({ now: () => clock });
});
beforeEach(() => fake.reset());
after(() => fake.stop());

const app = 'http://app.test/api/auth/callback';
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const form = (params) => ({ method: 'POST', body: new URLSearchParams(params) });
const post = async (url, params, init = {}) => {
  const res = await fetch(url, { ...form(params), ...init });
  return { status: res.status, body: await res.json() };
};
const pick = (object, keys) => Object.fromEntries(keys.map((key) => [key, object[key]]));
/** Opens the consent page, submits the decision and returns the page and the redirect's query. */
async function consent(base, params, decision = 'allow') {
  const page = await fetch(`${base}/authorize?${new URLSearchParams(params)}`);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<button[^>]*value="allow"[^>]*>Разрешить<\/button>/);
  const res = await fetch(`${base}/authorize/decision`, { ...form({ ...params, decision }), redirect: 'manual' });
  assert.equal(res.status, 302);
  const location = new URL(res.headers.get('location'));
  assert.equal(`${location.origin}${location.pathname}`, app);
  return { html, query: Object.fromEntries(location.searchParams) };
}
const vkAuthorize = (challenge, extra = {}) => ({
  ...{ response_type: 'code', client_id: 'kort-vk-test', redirect_uri: app, state: 's'.repeat(32) },
  ...{ code_challenge: challenge, code_challenge_method: 's256', ...extra },
});

test('VK ID: consent, PKCE exchange (query + body as the SDK), single-use code, user_info scopes', async () => {
  const { verifier, challenge } = pkce();
  const { html, query } = await consent(fake.vkUrl, vkAuthorize(challenge, { scope: 'vkid.personal_info email' }));
  assert.match(html, /VK ID: войти в Корт как Иван Петров\?/);
  assert.match(query.code, /^vk2\.a\./);
  assert.deepEqual(Object.values(pick(query, ['state', 'type', 'expires_in'])), ['s'.repeat(32), 'code_v2', '600']);
  const exchange = (code_verifier) => {
    const sdk = { grant_type: 'authorization_code', code_verifier, client_id: 'kort-vk-test', state: 'echo-me' };
    const q = new URLSearchParams({ ...sdk, device_id: query.device_id, redirect_uri: app });
    return post(`${fake.vkUrl}/oauth2/auth?${q}`, { code: query.code });
  };
  const wrong = await exchange(pkce().verifier);
  const refusal = { error: 'invalid_request', error_description: 'verifier is missing or invalid', state: 'echo-me' };
  assert.deepEqual(wrong, { status: 200, body: refusal });
  const ok = await exchange(verifier);
  assert.equal(ok.status, 200);
  const fields = ['token_type', 'user_id', 'state', 'scope', 'expires_in'];
  const expected = { token_type: 'Bearer', user_id: 100200300, state: 'echo-me', scope: 'vkid.personal_info email' };
  assert.deepEqual(pick(ok.body, fields), { ...expected, expires_in: 3600 });
  assert.equal((await exchange(verifier)).body.error, 'invalid_request', 'a code is single-use');
  const userInfo = () =>
    post(`${fake.vkUrl}/oauth2/user_info?client_id=kort-vk-test`, { access_token: ok.body.access_token });
  fake.failNext('vk', 'userinfo', 'error');
  assert.deepEqual(pick((await userInfo()).body, ['error']), { error: 'invalid_token' });
  const user = { user_id: '100200300', first_name: 'Иван', last_name: 'Петров', email: 'ivan.petrov@vk.example' };
  assert.deepEqual((await userInfo()).body, { user: { ...user, verified: false } }, 'no phone without the phone scope');
  const bad = await post(`${fake.vkUrl}/oauth2/user_info`, { access_token: 'nope', client_id: 'kort-vk-test' });
  assert.equal(bad.body.error, 'invalid_token');
  assert.equal(fake.requests()[0].params.code_challenge, challenge);
  assert.equal(fake.requests().find((r) => r.endpoint === 'token').params.code_verifier, '[present]');
});

test('Yandex ID: Basic auth + PKCE + scopes, body credentials without scope, wrong secret, used code', async () => {
  fake.setUser('yandex', { id: 42, login: 'petr', first_name: 'Пётр', email: null, phone: '79990001122' });
  const { verifier, challenge } = pkce();
  const authorize = { response_type: 'code', client_id: 'kort-yandex-test', redirect_uri: app, state: 'st' };
  const pkceParams = { code_challenge: challenge, code_challenge_method: 'S256' };
  const first = await consent(fake.yandexOauthUrl, { ...authorize, ...pkceParams, scope: 'login:info login:email' });
  assert.match(first.html, /Яндекс ID: войти в Корт как Пётр\?/);
  assert.equal(first.query.state, 'st');
  const basic = { authorization: `Basic ${Buffer.from('kort-yandex-test:kort-yandex-secret').toString('base64')}` };
  const tokenUrl = `${fake.yandexOauthUrl}/token`;
  const grant = { grant_type: 'authorization_code', code: first.query.code };
  const mismatch = await post(tokenUrl, { ...grant, code_verifier: pkce().verifier }, { headers: basic });
  assert.deepEqual([mismatch.status, mismatch.body.error], [400, 'invalid_grant']);
  const ok = await post(tokenUrl, { ...grant, code_verifier: verifier, client_secret: 'ignored' }, { headers: basic });
  assert.deepEqual([ok.status, ok.body.token_type], [200, 'bearer']);
  const used = await post(tokenUrl, { ...grant, code_verifier: verifier }, { headers: basic });
  assert.deepEqual(used, { status: 400, body: { error_description: 'Code has expired', error: 'invalid_grant' } });
  const info = async (accessToken, scheme = 'OAuth') => {
    const res = await fetch(`${fake.yandexLoginUrl}/info?format=json`, {
      headers: { authorization: `${scheme} ${accessToken}` },
    });
    return { status: res.status, body: await res.json() };
  };
  const scoped = (await info(ok.body.access_token)).body;
  const keys = ['id', 'login', 'default_email', 'emails', 'real_name', 'default_phone'];
  assert.deepEqual(Object.values(pick(scoped, keys)), ['42', 'petr', null, [], 'Пётр', undefined]);

  const second = await consent(fake.yandexOauthUrl, authorize);
  const creds = { client_id: 'kort-yandex-test', ...grant, code: second.query.code };
  const wrong = await post(tokenUrl, { ...creds, client_secret: 'bad' });
  assert.deepEqual([wrong.status, wrong.body.error], [400, 'invalid_client']);
  const viaBody = await post(tokenUrl, { ...creds, client_secret: 'kort-yandex-secret' });
  const full = (await info(viaBody.body.access_token, 'Bearer')).body;
  assert.equal(full.default_phone.number, '+79990001122', 'no scope requested: everything granted');
  assert.equal((await info('nope')).status, 401);
  const tokenCalls = fake.requests().filter((r) => r.endpoint === 'token');
  assert.deepEqual(
    tokenCalls.map((r) => r.auth),
    ['basic', 'basic', 'basic', null, null],
  );
  assert.equal(tokenCalls[4].params.client_secret, '[present]');
});

test('deny, invalid authorize requests, expired codes', async () => {
  const denied = await consent(fake.vkUrl, vkAuthorize(pkce().challenge), 'deny');
  assert.deepEqual(pick(denied.query, ['error', 'state']), { error: 'access_denied', state: 's'.repeat(32) });
  const noPkce = vkAuthorize(pkce().challenge, { code_challenge: '' });
  assert.equal((await fetch(`${fake.vkUrl}/authorize?${new URLSearchParams(noPkce)}`)).status, 400);
  const implicit = new URLSearchParams({ response_type: 'token', client_id: 'x', redirect_uri: app });
  assert.equal((await fetch(`${fake.yandexOauthUrl}/authorize?${implicit}`)).status, 400);
  const { query } = await consent(fake.yandexOauthUrl, { response_type: 'code', client_id: 'c', redirect_uri: app });
  clock += 601_000;
  const late = await post(`${fake.yandexOauthUrl}/token`, {
    grant_type: 'authorization_code',
    code: query.code,
    client_id: 'c',
    client_secret: 'kort-yandex-secret',
  });
  assert.equal(late.body.error_description, 'Code has expired');
});

test('failNext in process and over HTTP: http500, error, timeout; setUser and reset over HTTP', async () => {
  fake.failNext('yandex', 'token', 'http500');
  const tokenUrl = `${fake.yandexOauthUrl}/token`;
  assert.equal((await fetch(tokenUrl, form({}))).status, 500);
  assert.equal((await fetch(tokenUrl, form({}))).status, 400, 'only the next call fails');
  const control = (action, body) =>
    fetch(`${fake.url}/__fake/${action}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.status);
  assert.equal(await control('fail', { provider: 'yandex', endpoint: 'token', how: 'error' }), 200);
  assert.deepEqual((await post(tokenUrl, {})).body.error, 'invalid_grant');
  assert.equal(await control('fail', { provider: 'vk', endpoint: 'nope', how: 'error' }), 400);
  fake.failNext('vk', 'token', 'timeout');
  await assert.rejects(fetch(`${fake.vkUrl}/oauth2/auth`, { ...form({}), signal: AbortSignal.timeout(200) }));
  assert.equal((await post(`${fake.vkUrl}/oauth2/auth`, {})).body.error, 'invalid_request', 'answers again');
  assert.equal(await control('user', { provider: 'vk', profile: { id: '7', first_name: 'Анна' } }), 200);
  const page = await fetch(`${fake.vkUrl}/authorize?${new URLSearchParams(vkAuthorize(pkce().challenge))}`);
  assert.match(await page.text(), /как Анна\?/);
  assert.equal(await control('reset', {}), 200);
  assert.deepEqual(fake.requests(), []);
});
