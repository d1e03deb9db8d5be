import { randomUUID } from 'node:crypto';
import { messages } from '@kort/contracts';
import { PASSWORD, registerPlayer, uniqueEmail } from './support/accounts';
import { nextCode } from './support/mailbox';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

const details = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('reg'),
  phone_number: '+79031112233',
  name_user: 'Мария',
  password1: PASSWORD,
  password2: PASSWORD,
  ...overrides,
});

describe('POST /api/reg-phone/ (registration step 1)', () => {
  test('a free e-mail with or without a phone goes on', async () => {
    expect((await api.client().post('/api/reg-phone/', { email: uniqueEmail() })).status).toBe(200);
    const withPhone = await api
      .client()
      .post('/api/reg-phone/', { email: uniqueEmail(), phone_number: '+79991234567' });
    expect(withPhone.status).toBe(200);
  });

  test('a taken e-mail and a malformed phone are refused with a detail', async () => {
    const { email } = await registerPlayer(api.client());
    const taken = await api.client().post('/api/reg-phone/', { email: email.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.detail).toBe(messages.emailTaken);

    for (const phone_number of ['89991234567', '+7999123456', '+7 (999) 123-45-67', '+19991234567']) {
      const bad = await api.client().post('/api/reg-phone/', { email: uniqueEmail(), phone_number });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe(messages.phoneInvalid);
    }
  });
});

describe('POST /api/register/', () => {
  test('the name is required and at most 25 characters', async () => {
    const missing = await api.client().post('/api/register/', details({ name_user: '   ' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name_user).toBe(messages.nameRequired);

    const long = await api.client().post('/api/register/', details({ name_user: 'Я'.repeat(26) }));
    expect(long.body.errors.name_user).toBe(messages.nameTooLong);
    expect((await api.client().post('/api/register/', details({ name_user: 'Я'.repeat(25) }))).status).toBe(200);
  });

  test.each([
    ['short', 'Aa1!aaa', messages.passwordTooShort],
    ['no uppercase', 'aaaa1111!', messages.passwordWeak],
    ['no lowercase', 'AAAA1111!', messages.passwordWeak],
    ['no digit', 'Aaaaaaaa!', messages.passwordWeak],
    ['no special character', 'Aaaaaaa11', messages.passwordWeak],
    ['129 characters', `Aa1!${'ж'.repeat(125)}`, messages.passwordTooLong],
  ])('a weak password (%s) answers errors.password1 with the text to show', async (_, password, text) => {
    const response = await api.client().post('/api/register/', details({ password1: password, password2: password }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password1: text });
  });

  test('a name with a direction override or a control character is refused (it would spoof another name)', async () => {
    for (const name_user of ['Анна\u202eвонавИ', 'Глеб\u0007', 'Вера\u2028Админ']) {
      const response = await api.client().post('/api/register/', details({ name_user }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ name_user: messages.nameUnsafe });
    }
    expect((await api.client().post('/api/register/', details({ name_user: 'Анна-Мария Д’Арк' }))).status).toBe(200);
  });

  test('a name that reads as nothing is refused as no name; one hiding an invisible character or a tower of marks is refused', async () => {
    for (const name_user of ['\u200b', '\u200b\u200b \u200b', '\u3164', '\u2800\u2800', '\u115f\u1160']) {
      const response = await api.client().post('/api/register/', details({ name_user }));
      expect([response.status, response.body.errors]).toEqual([400, { name_user: messages.nameRequired }]);
    }
    for (const name_user of ['Ан\u200bна', 'Анна\u00ad', 'Анна\u3164', `a${'\u0336'.repeat(20)}`]) {
      const response = await api.client().post('/api/register/', details({ name_user }));
      expect([response.status, response.body.errors]).toEqual([400, { name_user: messages.nameUnsafe }]);
    }
    for (const name_user of ['Сергеи\u0306', 'अनुष्का', 'Nguye\u0302\u0303n', 'Аня 👩\u200d💻']) {
      expect((await api.client().post('/api/register/', details({ name_user }))).status).toBe(200);
    }
  });

  test('an address on a Cyrillic domain registers, gets its code by real SMTP, and is one account however it is typed', async () => {
    const local = `игрок${randomUUID().slice(0, 6)}`;
    const client = api.client();
    const registered = await client.post('/api/register/', details({ email: `${local.toUpperCase()}@Пример.РФ` }));
    expect(registered.status).toBe(200);
    // Mailed to the canonical address (nodemailer speaks SMTPUTF8 to servers that offer it).
    const code = await nextCode(`${local}@пример.рф`);
    expect((await client.post('/api/activate/', { email: `${local}@пример.рф`, code })).status).toBe(200);
    expect((await client.get('/api/profile/')).body.detail.email).toBe(`${local}@пример.рф`);

    // The same address in its ASCII form is taken, and logs in to the same account.
    const again = await api.client().post('/api/reg-phone/', { email: `${local}@xn--e1afmkfd.xn--p1ai` });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(messages.emailTaken);
    const other = api.client();
    expect(
      (await other.post('/api/login/', { email: `${local}@XN--E1AFMKFD.XN--P1AI`, password: PASSWORD })).status,
    ).toBe(200);
    expect((await other.get('/api/profile/')).body.detail.email).toBe(`${local}@пример.рф`);
  });

  test('passwords that differ answer errors.password2', async () => {
    const response = await api.client().post('/api/register/', details({ password2: `${PASSWORD}x` }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password2: messages.passwordsDoNotMatch });
  });

  test('a 128-character Cyrillic password is accepted whole, never truncated', async () => {
    const password = `Пароль1!${'щ'.repeat(120)}`;
    expect([...password]).toHaveLength(128);
    const client = api.client();
    const { email } = await registerPlayer(client, { password });
    expect((await api.client().post('/api/login/', { email, password })).status).toBe(200);
    // Every character counts: the same password without its last character is wrong.
    expect((await api.client().post('/api/login/', { email, password: password.slice(0, -1) })).status).toBe(400);
  });

  test('an abandoned registration can be started again; a confirmed e-mail cannot', async () => {
    const email = uniqueEmail('again');
    await api.client().post('/api/register/', details({ email, name_user: 'Первый' }));
    await nextCode(email);
    const client = api.client();
    expect((await client.post('/api/register/', details({ email, name_user: 'Второй' }))).status).toBe(200);
    expect((await client.post('/api/activate/', { email, code: await nextCode(email) })).status).toBe(200);
    expect((await client.get('/api/my_name/')).body.detail).toBe('Второй');

    const again = await api.client().post('/api/register/', details({ email }));
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(messages.emailTaken);
  });

  test('at most 5 codes an hour, even when 20 requests arrive at once', async () => {
    const client = api.client();
    const { email } = await registerPlayer(client);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.client().post('/api/reset_password_request_code/', { email })),
    );
    const statuses = answers.map((a) => a.status);
    // The activation code counts too: 4 more fit in the hour.
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });

  test('at most 5 codes are mailed to one e-mail an hour', async () => {
    const email = uniqueEmail('flood');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await api.client().post('/api/register/', details({ email }))).status).toBe(200);
    }
    const sixth = await api.client().post('/api/register/', details({ email }));
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toBe(messages.codeSendLimit);
  });
});

