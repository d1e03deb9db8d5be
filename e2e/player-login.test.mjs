// The player app served by `npm start` at /: logging in through its screens, phone and desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifacts, nextMail, useProductAndBrowser, viewports } from './support.mjs';

const env = useProductAndBrowser();

/** A confirmed player made through the real calls (registration screens come with issue 6). */
async function confirmedPlayer(page, name) {
  const email = `ui-${name}-${Date.now()}@example.com`;
  const password = 'Экран-2026-ok';
  await page.goto(`${env.product.base}/api/give_rules/`);
  const call = (path, body) =>
    page.evaluate(
      async ({ path, body }) => {
        const token = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const response = await fetch(path, {
          method: body ? 'POST' : 'GET',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
          body: body ? JSON.stringify(body) : undefined,
        });
        return response.status;
      },
      { path, body },
    );
  await call('/api/register/', { email, name_user: 'Ирина', password1: password, password2: password });
  const code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
  assert.equal(await call('/api/activate/', { email, code }), 200);
  assert.equal(await call('/api/logout/'), 200);
  return { email, password };
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a player logs in through the e-mail and password steps (${name})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const { email, password } = await confirmedPlayer(page, name);

    await page.goto(`${env.product.base}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.screenshot({ path: `${artifacts}/player-login-email-${name}.png` });
    await page.getByRole('button', { name: 'Далее' }).click();

    await page.getByLabel('Пароль').fill('Не-тот-пароль-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByRole('alert').textContent(), 'Неверный e-mail или пароль');
    await page.screenshot({ path: `${artifacts}/player-login-error-${name}.png` });

    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Здравствуйте, Ирина!').waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile');
    await page.screenshot({ path: `${artifacts}/player-profile-${name}.png` });
    await context.close();
  });
}

test('unknown paths of the player app go to /profile, which sends a visitor without a session to /login', async () => {
  const page = await env.browser.newPage({ viewport: viewports.phone });
  await page.goto(`${env.product.base}/some/unknown/path`);
  await page.getByLabel('E-mail').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  await page.close();
});
