import { messages } from '@kort/contracts';
import { PASSWORD, registerPlayer, uniqueEmail } from './support/accounts';
import { mailsTo, nextCode, nextMail } from './support/mailbox';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

const NEW = 'Другой-пароль-9';

/** A client that has asked for a reset code and verified it. */
async function verifiedReset(email: string) {
  const client = api.client();
  expect((await client.post('/api/reset_password_request_code/', { email })).status).toBe(200);
  expect((await client.post('/api/verify_code/', { code: await nextCode(email), email })).status).toBe(200);
  return client;
}

describe('password recovery', () => {
  test('an unknown e-mail gets a 400 with a detail and no mail', async () => {
    const email = uniqueEmail('unknown');
    const response = await api.client().post('/api/reset_password_request_code/', { email });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(messages.emailUnknown);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  test('the code letter is in Russian and the code is never in the API answer', async () => {
    const { email } = await registerPlayer(api.client());
    const client = api.client();
    const response = await client.post('/api/reset_password_request_code/', { email });
    const letter = await nextMail(email);
    expect(letter.text).toContain('Ваш код для восстановления пароля');
    const code = /(\d{4})/.exec(letter.text)![1]!;
    expect(JSON.stringify(response.body)).not.toContain(code);
    // GET /api/forgot_password_request_code/ pre-fills nothing: a code handed out by the API
    // would prove nothing about the mailbox.
    const prefill = await client.get('/api/forgot_password_request_code/');
    expect(prefill.status).toBe(200);
    expect(prefill.body).toEqual({ detail: '' });
  });

  test('a verified code gets a new session id (a session planted before cannot inherit the proof)', async () => {
    const { email } = await registerPlayer(api.client());
    const client = api.client();
    await client.post('/api/reset_password_request_code/', { email });
    const planted = client.sessionId;
    expect(planted).toBeDefined();
    expect((await client.post('/api/verify_code/', { code: await nextCode(email) })).status).toBe(200);
    expect(client.sessionId).toBeDefined();
    expect(client.sessionId).not.toBe(planted);
  });

  test('a wrong code answers 403 "Неверный или истекший код подтверждения"', async () => {
    const { email } = await registerPlayer(api.client());
    const client = api.client();
    await client.post('/api/reset_password_request_code/', { email });
    const code = await nextCode(email);
    const response = await client.post('/api/verify_code/', { code: code === '9999' ? '9998' : '9999' });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(messages.verifyCodeInvalid);
  });

  test('verify_code with no e-mail and no recovery in progress is a 400 (the app shows "Ошибка")', async () => {
    const response = await api.client().post('/api/verify_code/', { code: '1234' });
    expect(response.status).toBe(400);
  });

  test('reset without a verified code answers 403 "Истек срок действия кода подтверждения"', async () => {
    const { email } = await registerPlayer(api.client());
    const response = await api.client().post('/api/reset_password/', { email, password1: NEW, password2: NEW });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(messages.resetCodeExpired);
  });

  test('the verified code is good for 10 minutes', async () => {
    const { email } = await registerPlayer(api.client());
    const client = await verifiedReset(email);
    api.clock.advance(10 * 60 * 1000 + 1);
    try {
      const response = await client.post('/api/reset_password/', { email, password1: NEW, password2: NEW });
      expect(response.status).toBe(403);
    } finally {
      api.clock.advance(-(10 * 60 * 1000 + 1));
    }
  });

  test('a verification is bound to its e-mail: it cannot reset another account', async () => {
    const victim = await registerPlayer(api.client());
    const attacker = await registerPlayer(api.client());
    const client = await verifiedReset(attacker.email);
    const response = await client.post('/api/reset_password/', { email: victim.email, password1: NEW, password2: NEW });
    expect(response.status).toBe(403);
    expect((await api.client().post('/api/login/', { email: victim.email, password: PASSWORD })).status).toBe(200);
  });

  test.each([
    [422, { password1: '', password2: '' }, messages.passwordEmpty],
    [422, { password1: null, password2: null }, messages.passwordEmpty],
    [423, { password1: NEW, password2: `${NEW}!` }, messages.newPasswordsDoNotMatch],
    [424, { password1: 'simple', password2: 'simple' }, messages.passwordHint],
    [400, { password1: 12345678, password2: 12345678 }, messages.newPasswordsBad],
  ])('reset answers %i for %j', async (status, passwords, detail) => {
    const { email } = await registerPlayer(api.client());
    const client = await verifiedReset(email);
    const response = await client.post('/api/reset_password/', { email, ...passwords });
    expect(response.status).toBe(status);
    expect(response.body.detail).toBe(detail);
  });

  test('a successful reset is single use and ends every session of the account', async () => {
    const signedIn = api.client();
    const { email } = await registerPlayer(signedIn);
    const client = await verifiedReset(email);
    expect((await client.post('/api/reset_password/', { email, password1: NEW, password2: NEW })).status).toBe(200);
    expect((await signedIn.get('/api/profile/')).status).toBe(401);
    const again = await client.post('/api/reset_password/', { email, password1: PASSWORD, password2: PASSWORD });
    expect(again.status).toBe(403);
    expect((await api.client().post('/api/login/', { email, password: NEW })).status).toBe(200);
  });
});

describe('POST /api/change_password/', () => {
  test('needs a session', async () => {
    const response = await api.client().post('/api/change_password/', { password1: NEW, password2: NEW });
    expect(response.status).toBe(401);
  });

  test.each([
    [422, { password1: '' }, messages.passwordEmpty],
    [423, { password1: NEW, password2: 'Другой-пароль-8' }, messages.newPasswordsDoNotMatch],
    [424, { password1: 'aaaaaaaa', password2: 'aaaaaaaa' }, messages.passwordHint],
  ])('answers %i for %j', async (status, body, detail) => {
    const client = api.client();
    await registerPlayer(client);
    const response = await client.post('/api/change_password/', body);
    expect(response.status).toBe(status);
    expect(response.body.detail).toBe(detail);
  });

  test('changes the password, keeps this session and ends the others', async () => {
    const laptop = api.client();
    const { email } = await registerPlayer(laptop);
    const phone = api.client();
    expect((await phone.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);

    const response = await laptop.post('/api/change_password/', { password1: NEW, password2: NEW });
    expect(response.body).toEqual({ detail: messages.passwordChanged });
    expect((await laptop.get('/api/profile/')).status).toBe(200);
    expect((await phone.get('/api/profile/')).status).toBe(401);
    expect((await api.client().post('/api/login/', { email, password: NEW })).status).toBe(200);
  });
});
