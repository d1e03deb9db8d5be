import { messages } from '@kort/contracts';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { nextCode, nextMail } from './support/mailbox';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

test('register → code from the mailbox → activate → logout → login → reset password → login', async () => {
  const browser = api.client();
  const email = uniqueEmail('journey');

  // Registration, step 1 then step 2, as the spec's registration screens do.
  expect((await browser.post('/api/reg-phone/', { email, phone_number: '+79161234567' })).status).toBe(200);
  const registered = await browser.post('/api/register/', {
    email,
    phone_number: '+79161234567',
    name_user: 'Анна',
    password1: PASSWORD,
    password2: PASSWORD,
  });
  expect(registered.body).toEqual({ detail: messages.codeSent });

  // The code arrives by real SMTP; activation signs the player in.
  const letter = await nextMail(email);
  expect(letter.subject).toMatch(/^Код подтверждения: \d{4}$/);
  const code = /(\d{4})/.exec(letter.subject)![1];
  const activated = await browser.post('/api/activate/', { email, code });
  expect(activated.status).toBe(200);
  expect((await browser.get('/api/my_name/')).body).toEqual({ detail: 'Анна' });

  // Logout ends the session.
  expect((await browser.act('/api/logout/')).status).toBe(200);
  expect((await browser.get('/api/profile/')).status).toBe(401);

  // Login in two steps.
  expect((await browser.post('/api/check-phone/', { email })).status).toBe(200);
  expect((await browser.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
  expect((await browser.get('/api/profile/')).body.detail).toMatchObject({
    email,
    phone_number: '+79161234567',
    name: 'Анна',
    role: messages.rolePlayer,
  });

  // Password recovery from another device: request, verify the mailed code, set a new password.
  const phone = api.client();
  expect((await phone.post('/api/reset_password_request_code/', { email })).status).toBe(200);
  expect((await phone.get('/api/give_email/')).body).toEqual({ detail: email });
  expect((await phone.post('/api/verify_code/', { code: await nextCode(email) })).status).toBe(200);
  const newPassword = 'Новый-пароль-7Q';
  const reset = await phone.post('/api/reset_password/', { email, password1: newPassword, password2: newPassword });
  expect(reset.body).toEqual({ detail: messages.passwordChanged });

  // The old session is over, the old password is dead, the new one works.
  expect((await browser.get('/api/profile/')).status).toBe(401);
  expect((await phone.post('/api/login/', { email, password: PASSWORD })).status).toBe(400);
  expect((await phone.post('/api/login/', { email, password: newPassword })).status).toBe(200);
  expect((await phone.get('/api/my_name/')).body).toEqual({ detail: 'Анна' });
});
