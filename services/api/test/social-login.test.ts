import { messages, socialErrorMessage, socialLoginPath, type SocialProvider } from '@kort/contracts';
import { PASSWORD, registerPlayer, uniqueEmail } from './support/accounts';
import type { Client } from './support/client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Log in with VK ID and Yandex ID, the whole round trip against the local fake provider
 * (scripts/fake-oauth-provider.mjs, started by the global setup at FAKE_OAUTH_URL), which
 * implements both providers' authorize, token and user-info endpoints as their documentation says.
 */
const fake = process.env.FAKE_OAUTH_URL!;
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp({
    VK_CLIENT_ID: 'kort-vk-test',
    VK_ID_URL: `${fake}/vk`,
    YANDEX_CLIENT_ID: 'kort-yandex-test',
    YANDEX_CLIENT_SECRET: 'kort-yandex-secret',
    YANDEX_OAUTH_URL: `${fake}/yandex-oauth`,
    YANDEX_LOGIN_URL: `${fake}/yandex-login`,
    OAUTH_TIMEOUT_MS: '1000',
  });
});
afterAll(() => api.close());
beforeEach(() => control('reset', {}));

interface FakeProfile {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  login?: string;
  email?: string | null;
  phone?: string;
}

async function control(what: 'user' | 'fail' | 'reset', body: object): Promise<void> {
  const response = await fetch(`${fake}/__fake/${what}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

const signedInAt = (provider: SocialProvider, profile: FakeProfile) => control('user', { provider, profile });

/** What the fake provider saw, secrets masked. */
async function providerRequests(): Promise<
  Array<{ provider: string; endpoint: string; params: Record<string, string> }>
> {
  return (await (await fetch(`${fake}/__fake/requests`)).json()) as never;
}

/** The player presses the provider's button, then "Разрешить" or "Отклонить" at the provider. */
async function consent(
  client: Client,
  provider: SocialProvider,
  decision: 'allow' | 'deny',
  next?: string,
): Promise<URL> {
  const started = await client.get(socialLoginPath(provider, next ?? null));
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.location as string);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const answer = await fetch(`${authorize.origin}${authorize.pathname}/decision`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...authorize.searchParams, ['decision', decision]]),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** The browser follows the provider's redirect back to us. */
async function returnTo(client: Client, callback: URL): Promise<string> {
  const back = await client.get(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  return back.headers.location as string;
}

async function socialLogin(client: Client, provider: SocialProvider): Promise<string> {
  return returnTo(client, await consent(client, provider, 'allow'));
}

const loginError = (code: string, provider: SocialProvider) => `/login?social_error=${code}&provider=${provider}`;

test('the login screen learns which providers are on', async () => {
  expect((await api.client().get('/api/auth/providers/')).body).toEqual({ vk: true, yandex: true });
  const plain = await startTestApp();
  try {
    expect((await plain.client().get('/api/auth/providers/')).body).toEqual({ vk: false, yandex: false });
    const off = await plain.client().get('/api/auth/vk/login/');
    expect(off.status).toBe(302);
    expect(off.headers.location).toBe(loginError('off', 'vk'));
  } finally {
    await plain.close();
  }
});

describe.each(['vk', 'yandex'] as const)('%s', (provider) => {
  const subject = provider === 'vk' ? '4000' : '1130000004000';

  test('a new player: a confirmed account from the profile, signed in, on /profile, rules still to accept', async () => {
    const email = uniqueEmail(`new-${provider}`);
    await signedInAt(provider, {
      id: `${subject}1`,
      first_name: 'Мария',
      last_name: 'Соколова',
      email: email.toUpperCase(),
      phone: provider === 'vk' ? '79035556677' : '+79035556677',
    });
    const client = api.client();
    expect(await socialLogin(client, provider)).toBe('/profile');

    const profile = await client.get('/api/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.detail).toMatchObject({
      email,
      name: 'Мария Соколова',
      phone_number: '+79035556677',
      linked_providers: [provider],
    });
    expect((await client.get('/api/is_admin/')).status).toBe(451);

    // PKCE and state went to the provider: the challenge on authorize, the verifier with the code.
    const seen = await providerRequests();
    const authorize = seen.find((r) => r.endpoint === 'authorize')!;
    expect(authorize.params).toMatchObject({ code_challenge_method: 'S256', response_type: 'code' });
    expect(authorize.params.state).toMatch(/^[\w-]{43}$/);
    expect(seen.find((r) => r.endpoint === 'token')!.params.code_verifier).toBe('[present]');

    // The same provider account again: the same Kort account, not a second one.
    const again = api.client();
    expect(await socialLogin(again, provider)).toBe('/profile');
    expect((await again.get('/api/profile/')).body.detail.email).toBe(email);
    const rows = await api.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]);
    expect(rows[0]!.n).toBe(1);
  });

  test("the provider's name loses what a name may not hold; one that reads as nothing becomes «Игрок»", async () => {
    await signedInAt(provider, {
      id: `${subject}8`,
      first_name: 'Ан\u200bна\u202e',
      last_name: '\u3164',
      email: uniqueEmail(`clean-${provider}`),
    });
    const client = api.client();
    expect(await socialLogin(client, provider)).toBe('/profile');
    expect((await client.get('/api/my_name/')).body).toEqual({ detail: 'Анна' });

    await signedInAt(provider, {
      id: `${subject}9`,
      first_name: '\u2800',
      last_name: '\u115f\u1160',
      display_name: '\u200b',
      login: '\uffa0',
      email: uniqueEmail(`blank-${provider}`),
    });
    const blank = api.client();
    expect(await socialLogin(blank, provider)).toBe('/profile');
    expect((await blank.get('/api/my_name/')).body).toEqual({ detail: 'Игрок' });
  });

  test('an existing account with that e-mail is linked, keeps its password, and a later e-mail change there changes nothing', async () => {
    const owner = api.client();
    const { email } = await registerPlayer(owner, { email: uniqueEmail(`link-${provider}`) });
    await signedInAt(provider, { id: `${subject}2`, first_name: 'Пётр', email });

    const client = api.client();
    expect(await socialLogin(client, provider)).toBe('/profile');
    expect((await client.get('/api/profile/')).body.detail).toMatchObject({ email, linked_providers: [provider] });
    // The password still works.
    expect((await api.client().post('/api/login/', { email, password: PASSWORD })).status).toBe(200);

    // The player changes their e-mail at the provider: the identity, not the address, finds them.
    await signedInAt(provider, { id: `${subject}2`, first_name: 'Пётр', email: uniqueEmail('changed') });
    const later = api.client();
    expect(await socialLogin(later, provider)).toBe('/profile');
    expect((await later.get('/api/profile/')).body.detail.email).toBe(email);
  });

  test('consent denied at the provider: back on /login with the reason, nothing created', async () => {
    const email = uniqueEmail(`deny-${provider}`);
    await signedInAt(provider, { id: `${subject}3`, first_name: 'Нет', email });
    const client = api.client();
    expect(await returnTo(client, await consent(client, provider, 'deny'))).toBe(loginError('denied', provider));
    expect((await client.get('/api/profile/')).status).toBe(401);
    expect(await api.db.query(`SELECT id FROM users WHERE email = $1`, [email])).toEqual([]);
  });

  test('a forged, foreign or replayed state is refused', async () => {
    await signedInAt(provider, { id: `${subject}4`, first_name: 'Ева', email: uniqueEmail(`state-${provider}`) });
    const victim = api.client();
    const attacker = api.client();
    const callback = await consent(attacker, provider, 'allow');

    // The attacker's callback (their code, their state) opened in the victim's browser.
    expect(await returnTo(victim, callback)).toBe(loginError('state', provider));
    expect((await victim.get('/api/profile/')).status).toBe(401);
    // A made-up state.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(await returnTo(attacker, forged)).toBe(loginError('state', provider));
    // None of that used up the attacker's own login, which works once; a replay does not.
    expect(await returnTo(attacker, callback)).toBe('/profile');
    expect(await returnTo(api.client(), callback)).toBe(loginError('state', provider));
  });

  test("a state is good for its own provider's callback only", async () => {
    await signedInAt(provider, { id: `${subject}7`, first_name: 'Ян', email: uniqueEmail(`cross-${provider}`) });
    const client = api.client();
    const callback = await consent(client, provider, 'allow');
    const other = provider === 'vk' ? 'yandex' : 'vk';
    const foreign = new URL(callback);
    foreign.pathname = `/api/auth/${other}/callback/`;
    expect(await returnTo(client, foreign)).toBe(loginError('state', other));
    // A state is used up by any callback that names it.
    expect(await returnTo(client, callback)).toBe(loginError('state', provider));
  });

  test.each([
    ['token', 'http500'],
    ['token', 'error'],
    ['token', 'timeout'],
    ['userinfo', 'http500'],
    ['userinfo', 'error'],
  ] as const)(
    'the provider failing at %s (%s): back on /login, "provider down", nothing created',
    async (endpoint, how) => {
      const email = uniqueEmail(`down-${provider}`);
      await signedInAt(provider, { id: `${subject}5`, first_name: 'Лев', email });
      await control('fail', { provider, endpoint, how });
      const client = api.client();
      expect(await socialLogin(client, provider)).toBe(loginError('provider', provider));
      expect(await api.db.query(`SELECT id FROM users WHERE email = $1`, [email])).toEqual([]);
      expect(socialErrorMessage('provider', provider)).toMatch(/сейчас не отвечает/);
    },
  );

  test('no e-mail granted: back on /login with that reason, nothing created', async () => {
    await signedInAt(provider, { id: `${subject}6`, first_name: 'Без', email: null });
    const client = api.client();
    expect(await socialLogin(client, provider)).toBe(loginError('no_email', provider));
    const rows = await api.db.query(`SELECT id FROM user_identities WHERE provider = $1 AND subject = $2`, [
      provider,
      `${subject}6`,
    ]);
    expect(rows).toEqual([]);
  });
});

test("a door link opened signed out keeps its code through a social login; only the app's own addresses", async () => {
  const provider = 'vk';
  await signedInAt(provider, {
    id: '40009001',
    first_name: 'Дверь',
    last_name: 'Кодова',
    email: uniqueEmail('next-vk'),
    phone: '79035550101',
  });
  const client = api.client();
  expect(await returnTo(client, await consent(client, provider, 'allow', '/game?door=0427'))).toBe('/game?door=0427');
  // Another host, or an auth screen, is not followed: the player lands on /profile.
  for (const foreign of ['//evil.example/game?door=1', '/\\evil.example', '/login?next=/x']) {
    const other = api.client();
    expect(await returnTo(other, await consent(other, provider, 'allow', foreign))).toBe('/profile');
  }
  // Refused at the provider, the login screen keeps where the player was going.
  const refused = api.client();
  expect(await returnTo(refused, await consent(refused, provider, 'deny', '/game?door=0427'))).toBe(
    `${loginError('denied', provider)}&next=${encodeURIComponent('/game?door=0427')}`,
  );
});

test('a blocked account and a deleted one stay out, linked or not', async () => {
  const blockedClient = api.client();
  const { email: blocked } = await registerPlayer(blockedClient, { email: uniqueEmail('blocked') });
  await api.db.query(`UPDATE users SET deleted_at = now(), deletion_kind = 'admin' WHERE email = $1`, [blocked]);
  await signedInAt('vk', { id: '7001', first_name: 'Блок', email: blocked });
  expect(await socialLogin(api.client(), 'vk')).toBe(loginError('blocked', 'vk'));
  expect(socialErrorMessage('blocked', 'vk')).toBe(messages.accountBlocked);

  // Linked first, then deleted by its owner: the identity no longer opens it.
  const owner = api.client();
  const { email: deleted } = await registerPlayer(owner, { email: uniqueEmail('deleted') });
  await signedInAt('yandex', { id: '1130000007002', first_name: 'Уд', email: deleted });
  expect(await socialLogin(api.client(), 'yandex')).toBe('/profile');
  expect((await owner.act('/api/del_account/')).status).toBe(200);
  expect(await socialLogin(api.client(), 'yandex')).toBe(loginError('deleted', 'yandex'));
});

test('an unconfirmed registration of the same address is taken over without its password', async () => {
  // Someone registered the address (and a password) but never confirmed it with the code.
  const email = uniqueEmail('squatter');
  const squatter = api.client();
  const registered = await squatter.post('/api/register/', {
    email,
    name_user: 'Чужой',
    password1: PASSWORD,
    password2: PASSWORD,
  });
  expect(registered.status).toBe(200);

  await signedInAt('yandex', { id: '1130000008001', first_name: 'Настоящий', email });
  const owner = api.client();
  expect(await socialLogin(owner, 'yandex')).toBe('/profile');
  expect((await owner.get('/api/profile/')).body.detail.linked_providers).toEqual(['yandex']);
  // The squatter's password opens nothing.
  const login = await api.client().post('/api/login/', { email, password: PASSWORD });
  expect(login.status).toBe(400);
});

test('an unknown provider is a 404, and the login start keeps at most five logins pending', async () => {
  expect((await api.client().get('/api/auth/facebook/login/')).status).toBe(404);
  const client = api.client();
  const states: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const started = await client.get('/api/auth/vk/login/');
    states.push(new URL(started.headers.location as string).searchParams.get('state')!);
  }
  // The two oldest are forgotten; the newest still works.
  const oldest = new URL(`http://kort/api/auth/vk/callback/?code=x&device_id=y&state=${states[0]}`);
  expect(await returnTo(client, oldest)).toBe(loginError('state', 'vk'));
});
