// The admin dashboard served by `npm start` at /admin/: an admin runs the club. Counters, the light
// with the simulated agent's relay and the live update, blocking and restoring a player, blocking a
// shelf, every device action in the command log and the other admin actions in the actions log.
// Screens go to e2e/artifacts/admin-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { adminContext } from './support/admin-pages.mjs';
import { accessibilityProblems } from './support/axe.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { artifacts, viewports } from './support/browser.mjs';
import { agentState, useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const ADMIN = { email: `admin-${Date.now()}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const PLAYER = { email: `player-${Date.now()}@example.com`, password: 'Игрок-2026-пароль!', name: 'Гоша' };

/** An admin account: registered as a player, then promoted (as `npm run admin:create` does). */
async function createAdmin() {
  await registerAccount(env.product, ADMIN);
  const db = new pg.Client({ connectionString: env.product.databaseUrl });
  await db.connect();
  await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [ADMIN.email]);
  await db.end();
  const admin = apiClient(env.product.base);
  assert.equal((await admin.login(ADMIN.email, ADMIN.password)).status, 200);
  return admin;
}

test('an admin runs the club from the dashboard', async () => {
  const { base } = env.product;
  const admin = await createAdmin();
  await registerAccount(env.product, PLAYER);
  await until(async () => (await agentState(env.product)).connected, 'the simulated agent to connect');

  // An admin's browser in Russian, Material UI's fades off for axe.
  const context = await adminContext(env.browser, viewports.desktop);
  const page = await context.newPage();
  const problems = [];
  let shot = 0;
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/admin-desktop-${String(++shot).padStart(2, '0')}-${screen}.png` });
    problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  const notification = (text) => page.getByText(text, { exact: true }).first().waitFor();

  try {
    // Log in through the dashboard's own screen.
    await page.goto(`${base}/admin/`);
    await page.getByLabel('E-mail').waitFor();
    await snap('login');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Пароль').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    // Home: the counters and the live light and door.
    await page.getByText('Игроков').first().waitFor();
    await page.getByText('Игр сегодня').first().waitFor();
    const light = page.getByRole('group', { name: 'Свет' });
    await light.getByText('Выключен').waitFor();
    await page.getByText('Оборудование на связи').waitFor();
    // npm start runs the simulated agent: the dashboard says plainly that no relay moves.
    await page.getByText('Имитация оборудования').waitFor();
    await snap('home');

    // The light from the dashboard: the agent's relay closes and the card says so.
    await light.getByRole('button', { name: 'Включить свет' }).click();
    await until(async () => (await agentState(env.product)).relays.light, 'the light relay to switch on');
    await light.getByText('Включён').waitFor();
    await snap('light-on');

    // Switched from elsewhere (another admin's call): the dashboard follows with no reload.
    assert.equal((await admin.get('/api/turn_off_light/')).status, 200);
    await light.getByText('Выключен').waitFor();
    assert.equal((await agentState(env.product)).relays.light, false);

    // Players: block, and the player cannot log in; restore, and they can.
    await page.goto(`${base}/admin/users`);
    await page.getByText(PLAYER.email).waitFor();
    await snap('users');
    await page.getByText(PLAYER.email).click();
    await page.getByRole('button', { name: 'Заблокировать' }).waitFor();
    await snap('user-show');
    await page.getByRole('button', { name: 'Заблокировать' }).click();
    await page.getByRole('dialog').waitFor();
    await snap('user-block-confirm');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Да|Заблокировать/ })
      .last()
      .click();
    await notification('Игрок заблокирован');
    const refused = await apiClient(base).login(PLAYER.email, PLAYER.password);
    assert.equal(refused.status, 403);
    assert.match(JSON.stringify(refused.body), /заблокирован/);
    await page.getByRole('button', { name: 'Снять блокировку' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Да|Снять блокировку/ })
      .last()
      .click();
    await notification('Блокировка снята');
    const player = apiClient(base);
    assert.equal((await player.login(PLAYER.email, PLAYER.password)).status, 200);

    // Shelves: block shelf 3, and the player cannot rent it; open shelf 4 and see its relay.
    await page.goto(`${base}/admin/admin_boxes`);
    const shelf3 = page.getByRole('group', { name: 'Ящик 3' });
    await shelf3.getByText('Свободен').waitFor();
    await snap('shelves');
    await shelf3.getByRole('button', { name: 'Заблокировать' }).click();
    await shelf3.getByText('Заблокирован', { exact: true }).first().waitFor();
    const rent = await player.get('/api/reserve_shelf/?id=3');
    assert.equal(rent.status, 403);
    assert.equal(rent.body.detail, 'Ящик заблокирован администратором');
    const shelf4 = page.getByRole('group', { name: 'Ящик 4' });
    await shelf4.getByRole('button', { name: 'Открыть' }).click();
    await notification('Ящик 4 открыт');
    await until(async () => (await agentState(env.product)).relays['shelf-4'], 'shelf 4 to open');
    await shelf4.getByRole('button', { name: 'Закрыть' }).click();
    await notification('Ящик 4 закрыт');
    await page.goto(`${base}/admin/admin_equipment`);
    // Compartments 10 and 11 by what they hold, as players see them (the seeded «Ракетки», «Мячи»).
    await page.getByRole('group', { name: 'Ракетки' }).getByText('Отсек 10').waitFor();
    await snap('equipment');

    // The command log holds each device action, with who asked.
    await page.goto(`${base}/admin/commands`);
    for (const action of ['Свет: включить', 'Свет: выключить', 'Ящик: открыть', 'Ящик: закрыть']) {
      await page.getByText(action).first().waitFor();
    }
    await page.getByText(ADMIN.name).first().waitFor();
    await snap('commands');

    // Actions that move no device have their own log: the block, the restore, the shelf.
    await page.goto(`${base}/admin/actions`);
    for (const action of ['Игрок заблокирован', 'Блокировка снята', 'Ящик заблокирован']) {
      await page.getByText(action).first().waitFor();
    }
    await page.getByText(PLAYER.email).first().waitFor();
    await page.getByText('Ящик 3').first().waitFor();
    await snap('actions');

    // The rest of the dashboard renders: bookings of the day, settings.
    await page.goto(`${base}/admin/bookings`);
    await page.getByText('Корт 1').first().waitFor();
    await snap('bookings');
    await page.goto(`${base}/admin/settings`);
    await page.getByText('Система хранения').first().waitFor();
    await snap('settings');

    assert.deepEqual(problems, [], 'accessibility problems on the dashboard');
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/admin-desktop-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
});

/** The dashboard's login screen, filled and sent. */
async function signIn(page, { email, password }) {
  await page.goto(`${env.product.base}/admin/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** Runs `steps` on a fresh phone page (Russian browser); a failure leaves admin-phone-FAILED.png. */
async function onPhone(steps) {
  const context = await env.browser.newContext({
    viewport: viewports.phone,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  try {
    await steps(page);
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/admin-phone-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
}

test('the dashboard on a phone', () =>
  onPhone(async (page) => {
    await signIn(page, ADMIN);
    await page.getByRole('group', { name: 'Свет' }).waitFor();
    await page.screenshot({ path: `${artifacts}/admin-phone-home.png` });
    await page.goto(`${env.product.base}/admin/admin_boxes`);
    await page.getByRole('group', { name: 'Ящик 1' }).getByText('Свободен').waitFor();
    await page.screenshot({ path: `${artifacts}/admin-phone-shelves.png` });
  }));

test('a player who opens the dashboard is refused politely', () =>
  onPhone(async (page) => {
    await signIn(page, PLAYER);
    await page.getByText('Эта панель только для администраторов клуба').waitFor();
    await page.screenshot({ path: `${artifacts}/admin-phone-not-admin.png` });
  }));
