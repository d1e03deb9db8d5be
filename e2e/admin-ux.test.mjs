// What an admin notices in the dashboard, on the product `npm start` runs:
// "Игроков" and the players list count the same people, unconfirmed accounts and admins are not
// active players, a search with no hit says so, phones and the sport school read as people write
// them, titles use «»; blocking lists the games and the shelf it takes away and restoring says they
// stay away; shelves show their state in distinct colours, their lock live and their renter; the
// agent's last signal keeps moving; the seeded contacts are asked for, a walk-in is booked on an
// empty hour and the week shows it. Screens go to e2e/artifacts/admin-ux-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { adminJourney, chooseBookingsView, fieldDate } from './support/admin-pages.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { clubDay } from './support/player-pages.mjs';
import { viewports } from './support/browser.mjs';
import { nextMail } from './support/mail.mjs';
import { agentState, useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const stamp = Date.now();
const ADMIN = { email: `ux-admin-${stamp}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const ANNA = { email: `ux-anna-${stamp}@example.com`, password: 'Игрок-2026-пароль!', name: 'Анна Петрова' };
const GLEB = { email: `ux-gleb-${stamp}@example.com`, password: 'Игрок-2026-пароль!', name: 'Глеб' };
const BORIS = { email: `ux-boris-${stamp}@example.com`, password: 'Игрок-2026-пароль!', name: 'Борис' };
const VERA = { email: `ux-vera-${stamp}@example.com`, password: 'Игрок-2026-пароль!', name: 'Вера' };

/** An instant on the club's clock: `days` after today, at `hour`:00, with the zone's offset. */
function clubInstant(zone, days, hour) {
  const day = new Date(Date.now() + days * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(day);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(day)
    .find((part) => part.type === 'timeZoneName').value;
  return `${date}T${String(hour).padStart(2, '0')}:00:00${name.replace('GMT', '') || '+00:00'}`;
}

/** The club as the journeys find it: an admin, two active players (one with games and a shelf), one never confirmed, one blocked. */
async function setTheScene() {
  const product = env.product;
  await registerAccount(product, ADMIN);
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [ADMIN.email]);
  await db.end();
  const admin = apiClient(product.base);
  assert.equal((await admin.login(ADMIN.email, ADMIN.password)).status, 200);

  // Anna gave her phone at registration.
  const anna = apiClient(product.base);
  const registered = await anna.post('/api/register/', {
    email: ANNA.email,
    phone_number: '+79123456789',
    name_user: ANNA.name,
    password1: ANNA.password,
    password2: ANNA.password,
  });
  assert.equal(registered.status, 200);
  const code = /(\d{4})/.exec((await nextMail(product.mailUrl, ANNA.email)).subject)[1];
  assert.equal((await anna.post('/api/activate/', { email: ANNA.email, code })).status, 200);
  await anna.get('/api/user_read/');
  const zone = (await anna.get('/api/site_time/')).body.detail.time_zone;
  const games = [clubInstant(zone, 1, 18), clubInstant(zone, 2, 10)];
  for (const [index, start] of games.entries()) {
    const court = index + 1;
    const booked = await anna.post(`/api/order-court/${court}/`, {
      id_cort: court,
      time_start: start,
      players_count: 2,
    });
    assert.equal(booked.status, 200, JSON.stringify(booked.body));
  }
  assert.equal((await anna.get('/api/reserve_shelf/?id=2')).status, 200);

  const gleb = await registerAccount(product, GLEB);
  assert.equal((await gleb.get('/api/reserve_shelf/?id=5')).status, 200);

  // Boris never typed his code.
  const boris = await apiClient(product.base).post('/api/register/', {
    email: BORIS.email,
    name_user: BORIS.name,
    password1: BORIS.password,
    password2: BORIS.password,
  });
  assert.equal(boris.status, 200);

  await registerAccount(product, VERA);
  const vera = (await admin.get(`/api/user_search/?email=${encodeURIComponent(VERA.email)}`)).body.detail;
  assert.equal((await admin.get(`/api/delete_user/?id=${vera.id}`)).status, 200);

  return { admin, anna, gleb };
}

let scene;

/** Runs `steps` as the admin on a page of `size` (phone or desktop): screens and axe's findings collected. */
const journey = (size, steps) =>
  adminJourney(
    { browser: env.browser, base: env.product.base, admin: ADMIN, name: `admin-ux-${size}`, viewport: viewports[size] },
    steps,
  );

test('setting the scene: players with games, a shelf, an unconfirmed and a blocked account', async () => {
  scene = await setTheScene();
  await until(async () => (await agentState(env.product)).connected, 'the simulated agent to connect');
});

test('numbers that add up: «Игроков» is the list it opens; other accounts are named for what they are', () =>
  journey('desktop', async (page, snap) => {
    const { base } = env.product;
    // Anna and Gleb: the admin, Boris (unconfirmed) and Vera (blocked) are not active players.
    const counter = page.getByRole('link', { name: /Игроков/ });
    await counter.getByText('2', { exact: true }).waitFor();
    await snap('home');
    await counter.click();
    await page.waitForURL(/\/admin\/users/);
    const rows = page.locator('table tbody tr');
    await until(async () => (await rows.count()) === 2, 'the two active players');
    assert.deepEqual((await rows.locator('td:first-child').allTextContents()).sort(), [ANNA.name, GLEB.name].sort());
    // react-admin's own count says the same number.
    await page.getByText('1-2 из 2').waitFor();
    const anna = rows.filter({ hasText: ANNA.name });
    await anna.getByText('+7 (912) 345-67-89').waitFor();
    await anna.getByRole('cell', { name: 'Нет', exact: true }).waitFor();
    await anna.getByText('Активен').waitFor();
    assert.equal(await page.locator('table [data-testid="false"], table [data-testid="true"]').count(), 0);
    await snap('users');

    // Unconfirmed is a state of its own.
    await page.getByRole('combobox', { name: 'Состояние' }).click();
    await page.getByRole('option', { name: 'Не подтвердили почту' }).click();
    await rows.filter({ hasText: BORIS.name }).getByText('Не подтверждён').waitFor();
    await until(async () => (await rows.count()) === 1, 'Boris alone');
    await snap('users-unconfirmed');

    // A search with no hit says so, in the spec's words, and the way to look among everyone.
    await page.goto(
      `${base}/admin/users?filter=${encodeURIComponent(JSON.stringify({ role: 'player', status: 'active' }))}`,
    );
    await page.getByPlaceholder('Поиск').fill(VERA.email);
    await page.getByText('Нет такого пользователя').waitFor();
    await page.getByText('Искали среди: Активные, Игрок.').waitFor();
    await snap('users-no-hit');
    await page.getByRole('button', { name: 'Искать среди всех' }).click();
    await rows.filter({ hasText: VERA.name }).getByText('Заблокирован', { exact: true }).waitFor();
    // The phone is found as it is shown.
    await page.getByPlaceholder('Поиск').fill('+7 (912) 345');
    await until(
      async () => (await rows.count()) === 1 && (await rows.first().textContent()).includes(ANNA.name),
      'Anna by her phone',
    );

    // Titles in Russian quotes.
    await rows.first().click();
    await page.getByText(`Игрок «${ANNA.name}»`).first().waitFor();
    await page.getByText('+7 (912) 345-67-89').waitFor();
    await snap('user-show');
  }));

test('blocking says what it takes away and restoring says it stays away', () =>
  journey('desktop', async (page, snap) => {
    const { base } = env.product;
    const found = await scene.admin.get(`/api/user_search/?email=${encodeURIComponent(ANNA.email)}`);
    const id = found.body.detail.id;
    const before = (await scene.admin.get(`/api/give_user/?id=${id}`)).body.detail;
    assert.equal(before.games.length, 2);

    await page.goto(`${base}/admin/users/${id}/show`);
    await page.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Заблокировать игрока «${ANNA.name}»?`).waitFor();
    await dialog.getByText('Будут отменены его игры (2):').waitFor();
    const lines = await dialog
      .getByRole('list', { name: 'Будут отменены его игры (2):' })
      .getByRole('listitem')
      .allTextContents();
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^[а-я]{2}, \d{1,2} [а-я]+ в 18:00 · Корт 1$/);
    assert.match(lines[1], /^[а-я]{2}, \d{1,2} [а-я]+ в 10:00 · Корт 2$/);
    await dialog.getByText(/^Аренда ящика 2 закончится/).waitFor();
    await dialog.getByText('Снятие блокировки не вернёт отменённые игры и аренду.').waitFor();
    await snap('block-confirm');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await page.getByText('Игрок заблокирован', { exact: true }).first().waitFor();
    // The dialog leaves as it came (it never turns into the restore's on its way out).
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Заблокирован', { exact: true }).first().waitFor();
    // A block is a block: its date is «Заблокирован», never «Удалён».
    assert.equal(await page.getByText('Удалён', { exact: true }).count(), 0);

    // The dialog told the truth: both games cancelled, the shelf given up and marked for clearing.
    const after = (await scene.admin.get(`/api/give_user/?id=${id}`)).body.detail;
    assert.deepEqual([after.games, after.shelf], [[], null]);
    const shelves = (await scene.admin.get('/api/admin/shelves?filter=%7B%22id%22%3A2%7D')).body;
    assert.equal(shelves[0].needs_clearing, true);

    await page.getByRole('button', { name: 'Снять блокировку' }).click();
    await dialog.getByText(/Игры, отменённые при блокировке, и аренда ящика не восстанавливаются/).waitFor();
    await snap('restore-confirm');
    await dialog.getByRole('button', { name: 'Снять блокировку' }).click();
    await page.getByText('Блокировка снята', { exact: true }).first().waitFor();
    const restored = (await scene.admin.get(`/api/give_user/?id=${id}`)).body.detail;
    assert.deepEqual([restored.user.status, restored.games, restored.shelf], ['active', [], null]);
  }));

