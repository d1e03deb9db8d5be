import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { AuthError, messages } from '@kort/contracts';
import { QUEUES } from '../src/queues/queues';
import { PASSWORD, registerPlayer, uniqueEmail } from './support/accounts';
import { waitFor } from './support/wait';
import { mailsTo, nextCode } from './support/mailbox';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

/** Letters to `address` not sent yet: waiting, being sent, or waiting for a retry. */
async function queuedMailTo(address: string): Promise<number> {
  const queue = api.app.get<Queue>(getQueueToken(QUEUES.mail));
  const jobs: Job<{ to: string }>[] = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
  return jobs.filter((job) => job.data.to === address).length;
}

describe('POST /api/check-phone/ (login step 1)', () => {
  test('a known e-mail goes on, in any letter case', async () => {
    const { email } = await registerPlayer(api.client());
    const response = await api.client().post('/api/check-phone/', { email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
  });

  test('an unknown e-mail answers 400 with errors.phone_number, which the app shows as "Проверьте почту"', async () => {
    const response = await api.client().post('/api/check-phone/', { email: uniqueEmail('nobody') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: messages.emailUnknown,
      code: AuthError.EmailUnknown,
      errors: { phone_number: messages.checkEmail },
    });
  });

  test('a malformed e-mail is a 400 with a detail', async () => {
    const response = await api.client().post('/api/check-phone/', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.body.errors.phone_number).toBe(messages.emailInvalid);
  });
});

describe('POST /api/login/', () => {
  test('a wrong password answers errors.auth_error', async () => {
    const { email } = await registerPlayer(api.client());
    const response = await api.client().post('/api/login/', { email, password: 'Wrong-pass-1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: messages.authFailed,
      code: AuthError.WrongPassword,
      errors: { auth_error: messages.authFailed },
    });
  });

  test('an unknown e-mail answers errors.phone_number', async () => {
    const response = await api.client().post('/api/login/', { email: uniqueEmail('ghost'), password: PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ phone_number: messages.checkEmail });
  });

  test('an account not yet confirmed answers 418 and mails a fresh code that activates it', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = api.client();
    await client.post('/api/register/', {
      email,
      name_user: 'Пётр',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    const firstCode = await nextCode(email);

    const response = await client.post('/api/login/', { email, password: PASSWORD });
    expect(response.status).toBe(418);
    expect(response.body.detail).toBe(messages.accountInactive);
    const freshCode = await nextCode(email);

    // The fresh code replaced the first one.
    if (freshCode !== firstCode) {
      expect((await client.post('/api/activate/', { email, code: firstCode })).status).toBe(400);
    }
    expect((await client.post('/api/activate/', { email, code: freshCode })).status).toBe(200);
    expect((await client.get('/api/my_name/')).body).toEqual({ detail: 'Пётр' });
  });

  test('a 418 with a wrong password sends nothing (no mail bombing through login)', async () => {
    const email = uniqueEmail('unconfirmed');
    await api.client().post('/api/register/', { email, name_user: 'Пётр', password1: PASSWORD, password2: PASSWORD });
    await nextCode(email);
    const response = await api.client().post('/api/login/', { email, password: 'Wrong-pass-1' });
    expect(response.status).toBe(400);
    // A later letter proves the inbox has caught up: the right password mails a fresh code. Once it
    // is there and nothing to this address is left in the mail queue, it must be the only letter.
    const marker = await api.client().post('/api/login/', { email, password: PASSWORD });
    expect(marker.status).toBe(418);
    expect(marker.body.detail).toBe(messages.accountInactive);
    await waitFor(async () => (await mailsTo(email)).length > 0 && (await queuedMailTo(email)) === 0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test('the session id changes at login (no session fixation) and a new CSRF token comes with it', async () => {
    const { email } = await registerPlayer(api.client());
    const client = api.client();
    // Start an anonymous session (password recovery stores state in it).
    await client.post('/api/reset_password_request_code/', { email });
    await nextCode(email);
    const before = client.sessionId;
    const csrfBefore = client.cookies.get('csrftoken');
    expect(before).toBeDefined();

    expect((await client.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
    expect(client.sessionId).toBeDefined();
    expect(client.sessionId).not.toBe(before);
    expect(client.cookies.get('csrftoken')).not.toBe(csrfBefore);
  });

  test('the session cookie is HttpOnly and SameSite=Lax; the CSRF cookie is readable by the app', async () => {
    const { email } = await registerPlayer(api.client());
    const response = await api.client().post('/api/login/', { email, password: PASSWORD });
    const cookies = (response.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cookies).toMatch(/sessionid=[^;]+;.*HttpOnly/i);
    expect(cookies).toMatch(/sessionid=[^;]+;.*SameSite=Lax/i);
    expect(cookies).toMatch(/csrftoken=[^;]+/);
    expect(cookies).not.toMatch(/csrftoken=[^\n]*HttpOnly/i);
  });

  test('guessing passwords stops after 10 tries on one e-mail (429), even with the right one', async () => {
    const { email } = await registerPlayer(api.client());
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await api.client().post('/api/login/', { email, password: `Wrong-${attempt}-a` })).status).toBe(400);
    }
    const locked = await api.client().post('/api/login/', { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe(messages.tooManyLogins);
  });

  test('a stale session (password changed elsewhere) can still log out: 200, never a 500', async () => {
    const laptop = api.client();
    const { email } = await registerPlayer(laptop);
    const phone = api.client();
    await phone.post('/api/login/', { email, password: PASSWORD });
    await phone.post('/api/change_password/', { password1: 'Новый-пароль-77', password2: 'Новый-пароль-77' });
    expect((await laptop.act('/api/logout/')).status).toBe(200);
    expect((await laptop.post('/api/reset_password_request_code/', { email })).status).toBe(200);
    expect((await laptop.get('/api/give_email/')).body).toEqual({ detail: email });
  });

  test('a self-deleted account cannot log in', async () => {
    const client = api.client();
    const { email } = await registerPlayer(client);
    await client.act('/api/del_account/');
    const response = await api.client().post('/api/login/', { email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(messages.accountDeleted);
  });
});

test('the per-IP lookup limit (120 a minute) holds whatever X-Forwarded-For a client sends', async () => {
  const direct = await startTestApp({ TRUST_PROXY: 'false' }); // no proxy in front: XFF is the client's word
  try {
    const client = direct.client();
    const answers: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const spoofed = { 'X-Forwarded-For': `203.0.113.${i % 250}` };
      answers.push(
        (await client.post('/api/check-phone/', { email: 'nobody@example.com' }, { headers: spoofed })).status,
      );
    }
    expect(answers.slice(0, 120).every((s) => s === 400)).toBe(true);
    expect(answers[120]).toBe(429);
  } finally {
    await direct.close();
  }
});
