// Accounts in a real browser against `npm start`: cookies, CSRF and sessions as Chromium handles
// them. The player app's screens drive the same calls (e2e/player-login.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifacts, viewports } from './support/browser.mjs';
import { nextMail, waitForMail } from './support/mail.mjs';
import { useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();

/** Calls the API from inside the page, the way the web apps will: credentials and CSRF header. */
function apiFrom(page) {
  return (method, path, body) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const token = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const response = await fetch(path, {
          method,
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      { method, path, body },
    );
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`OpenAPI documentation renders (${name})`, async () => {
    const page = await env.browser.newPage({ viewport });
    await page.goto(`${env.product.base}/api/docs/`);
    await page.getByText('Kort API').first().waitFor();
    // Swagger UI renders the operations near the viewport only: scroll down until registration's shows.
    const register = page.getByText('/api/register', { exact: true }).first();
    await until(
      async () => (await register.count()) > 0 || (await page.mouse.wheel(0, 600), false),
      'the registration operation in the docs',
      30_000,
    );
    await register.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}/api-docs-${name}.png` });
    await page.close();
  });
}

test('register, confirm with the e-mailed code, see the profile, log out, log in (Chromium)', async () => {
  const context = await env.browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  await page.goto(`${env.product.base}/api/give_rules/`);
  const api = apiFrom(page);
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Браузер-2026-ok';

  assert.equal((await api('POST', '/api/reg-phone/', { email, phone_number: '+79990000001' })).status, 200);
  const registered = await api('POST', '/api/register/', {
    email,
    phone_number: '+79990000001',
    name_user: 'Браузер',
    password1: password,
    password2: password,
  });
  assert.equal(registered.status, 200, JSON.stringify(registered.body));

  const letter = await nextMail(env.product.mailUrl, email);
  const code = /(\d{4})/.exec(letter.subject)[1];
  assert.equal((await api('POST', '/api/activate/', { email, code })).status, 200);

  // The session cookie is out of reach of page scripts; the CSRF cookie is readable.
  const cookies = await page.evaluate(() => document.cookie);
  assert.match(cookies, /csrftoken=/);
  assert.doesNotMatch(cookies, /sessionid=/);
  assert.ok((await context.cookies()).some((c) => c.name === 'sessionid' && c.httpOnly && c.sameSite === 'Lax'));

  const profile = await api('GET', '/api/profile/');
  assert.deepEqual(profile.body.detail, {
    email,
    phone_number: '+79990000001',
    name: 'Браузер',
    role: 'Игрок',
    role_code: 'player',
    calendar_url: null,
    linked_providers: [],
    // One club on this install: the player is at it without choosing.
    site: { id: 'default', name: 'Основная площадка', slug: 'default', timezone: 'Europe/Moscow' },
  });

  assert.equal((await api('GET', '/api/logout/')).status, 200);
  assert.equal((await api('GET', '/api/profile/')).status, 401);
  assert.equal((await api('POST', '/api/login/', { email, password })).status, 200);
  assert.equal((await api('GET', '/api/my_name/')).body.detail, 'Браузер');

  // A cross-site style request (no CSRF header) cannot log the player out.
  const forged = await page.evaluate(async () => (await fetch('/api/logout/', { credentials: 'include' })).status);
  assert.equal(forged, 403);
  assert.equal((await api('GET', '/api/my_name/')).status, 200);
  await context.close();
});

test('the Russian letter arrives in the MailDev inbox', async () => {
  const page = await env.browser.newPage({ viewport: viewports.desktop });
  const context = await env.browser.newContext();
  const apiPage = await context.newPage();
  await apiPage.goto(`${env.product.base}/api/give_rules/`);
  const email = `inbox-${Date.now()}@example.com`;
  await apiFrom(apiPage)('POST', '/api/register/', {
    email,
    name_user: 'Почта',
    password1: 'Почта-2026-ok',
    password2: 'Почта-2026-ok',
  });
  // The inbox page lists what has arrived when it loads: wait for the letter first.
  await waitForMail(env.product.mailUrl, email);
  await page.goto(env.product.mailUrl);
  await page.getByText('Код подтверждения').first().click();
  await page.getByText('Ваш код для подтверждения регистрации').first().waitFor();
  await page.screenshot({ path: `${artifacts}/maildev-letter.png` });
  await context.close();
  await page.close();
});