describe('POST /api/resend_activation_code/ ("Отправить код ещё раз")', () => {
  const codesOf = async (email: string) =>
    (
      await api.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
        [email],
      )
    )[0]!.n;

  test('mails a new code to an account waiting for activation; the new code activates it', async () => {
    const email = uniqueEmail('resend');
    const client = api.client();
    await client.post('/api/register/', details({ email }));
    await nextCode(email);
    const resent = await api.client().post('/api/resend_activation_code/', { email });
    expect(resent.status).toBe(200);
    expect(resent.body.detail).toBe(messages.codeSent);
    const code = await nextCode(email);
    expect((await client.post('/api/activate/', { email, code })).status).toBe(200);
  });

  test('an unknown or already active e-mail gets the same answer and no code (nobody learns who is registered)', async () => {
    const { email: active } = await registerPlayer(api.client());
    const before = await codesOf(active);
    for (const email of [active, uniqueEmail('nobody')]) {
      const response = await api.client().post('/api/resend_activation_code/', { email });
      expect(response.status).toBe(200);
      expect(response.body.detail).toBe(messages.codeSent);
    }
    expect(await codesOf(active)).toBe(before);
  });

  test('the per-e-mail limit answers 429 with its detail, which the screen shows', async () => {
    const email = uniqueEmail('resend-flood');
    await api.client().post('/api/register/', details({ email }));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await api.client().post('/api/resend_activation_code/', { email });
      statuses.push(response.status);
      if (response.status === 429) expect(response.body.detail).toBe(messages.codeSendLimit);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]); // the registration's code was the first of 5
    expect((await api.client().post('/api/resend_activation_code/', { email: 'не почта' })).status).toBe(400);
  });
});

