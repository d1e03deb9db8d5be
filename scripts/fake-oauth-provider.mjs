// A local fake of VK ID and Yandex ID for tests of social login: one node:http server plays
// id.vk.com (/vk), oauth.yandex.ru (/yandex-oauth) and login.yandex.ru (/yandex-login) with the
// endpoints, parameters and JSON shapes of the providers' docs (authorization code + state + PKCE).
// Tests pick the signed-in user, inject failures and read a request log, in process or over
// HTTP (POST /__fake/user, /__fake/fail, /__fake/reset; GET /__fake/requests).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import { controlInput, json, listen, readBody } from './fake-http.mjs';

const PROVIDERS = ['vk', 'yandex'];
const FAIL_ENDPOINTS = ['token', 'userinfo'];
const FAIL_HOWS = ['http500', 'timeout', 'error'];
const SECRET_PARAMS = new Set([
  'client_secret',
  'code_verifier',
  'access_token',
  'refresh_token',
  'oauth_token',
  'id_token',
  'jwt_secret',
  'service_token',
]);
const VK_CODE_TTL_S = 600;
const YANDEX_CODE_TTL_S = 600;
const VK_TOKEN_TTL_S = 3600;
const YANDEX_TOKEN_TTL_S = 31_536_000;
const YANDEX_SCOPES = ['login:info', 'login:email', 'login:avatar', 'login:birthday', 'login:default_phone'];

/** The signed-in provider users until setUser() replaces them. */
export const DEFAULT_PROFILES = Object.freeze({
  vk: Object.freeze({
    id: '100200300',
    first_name: 'Иван',
    last_name: 'Петров',
    email: 'ivan.petrov@vk.example',
    phone: '79031112233',
  }),
  yandex: Object.freeze({
    id: '1130000012345678',
    login: 'olga.smirnova',
    first_name: 'Ольга',
    last_name: 'Смирнова',
    display_name: 'Ольга',
    email: 'olga.smirnova@yandex.example',
    phone: '+79034445566',
  }),
});

/**
 * @typedef {{ id: string | number, first_name?: string, last_name?: string, display_name?: string,
 *   login?: string, email?: string | null, phone?: string | null, avatar?: string, sex?: number | string,
 *   birthday?: string }} FakeProfile
 *   `phone` in any form: VK answers digits without '+', Yandex '+' and digits.
 * @typedef {{ provider: 'vk' | 'yandex', endpoint: 'authorize' | 'decision' | 'token' | 'userinfo',
 *   method: string, params: Record<string, string>, auth: 'basic' | 'oauth' | 'bearer' | null }} FakeRequest
 *   `params` merges query and form body; secrets (client_secret, code_verifier, access_token, …) read '[present]'.
 *   `auth` is the scheme of the Authorization header, if any.
 */

/**
 * Starts the fake provider. Any client_id is accepted at authorize and remembered in the code; the
 * token call must use the same one, and Yandex's client_secret must equal `clients.yandex.secret`
 * (VK is a public client: a client_secret is checked only when `clients.vk.secret` is set).
 * `now` (ms) is the clock for code and token expiry.
 * @param {{ port?: number, host?: string, now?: () => number,
 *   clients?: { vk?: { id?: string, secret?: string }, yandex?: { id?: string, secret?: string, redirectUri?: string } } }} [options]
 * @returns {Promise<{ url: string, vkUrl: string, yandexOauthUrl: string, yandexLoginUrl: string,
 *   setUser: (provider: 'vk' | 'yandex', profile: FakeProfile) => void,
 *   failNext: (provider: 'vk' | 'yandex', endpoint: 'token' | 'userinfo', how: 'http500' | 'timeout' | 'error') => void,
 *   requests: () => FakeRequest[], reset: () => void, stop: () => Promise<void> }>}
 */
