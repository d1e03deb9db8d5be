// Log in with VK ID in Chromium on a phone: the button on /login, the provider's consent
// page (the local fake of VK ID and Yandex ID, scripts/fake-oauth-provider.mjs), back to /profile,
// the club rules for a new account, the linked provider on the profile; then a refused consent lands
// on /login with the reason. Screens go to e2e/artifacts/social-*.png and are checked with axe.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFakeOAuthProvider } from '../scripts/fake-oauth-provider.mjs';
import { accessibilityProblems } from './support/axe.mjs';
import { artifacts, launchChromium, viewports } from './support/browser.mjs';
import { startProduct } from './support/product.mjs';

let fake;
let product;
let browser;

before(async () => {
  fake = await startFakeOAuthProvider({ clients: { yandex: { secret: 'kort-yandex-e2e-secret' } } });
  product = await startProduct({
    VK_CLIENT_ID: 'kort-vk-e2e',
    VK_ID_URL: fake.vkUrl,
    YANDEX_CLIENT_ID: 'kort-yandex-e2e',
    YANDEX_CLIENT_SECRET: 'kort-yandex-e2e-secret',
    YANDEX_OAUTH_URL: fake.yandexOauthUrl,
    YANDEX_LOGIN_URL: fake.yandexLoginUrl,
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await fake?.stop();
});

test('a new player logs in with VK ID on a phone, accepts the rules, and sees VK ID on the profile', async () => {
  const email = `vk-${Date.now()}@example.com`;
  fake.setUser('vk', { id: `e2e${Date.now()}`, first_name: 'Анна', last_name: 'Волкова', email, phone: '79031234567' });
  const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = [];
  let shot = 0;
  const snap = async (screen, { ours = true } = {}) => {
    await page.screenshot({ path: `${artifacts}/social-phone-${String(++shot).padStart(2, '0')}-${screen}.png` });
    if (ours) problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  const heading = (name) => page.getByRole('heading', { name, exact: true }).waitFor();

  try {
    await page.goto(`${product.base}/login`);
    await heading('Вход');
    const vk = page.getByRole('link', { name: 'Войти через VK ID' });
    await vk.waitFor();
    await page.getByRole('link', { name: 'Войти через Яндекс ID' }).waitFor();
    await snap('login-buttons');
    await vk.click();

    // At VK ID (the fake): the consent page, then back to Kort.
    await page.getByRole('button', { name: 'Разрешить' }).waitFor();
    assert.equal(new URL(page.url()).origin, new URL(fake.url).origin);
    await snap('vk-consent', { ours: false });
    await page.getByRole('button', { name: 'Разрешить' }).click();

    // A new account: the club rules first, then my games on /profile.
    await heading('Правила клуба');
    await snap('rules');
    await page.getByLabel('Я принимаю').check();
    await page.getByLabel('Я даю согласие на').check();
    await page.getByRole('button', { name: 'Принять' }).click();
    await heading('Мои игры');
    assert.equal(new URL(page.url()).pathname, '/profile');
    await snap('my-games');

    await page.goto(`${product.base}/account`);
    await heading('Профиль');
    await page.getByText(email).waitFor();
    await page.getByText('+7 (903) 123-45-67').waitFor();
    await page.getByText('VK ID', { exact: false }).first().waitFor();
    await snap('account-linked');

    // Log out; this time the player refuses at VK ID and is back on /login, told why.
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти' }).click();
    await heading('Вход');
    await page.getByRole('link', { name: 'Войти через VK ID' }).click();
    await page.getByRole('button', { name: 'Отклонить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Вход через VK ID отменён' }).waitFor();
    // The reason is shown once, not kept in the address (where the player was going may stay).
    const left = new URL(page.url()).searchParams;
    assert.deepEqual([left.has('social_error'), left.has('provider')], [false, false]);
    await snap('login-denied');
    assert.deepEqual(problems, [], 'accessibility problems on the screens');
  } catch (failure) {
    await snap('FAILED', { ours: false }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
});
