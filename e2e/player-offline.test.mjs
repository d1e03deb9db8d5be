// At the door with no signal (a basement, a hall): the phone still gives the way in. A player with a
// game today opens the app online once (the PIN and the club's contacts are kept on the phone); then
// with the browser offline a reload shows the service worker's offline page with that PIN; with the
// API out of reach the app's own failure screen shows it; and «Открыть дверь» says it is the phone
// that is offline (docs/decisions/0088-offline-door-page.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessibilityProblems } from './support/axe.mjs';
import { artifacts, viewports } from './support/browser.mjs';
import { confirmedPlayer, gameOnNow, logIn } from './support/players.mjs';
import { useProductAndBrowser } from './support/product.mjs';

const env = useProductAndBrowser();

for (const [index, [name, viewport]] of Object.entries(viewports).entries()) {
  test(`no signal at the door: the offline page, the failure screen and the PIN dialog give today's PIN (${name})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const { email, password } = await confirmedPlayer(page, env.product, {
      name: `offline-${name}`,
      acceptRules: true,
    });
    await gameOnNow(env.product, email, 1 + index);
    await logIn(page, env.product, { email, password });

    // Online once: my games lists the game with its PIN, which the phone keeps; the worker is up.
    await page.getByRole('heading', { name: 'Мои игры' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('kort.offline-pins') !== null);
    const [kept] = Object.values(await page.evaluate(() => JSON.parse(localStorage.getItem('kort.offline-pins'))));
    const line = `Код для двери без интернета: ${kept.pin.slice(0, 3)} ${kept.pin.slice(3)}, Корт ${1 + index}, ${kept.start.slice(11, 16)}`;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(async () => Boolean(await caches.match('/offline-data.json')));

    // 1. The browser offline: a reload gets the service worker's offline page.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' }).waitFor();
    await page.getByText(line).waitFor();
    await page.getByText('Администратор клуба', { exact: false }).first().waitFor();
    await page.screenshot({ path: `${artifacts}/offline-page-${name}.png`, fullPage: true });
    assert.deepEqual(await accessibilityProblems(page), [], 'the offline page passes axe');

    // 2. Back online but the API out of reach: the app's own failure screen, the same PIN.
    await context.setOffline(false);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${env.product.base}/profile`);
    await page.getByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' }).waitFor();
    await page.getByText(line).waitFor();
    await page.screenshot({ path: `${artifacts}/offline-failure-screen-${name}.png`, fullPage: true });

    // 3. On the game's card, «Открыть дверь» with no answer: the PIN, and it is the phone that is offline.
    await page.unroute('**/api/**');
    await page.goto(`${env.product.base}/profile`);
    await page.locator('.game.today').click();
    await page.getByRole('heading', { name: 'Игра' }).waitFor();
    await page.route('**/api/send/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Открыть дверь' }).click();
    const dialog = page.getByRole('dialog', { name: 'Код для двери' });
    await dialog.getByText('Телефон не в сети. Если на экране у двери клавиатура, введите на нём этот код').waitFor();
    assert.equal((await dialog.locator('.offline-pin').textContent()).replace(/\D/g, ''), kept.pin);
    await page.screenshot({ path: `${artifacts}/offline-pin-dialog-${name}.png` });
    await context.close();
  });
}