export async function startFakeOAuthProvider({ port = 0, host = '127.0.0.1', now = Date.now, clients = {} } = {}) {
  const config = {
    vk: { id: 'kort-vk-test', ...clients.vk },
    yandex: { id: 'kort-yandex-test', secret: 'kort-yandex-secret', ...clients.yandex },
  };
  /** @type {{ profiles: Record<string, FakeProfile>, codes: Map<string, any>, tokens: Map<string, any>, failures: Map<string, string[]>, log: FakeRequest[] }} */
  let state;
  const reset = () => {
    state = { profiles: { ...DEFAULT_PROFILES }, codes: new Map(), tokens: new Map(), failures: new Map(), log: [] };
  };
  reset();
  const hanging = new Set();

  const setUser = (provider, profile) => {
    checkProvider(provider);
    if (!profile || typeof profile !== 'object' || (typeof profile.id !== 'string' && typeof profile.id !== 'number')) {
      throw new TypeError('setUser: the profile needs an id');
    }
    state.profiles[provider] = { ...profile, id: String(profile.id) };
  };
  const failNext = (provider, endpoint, how) => {
    checkProvider(provider);
    if (!FAIL_ENDPOINTS.includes(endpoint))
      throw new TypeError(`failNext: endpoint must be ${FAIL_ENDPOINTS.join('|')}`);
    if (!FAIL_HOWS.includes(how)) throw new TypeError(`failNext: how must be ${FAIL_HOWS.join('|')}`);
    const key = `${provider}:${endpoint}`;
    state.failures.set(key, [...(state.failures.get(key) ?? []), how]);
  };
  const takeFailure = (provider, endpoint) => state.failures.get(`${provider}:${endpoint}`)?.shift();

  const record = (provider, endpoint, req, params) => {
    const shown = {};
    for (const [key, value] of Object.entries(params)) shown[key] = SECRET_PARAMS.has(key) ? '[present]' : value;
    const scheme = /^(\w+)\s/.exec(req.headers.authorization ?? '')?.[1]?.toLowerCase() ?? null;
    state.log.push({ provider, endpoint, method: req.method, params: shown, auth: scheme });
  };

  /** Answers an injected failure; true when one was due. */
  const injectFailure = (provider, endpoint, res, errorReply) => {
    const how = takeFailure(provider, endpoint);
    if (!how) return false;
    if (how === 'http500') text(res, 500, 'Internal Server Error (fake provider: failNext)');
    else if (how === 'timeout') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    } else errorReply();
    return true;
  };

  // ----- authorize and consent -----

  /** The validated authorize params, or a Russian reason for the 400 page. */
  const checkAuthorize = (provider, p) => {
    if (p.response_type !== 'code') return { error: 'response_type должен быть code' };
    if (!p.client_id) return { error: 'нет client_id' };
    if (provider === 'vk') {
      for (const name of ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method']) {
        if (!p[name]) return { error: `нет обязательного параметра ${name}` };
      }
      if (p.code_challenge_method.toLowerCase() !== 's256') return { error: 'code_challenge_method должен быть s256' };
      if (!/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) return { error: 'code_challenge не base64url(sha256)' };
    } else {
      if (p.state && p.state.length > 1024) return { error: 'state длиннее 1024 символов' };
      if (p.code_challenge) {
        const method = (p.code_challenge_method || 'plain').toLowerCase();
        if (method !== 's256' && method !== 'plain')
          return { error: 'code_challenge_method должен быть S256 или plain' };
        if (method === 's256' && !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) {
          return { error: 'code_challenge не base64url(sha256)' };
        }
        if (method === 'plain' && !/^[A-Za-z0-9._~-]{43,128}$/.test(p.code_challenge)) {
          return { error: 'code_challenge (plain) должен быть 43–128 символов' };
        }
      }
    }
    const redirectUri = p.redirect_uri || (provider === 'yandex' ? config.yandex.redirectUri : undefined);
    if (!redirectUri) return { error: 'нет redirect_uri, и у приложения нет зарегистрированного адреса' };
    let redirect;
    try {
      redirect = new URL(redirectUri);
    } catch {
      return { error: 'redirect_uri не является адресом' };
    }
    if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return { error: 'redirect_uri не http(s)' };
    return { redirect };
  };

  const providerName = (provider) => (provider === 'vk' ? 'VK ID' : 'Яндекс ID');

  const consentPage = (provider, basePath, p) => {
    const profile = state.profiles[provider];
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.login || profile.id;
    const hidden = Object.entries(p)
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
      .join('\n      ');
    const title = `${providerName(provider)}: войти в Корт как ${name}?`;
    return `<!doctype html>
<html lang="ru">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body>
    <h1>${escapeHtml(title)}</h1>
    <p>Приложение ${escapeHtml(p.client_id)} запрашивает доступ: ${escapeHtml(p.scope || 'базовые данные профиля')}.</p>
    <form method="post" action="${escapeHtml(basePath)}/authorize/decision">
      ${hidden}
      <button type="submit" name="decision" value="allow">Разрешить</button>
      <button type="submit" name="decision" value="deny">Отклонить</button>
    </form>
  </body>
</html>
`;
  };

  const handleAuthorize = (provider, basePath, req, res, p) => {
    record(provider, 'authorize', req, p);
    const checked = checkAuthorize(provider, p);
    if (checked.error) return errorPage(res, providerName(provider), checked.error);
    html(res, 200, consentPage(provider, basePath, p));
  };

  const handleDecision = (provider, req, res, form) => {
    record(provider, 'decision', req, form);
    const { decision, ...p } = form;
    const checked = checkAuthorize(provider, p);
    if (checked.error) return errorPage(res, providerName(provider), checked.error);
    const { redirect } = checked;
    const add = (values) => {
      for (const [key, value] of Object.entries(values)) if (value !== undefined) redirect.searchParams.set(key, value);
    };
    if (decision === 'deny') {
      add({ error: 'access_denied', error_description: 'User denied access', state: p.state || undefined });
    } else if (decision === 'allow') {
      const code = provider === 'vk' ? `vk2.a.${token(96)}` : token(16);
      const deviceId = provider === 'vk' ? token(32) : undefined;
      const ttl = provider === 'vk' ? VK_CODE_TTL_S : YANDEX_CODE_TTL_S;
      state.codes.set(code, {
        provider,
        clientId: p.client_id,
        redirectUri: p.redirect_uri,
        challenge: p.code_challenge || undefined,
        challengeMethod: (p.code_challenge_method || 'plain').toLowerCase(),
        deviceId,
        profile: { ...state.profiles[provider] },
        scope:
          provider === 'vk' ? p.scope || 'vkid.personal_info' : [p.scope, p.optional_scope].filter(Boolean).join(' '),
        expiresAt: now() + ttl * 1000,
      });
      if (provider === 'vk') {
        add({ code, expires_in: String(ttl), device_id: deviceId, state: p.state, ext_id: token(24), type: 'code_v2' });
      } else {
        add({ code, state: p.state || undefined });
      }
    } else {
      return errorPage(res, providerName(provider), 'decision должен быть allow или deny');
    }
    res.writeHead(302, { location: redirect.href, 'cache-control': 'no-store' });
    res.end();
  };

  // ----- token -----

  const verifierMatches = (entry, verifier) => {
    if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
    const computed =
      entry.challengeMethod === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    return computed === entry.challenge;
  };

  const validCode = (provider, code) => {
    const entry = code ? state.codes.get(code) : undefined;
    if (!entry || entry.provider !== provider) return undefined;
    if (now() >= entry.expiresAt) {
      state.codes.delete(code);
      return undefined;
    }
    return entry;
  };

  const issueTokens = (entry, ttl, accessPrefix) => {
    const accessToken = `${accessPrefix}${token(48)}`;
    state.tokens.set(accessToken, {
      provider: entry.provider,
      clientId: entry.clientId,
      profile: entry.profile,
      scope: entry.scope,
      expiresAt: now() + ttl * 1000,
    });
    return accessToken;
  };

  const handleVkToken = (req, res, p, formOk) => {
    record('vk', 'token', req, p);
    const fail = (error, description) =>
      json(res, 200, { error, error_description: description, state: p.state ?? '' });
    if (injectFailure('vk', 'token', res, () => fail('invalid_request', 'code is invalid or expired'))) return;
    if (!formOk) return fail('invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    if (p.grant_type !== 'authorization_code') return fail('invalid_request', 'grant_type is missing or unsupported');
    for (const name of ['code', 'client_id', 'device_id', 'redirect_uri']) {
      if (!p[name]) return fail('invalid_request', `${name} is missing`);
    }
    if (!p.code_verifier) return fail('invalid_request', 'verifier is missing or invalid');
    if (config.vk.secret !== undefined && p.client_secret !== undefined && p.client_secret !== config.vk.secret) {
      return fail('invalid_client', 'client_secret is invalid');
    }
    const entry = validCode('vk', p.code);
    if (!entry) return fail('invalid_request', 'code is invalid or expired');
    if (entry.clientId !== p.client_id) return fail('invalid_client', 'code was issued to another client_id');
    if (entry.deviceId !== p.device_id) return fail('invalid_request', 'device_id is invalid');
    if (entry.redirectUri !== p.redirect_uri) return fail('invalid_request', 'redirect_uri is invalid');
    if (!verifierMatches(entry, p.code_verifier)) return fail('invalid_request', 'verifier is missing or invalid');
    state.codes.delete(p.code);
    const accessToken = issueTokens(entry, VK_TOKEN_TTL_S, 'vk2.a.');
    const iat = Math.floor(now() / 1000);
    json(res, 200, {
      refresh_token: `vk2.a.${token(48)}`,
      access_token: accessToken,
      id_token: fakeJwt({
        iss: 'VK',
        sub: Number(entry.profile.id),
        app: Number(p.client_id) || p.client_id,
        iat,
        exp: iat + 3600,
      }),
      token_type: 'Bearer',
      expires_in: VK_TOKEN_TTL_S,
      user_id: Number(entry.profile.id),
      state: p.state ?? '',
      scope: entry.scope,
    });
  };

  const handleYandexToken = (req, res, p, formOk) => {
    record('yandex', 'token', req, p);
    const fail = (error, description) => json(res, 400, { error_description: description, error });
    if (injectFailure('yandex', 'token', res, () => fail('invalid_grant', 'Code has expired'))) return;
    if (!formOk) return fail('invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    let clientId = p.client_id;
    let clientSecret = p.client_secret;
    const header = req.headers.authorization;
    if (header !== undefined) {
      const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
      const decoded = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
      if (!decoded.includes(':')) return fail('invalid_request', 'Malformed Authorization header');
      clientId = formDecode(decoded.slice(0, decoded.indexOf(':')));
      clientSecret = formDecode(decoded.slice(decoded.indexOf(':') + 1));
    }
    if (!p.grant_type) return fail('invalid_request', 'grant_type not in POST');
    if (p.grant_type !== 'authorization_code') return fail('unsupported_grant_type', 'Unsupported grant type');
    if (!clientId) return fail('invalid_request', 'client_id not in POST');
    if (!clientSecret) return fail('invalid_request', 'client_secret not in POST');
    if (clientSecret !== config.yandex.secret) return fail('invalid_client', 'Client not found or wrong secret');
    if (!p.code) return fail('invalid_request', 'code not in POST');
    const entry = validCode('yandex', p.code);
    if (!entry) return fail('invalid_grant', 'Code has expired');
    if (entry.clientId !== clientId) return fail('invalid_client', 'Code was issued to another client');
    if (entry.challenge && !verifierMatches(entry, p.code_verifier)) {
      return fail('invalid_grant', 'Code verifier is missing or does not match the code challenge');
    }
    state.codes.delete(p.code);
    json(res, 200, {
      token_type: 'bearer',
      access_token: issueTokens(entry, YANDEX_TOKEN_TTL_S, 'y0_'),
      expires_in: YANDEX_TOKEN_TTL_S,
      refresh_token: `1:${token(12)}:${token(48)}`,
    });
  };

  const validToken = (provider, accessToken) => {
    const entry = accessToken ? state.tokens.get(accessToken) : undefined;
    if (!entry || entry.provider !== provider || now() >= entry.expiresAt) return undefined;
    return entry;
  };

  // ----- user info -----

  const handleVkUserInfo = (req, res, p, formOk) => {
    record('vk', 'userinfo', req, p);
    const fail = (error, description) => json(res, 200, { error, error_description: description });
    if (injectFailure('vk', 'userinfo', res, () => fail('invalid_token', 'access_token is missing or invalid'))) return;
    if (!formOk) return fail('invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    const entry = validToken('vk', p.access_token);
    if (!entry) return fail('invalid_token', 'access_token is missing or invalid');
    if (!p.client_id) return fail('invalid_request', 'client_id is missing');
    if (p.client_id !== entry.clientId) return fail('invalid_client', 'client_id does not match the token');
    const { profile } = entry;
    const scopes = new Set(entry.scope.split(/[\s,]+/));
    const user = { user_id: profile.id };
    const copy = (key, value = profile[key]) => {
      if (value !== null && value !== undefined) user[key] = value;
    };
    copy('first_name');
    copy('last_name');
    if (scopes.has('email')) copy('email');
    if (scopes.has('phone')) copy('phone', profile.phone ? String(profile.phone).replace(/\D/g, '') : profile.phone);
    copy('avatar');
    copy('sex');
    user.verified = false;
    copy('birthday');
    json(res, 200, { user });
  };

  const handleYandexInfo = (req, res, p) => {
    record('yandex', 'userinfo', req, p);
    const unauthorized = () =>
      json(res, 401, { error: 'invalid_token', error_description: 'OAuth token is missing or invalid' });
    if (injectFailure('yandex', 'userinfo', res, unauthorized)) return;
    const header = /^(?:OAuth|Bearer)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const entry = validToken('yandex', header ? header[1] : p.oauth_token);
    if (!entry) return unauthorized();
    if (p.format && p.format !== 'json')
      return json(res, 400, { error: 'invalid_request', error_description: 'only format=json is faked' });
    const { profile } = entry;
    const scopes = new Set(entry.scope ? entry.scope.split(/\s+/) : YANDEX_SCOPES);
    const info = {
      id: profile.id,
      login: profile.login ?? `user${profile.id}`,
      client_id: entry.clientId,
      psuid: `1.${createHash('sha256').update(`${entry.clientId}:${profile.id}`).digest('base64url').slice(0, 40)}`,
    };
    if (scopes.has('login:email')) {
      info.default_email = profile.email ?? null;
      info.emails = profile.email ? [profile.email] : [];
    }
    if (scopes.has('login:info')) {
      info.first_name = profile.first_name ?? '';
      info.last_name = profile.last_name ?? '';
      info.display_name = profile.display_name ?? profile.first_name ?? info.login;
      info.real_name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
      info.sex = profile.sex ?? null;
    }
    if (scopes.has('login:avatar')) {
      info.is_avatar_empty = !profile.avatar;
      if (profile.avatar) info.default_avatar_id = profile.avatar;
    }
    if (scopes.has('login:birthday')) info.birthday = profile.birthday ?? null;
    if (scopes.has('login:default_phone') && profile.phone) {
      const digits = String(profile.phone).replace(/\D/g, '');
      info.default_phone = { id: Number(digits.slice(-8)) || 1, number: `+${digits}` };
    }
    json(res, 200, info);
  };

  // ----- test control over HTTP -----

  const handleControl = (req, res, action, body) => {
    if (action === 'requests' && req.method === 'GET') return json(res, 200, state.log);
    const input = controlInput(req, res, body);
    if (input === undefined) return;
    try {
      if (action === 'user') setUser(input.provider, input.profile);
      else if (action === 'fail') failNext(input.provider, input.endpoint, input.how);
      else if (action === 'reset') reset();
      else return json(res, 404, { error: 'not_found' });
    } catch (error) {
      return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    json(res, 200, { ok: true });
  };

  // ----- routing -----

  const route = async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://fake');
    const path = requestUrl.pathname.replace(/\/+$/, '') || '/';
    const query = Object.fromEntries(requestUrl.searchParams);
    const body = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
    const form = isForm ? Object.fromEntries(new URLSearchParams(body)) : {};
    const merged = { ...query, ...form };
    if (path.startsWith('/__fake/')) return handleControl(req, res, path.slice('/__fake/'.length), body);
    const routes = {
      '/vk/authorize': ['GET', () => handleAuthorize('vk', '/vk', req, res, query)],
      '/vk/authorize/decision': ['POST', () => handleDecision('vk', req, res, form)],
      '/vk/oauth2/auth': ['POST', () => handleVkToken(req, res, merged, isForm)],
      '/vk/oauth2/user_info': ['POST', () => handleVkUserInfo(req, res, merged, isForm)],
      '/yandex-oauth/authorize': ['GET', () => handleAuthorize('yandex', '/yandex-oauth', req, res, query)],
      '/yandex-oauth/authorize/decision': ['POST', () => handleDecision('yandex', req, res, form)],
      '/yandex-oauth/token': ['POST', () => handleYandexToken(req, res, merged, isForm)],
      '/yandex-login/info': ['GET', () => handleYandexInfo(req, res, merged)],
    };
    const found = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!found) return json(res, 404, { error: 'not_found', path });
    if (req.method !== found[0]) return json(res, 405, { error: 'method_not_allowed', allow: found[0] });
    found[1]();
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error) => {
      if (!res.headersSent)
        text(res, 500, `fake provider crashed: ${error instanceof Error ? error.stack : String(error)}`);
      else res.destroy();
    });
  });
  const listening = await listen(server, { port, host });
  const url = `http://${listening.authority}`;

  const stop = async () => {
    for (const res of hanging) res.destroy();
    hanging.clear();
    await listening.close();
  };

  return {
    url,
    vkUrl: `${url}/vk`,
    yandexOauthUrl: `${url}/yandex-oauth`,
    yandexLoginUrl: `${url}/yandex-login`,
    setUser,
    failNext,
    requests: () => structuredClone(state.log),
    reset,
    stop,
  };
}

function checkProvider(provider) {
  if (!PROVIDERS.includes(provider)) throw new TypeError(`provider must be ${PROVIDERS.join('|')}`);
}

function token(bytes) {
  return randomBytes(bytes).toString('base64url');
}

/** A JWT-shaped id_token; the signature is random (tests must not trust it, and VK's key is not ours). */
function fakeJwt(payload) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT', kid: `fake-${randomInt(1000)}` })}.${part(payload)}.${token(64)}`;
}

function formDecode(value) {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function text(res, status, value) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(value);
}

function html(res, status, value) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(value);
}

function errorPage(res, name, reason) {
  html(
    res,
    400,
    `<!doctype html>\n<html lang="ru"><head><meta charset="utf-8"><title>${name}: ошибка</title></head>` +
      `<body><h1>${name}: неверный запрос</h1><p>${escapeHtml(reason)}</p></body></html>\n`,
  );
}

function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );
}
