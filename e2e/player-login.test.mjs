// The player app served by `npm start` at /: logging in through its screens, phone and desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifacts, nextMail, useProductAndBrowser, viewports } from './support.mjs';

const env = useProductAndBrowser();

/** A confirmed player made through the real calls, who has not accepted the club rules yet. */
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
  test(`a player logs in, accepts the club rules on the 451 screen, and sees my games (${name})`, async () => {
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
    // This account has not accepted the rules (the API answers 451): the acceptance screen first.
    await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
    await page.getByRole('button', { name: 'правила клуба' }).click();
    await page.getByRole('dialog').getByText('Правила пользования кортом').waitFor();
    await page.screenshot({ path: `${artifacts}/player-rules-text-${name}.png` });
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByLabel('Я принимаю').check();
    await page.getByLabel('Я даю согласие на').check();
    await page.screenshot({ path: `${artifacts}/player-rules-acceptance-${name}.png` });
    await page.getByRole('button', { name: 'Принять' }).click();

    await page.getByRole('heading', { name: 'Мои игры' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile');
    if (name === 'desktop') {
      // The side menu carries the player's name.
      await page.getByRole('navigation', { name: 'Главное меню' }).getByText('Ирина').waitFor();
    } else {
      await page.getByRole('button', { name: 'Меню' }).click();
      await page.getByRole('dialog', { name: 'Меню' }).getByText('Ирина').waitFor();
    }
    await page.screenshot({ path: `${artifacts}/player-after-login-${name}.png` });
    await context.close();
  });
}

test('a player who forgot the password gets a code by e-mail and sets a new one (phone)', async () => {
  const context = await env.browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  const { email } = await confirmedPlayer(page, 'recovery');
  await page.goto(`${env.product.base}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Восстановить пароль' }).click();
  const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
  assert.equal(await dialog.getByLabel('E-mail').inputValue(), email);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  const code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
  await dialog.getByLabel('Цифра 1').waitFor();
  await page.screenshot({ path: `${artifacts}/player-recovery-code-phone.png` });
  await dialog.getByLabel('Цифра 1').click();
  await page.keyboard.type(code);
  const fresh = 'Новый-пароль-7';
  await dialog.getByLabel('Новый пароль', { exact: true }).fill(fresh);
  await dialog.getByLabel('Новый пароль ещё раз').fill('Другой-пароль-7');
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await dialog.getByText('Новые пароли не совпадают').waitFor();
  await page.screenshot({ path: `${artifacts}/player-recovery-mismatch-phone.png` });
  await dialog.getByLabel('Новый пароль ещё раз').fill(fresh);
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.locator('.toast', { hasText: 'Пароль успешно изменён' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('Пароль').fill(fresh);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
  await context.close();
});

test('unknown paths of the player app go to /profile, which sends a visitor without a session to /login', async () => {
  const page = await env.browser.newPage({ viewport: viewports.phone });
  await page.goto(`${env.product.base}/some/unknown/path`);
  await page.getByLabel('E-mail').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  await page.close();
});