test('shelves at a glance: distinct colours, the lock live, the renter; the last signal keeps moving', () =>
  journey('desktop', async (page, snap) => {
    const { base } = env.product;
    await page.goto(`${base}/admin/admin_boxes`);
    const card = (number) => page.getByRole('group', { name: `Ящик ${number}` });
    await card(5).getByText('Занят').waitFor();
    await card(5).getByText(`Арендатор: ${GLEB.name}`, { exact: false }).waitFor();
    await card(1).getByText('Никто не арендует').waitFor();
    const colour = (number, text) =>
      card(number)
        .locator('.MuiChip-root', { hasText: text })
        .evaluate((chip) => getComputedStyle(chip).backgroundColor);
    assert.notEqual(await colour(5, 'Занят'), await colour(1, 'Свободен'));

    // Gleb opens his shelf from his phone: the admin's card follows, no reload.
    await card(5).getByText('Замок закрыт').waitFor();
    assert.equal((await scene.gleb.get('/api/open_shelf/?shelf_id=5')).status, 200);
    await card(5).getByText('Замок открыт').waitFor();
    await snap('shelves');
    assert.equal((await scene.gleb.get('/api/close_shelf/?shelf_id=5')).status, 200);
    await card(5).getByText('Замок закрыт').waitFor();

    // The agent's last signal: a time ago that moves on, and comes back to "только что" on each heartbeat.
    await page.goto(`${base}/admin/`);
    const signal = page.getByText(/^Последний сигнал: /);
    await signal.waitFor();
    const first = await signal.textContent();
    // It moves on within a heartbeat (10 s) and a tick of the page (5 s) of the first read.
    await until(async () => (await signal.textContent()) !== first, 'the last signal to move on', 20_000);
    await until(
      async () => /^Последний сигнал: [1-9]\d? секунд/.test(await signal.textContent()),
      'some seconds since the last signal',
      15_000,
    );
    await until(
      async () => (await signal.textContent()).startsWith('Последний сигнал: только что'),
      'a heartbeat to bring it back',
      // The last signal is written at most every 15 s (docs/decisions/0068-a-fleet-of-agents.md).
      30_000,
    );
    await snap('home-signal');
  }));

