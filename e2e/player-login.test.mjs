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

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a new player registers through the screens, with the code from the letter (${name})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const email = `ui-reg-${name}-${Date.now()}@example.com`;
    await page.goto(`${env.product.base}/login`);
    await page.getByRole('link', { name: 'Регистрация' }).click();
    // A client-side route (loaded on demand): wait for the new page before typing into it.
    await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Телефон').pressSequentially('9161234567');
    assert.equal(await page.getByLabel('Телефон').inputValue(), '+7 (916) 123-45-67');
    await page.getByLabel('Имя').fill('Мария');
    await page.screenshot({ path: `${artifacts}/player-register-details-${name}.png` });
    await page.getByRole('button', { name: 'Далее' }).click();

    const passwords = page.locator('input[autocomplete="new-password"]');
    await Promise.race([passwords.first().waitFor(), page.getByRole('alert').waitFor()]);
    if (await page.getByRole('alert').isVisible()) {
      await page.screenshot({ path: `${artifacts}/player-register-failed-${name}.png` });
      assert.fail(`registration step 1 refused: ${await page.getByRole('alert').textContent()}`);
    }
    await passwords.first().fill('Регистрация-2026');
    await passwords.nth(1).fill('Регистрация-2026');
    await page.getByLabel('Я принимаю').check();
    await page.getByRole('button', { name: 'правила клуба' }).click();
    await page.getByRole('dialog').getByText('Правила пользования кортом').waitFor();
    await page.screenshot({ path: `${artifacts}/player-register-rules-${name}.png` });
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByLabel('Я согласен на').check();
    await page.screenshot({ path: `${artifacts}/player-register-password-${name}.png` });
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

    const code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
    await page.getByLabel('Цифра 1').waitFor();
    await page.screenshot({ path: `${artifacts}/player-register-code-${name}.png` });
    await page.getByLabel('Цифра 1').click();
    await page.keyboard.type(code);
    await page.getByText('Здравствуйте, Мария!').waitFor();
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