describe('POST /api/activate/', () => {
  test('a wrong code answers 400 "Неверный или истекший код"; the right one then still works', async () => {
    const email = uniqueEmail('act');
    const client = api.client();
    await client.post('/api/register/', details({ email }));
    const code = await nextCode(email);
    const wrong = code === '0000' ? '0001' : '0000';
    const response = await client.post('/api/activate/', { email, code: wrong });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(messages.codeInvalid);
    expect((await client.post('/api/activate/', { email, code })).status).toBe(200);
    // Single use.
    expect((await api.client().post('/api/activate/', { email, code })).status).toBe(400);
  });

  test('brute force stops after 5 tries: 403, and the right code is refused for an hour', async () => {
    const email = uniqueEmail('brute');
    await api.client().post('/api/register/', details({ email }));
    const code = await nextCode(email);
    const wrong = ['0000', '1111', '2222', '3333', '4444', '5555'].filter((c) => c !== code);
    const statuses: number[] = [];
    for (const guess of wrong.slice(0, 5)) {
      statuses.push((await api.client().post('/api/activate/', { email, code: guess })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 403]);
    const right = await api.client().post('/api/activate/', { email, code });
    expect(right.status).toBe(403);
    expect(right.body.detail).toBe(messages.codeTooManyTries);

    // A fresh code (login → 418) does not buy five more guesses within the hour…
    expect((await api.client().post('/api/login/', { email, password: PASSWORD })).status).toBe(418);
    const fresh = await nextCode(email);
    expect((await api.client().post('/api/activate/', { email, code: fresh })).status).toBe(403);

    // …but after the hour it works.
    api.clock.advance(61 * 60 * 1000);
    expect((await api.client().post('/api/login/', { email, password: PASSWORD })).status).toBe(418);
    const later = await nextCode(email);
    expect((await api.client().post('/api/activate/', { email, code: later })).status).toBe(200);
    api.clock.advance(-61 * 60 * 1000);
  });

  test('parallel guesses with the right code among them: never a success after 5 failures', async () => {
    // An app of its own: 40 checks at once would spend this file's per-IP allowance (60 a minute).
    const own = await startTestApp();
    const email = uniqueEmail('parallel');
    await own.client().post('/api/register/', details({ email }));
    const code = await nextCode(email);
    const wrong = Array.from({ length: 40 }, (_, i) => String(i + 100).padStart(4, '0')).filter((c) => c !== code);
    const guesses = [...wrong.slice(0, 20), code, ...wrong.slice(20)];
    const answers = await Promise.all(
      guesses.map((guess) => own.client().post('/api/activate/', { email, code: guess })),
    );
    await own.close();
    const statuses = answers.map((a) => a.status);
    const failures = statuses.filter((s) => s === 400).length;
    const succeeded = statuses.includes(200);
    // Judged one at a time: the right code wins only if it came before the fifth failure.
    expect(failures).toBeLessThanOrEqual(succeeded ? 4 : 5);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 403)).toBe(true);
    const [{ attempts }] = await api.db.query<[{ attempts: number }]>(
      `SELECT sum(c.attempts)::int AS attempts FROM one_time_codes c JOIN users u ON u.id = c.user_id
        WHERE u.email = $1`,
      [email],
    );
    expect(attempts).toBeLessThanOrEqual(5);
  });

  test('a fresh code does not buy fresh guesses: 4 wrong, new code, 1 wrong → locked', async () => {
    const email = uniqueEmail('fresh');
    await api.client().post('/api/register/', details({ email }));
    const first = await nextCode(email);
    for (const guess of ['0000', '1111', '2222', '3333', '4444'].filter((c) => c !== first).slice(0, 4)) {
      expect((await api.client().post('/api/activate/', { email, code: guess })).status).toBe(400);
    }
    expect((await api.client().post('/api/login/', { email, password: PASSWORD })).status).toBe(418);
    const second = await nextCode(email);
    const fifth = await api.client().post('/api/activate/', { email, code: second === '9999' ? '9998' : '9999' });
    expect(fifth.status).toBe(403);
    expect((await api.client().post('/api/activate/', { email, code: second })).status).toBe(403);
  });

  test('a code expires after 10 minutes', async () => {
    const email = uniqueEmail('expired');
    await api.client().post('/api/register/', details({ email }));
    const code = await nextCode(email);
    api.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const response = await api.client().post('/api/activate/', { email, code });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe(messages.codeInvalid);
    } finally {
      api.clock.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  test('codes are stored hashed, never as the digits', async () => {
    const email = uniqueEmail('hashed');
    await api.client().post('/api/register/', details({ email }));
    const code = await nextCode(email);
    const rows = await api.db.query<{ code_hash: string }[]>(
      `SELECT c.code_hash FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash.length).toBeGreaterThan(20);
  });
});