test('the same screens on a phone', () =>
  journey('phone', async (page, snap) => {
    const { base } = env.product;
    await page
      .getByRole('link', { name: /Игроков/ })
      .getByText('2', { exact: true })
      .waitFor();
    await snap('home');
    await page.getByRole('link', { name: /Игроков/ }).click();
    await page.getByText(GLEB.name).first().waitFor();
    await page.getByText(`${ANNA.email} · +7 (912) 345-67-89`).waitFor();
    await snap('users');
    await page.getByPlaceholder('Поиск').fill('никого-такого-нет');
    await page.getByText('Нет такого пользователя').waitFor();
    await snap('users-no-hit');

    const found = await scene.admin.get(`/api/user_search/?email=${encodeURIComponent(GLEB.email)}`);
    await page.goto(`${base}/admin/users/${found.body.detail.id}/show`);
    await page.getByText(`Игрок «${GLEB.name}»`).first().waitFor();
    await snap('user-show');
    await page.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Предстоящих игр нет: отменять нечего.').waitFor();
    await dialog.getByText(/^Аренда ящика 5 закончится/).waitFor();
    await snap('block-confirm');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${base}/admin/admin_boxes`);
    await page.getByRole('group', { name: 'Ящик 5' }).getByText('Замок закрыт').waitFor();
    await snap('shelves');
  }));

/** The desk's own work on `size`: the contacts asked for, a walk-in booked on an empty hour, the week. */
const deskJourney = (size, daysAhead, court) =>
  journey(size, async (page, snap) => {
    const { base } = env.product;
    // The installation's contacts are still the seeded ones: the home page asks for the real ones.
    await page.getByRole('heading', { name: 'Укажите контакты клуба' }).waitFor();
    await snap('home-contacts');
    await page.getByRole('button', { name: 'Позже' }).click();

    await page.goto(`${base}/admin/bookings`);
    // Quick clicks add up, whatever the list is still loading: the day is today plus as many.
    for (let day = 0; day < daysAhead; day += 1) await page.getByRole('button', { name: 'Следующий день' }).click();
    const dayField = page.getByRole('textbox', { name: 'День' });
    await until(async () => (await dayField.inputValue()) === fieldDate(clubDay(daysAhead)), 'the day clicked to');
    await page.getByRole('button', { name: `Записать игрока: Корт ${court}, 12:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Записать игрока на корт' });
    await dialog.getByRole('combobox', { name: 'Игрок' }).fill('глеб');
    await page.getByRole('option', { name: new RegExp(GLEB.name) }).click();
    await snap('walk-in');
    await dialog.getByRole('button', { name: 'Забронировать', exact: true }).click();
    await page.getByText(new RegExp(`^Корт забронирован: ${GLEB.name}, Корт ${court}`)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The game is the player's own, as if booked in the app.
    const gleb = (await scene.admin.get(`/api/user_search/?email=${encodeURIComponent(GLEB.email)}`)).body.detail;
    const games = (await scene.admin.get(`/api/give_user/?id=${gleb.id}`)).body.detail.games;
    assert.ok(games.length >= 1);
    await page
      .getByRole('cell', { name: new RegExp(GLEB.name) })
      .first()
      .waitFor();
    // react-admin's own refresh spinner comes and goes: the screen is the one after it.
    await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
    await snap('bookings-day');
    await chooseBookingsView(page, 'Неделя');
    await page.getByRole('region', { name: 'Игры недели по дням' }).getByText(GLEB.name).first().waitFor();
    await snap('bookings-week');
    await page.getByRole('button', { name: 'День', exact: true }).click();
  });

test('the desk books a walk-in on an empty hour and sees the week; the seeded contacts are asked for', () =>
  deskJourney('desktop', 3, 1));

test('the desk on a phone', () => deskJourney('phone', 4, 2));
