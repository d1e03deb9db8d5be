// Every page of the admin dashboard, on the product `npm start` runs, on a phone and a desktop, as an
// owner of two sites (so the site switcher is on screen): the home page, every resource's list and
// its show, edit or create where it has one, the shelves' and equipment's boards and the statistics.
// On each: axe finds nothing; on the phone every control a finger presses is at least 44 px tall and
// the page's title is whole, not under the site switcher. Screens go to
// e2e/artifacts/admin-every-<page>-<phone|desktop>.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminJourney, menuListProblems, shortControls, titleHidden } from './support/admin-pages.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { clubDay, clubInstant } from './support/player-pages.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const stamp = Date.now();
const PASSWORD = 'Корт-2026-каждая!';
const OWNER = { email: `every-owner-${stamp}@example.com`, password: PASSWORD, name: 'Марина' };
const ANNA = { email: `every-anna-${stamp}@example.com`, password: PASSWORD, name: 'Анна Петрова' };
const SCHOOL = { email: `every-school-${stamp}@example.com`, password: PASSWORD, name: 'СШ «Олимп»' };
/** The admin API on the seeded site, whichever site sorts first for the owner. */
const ON_SITE = 'site_id=default';

/** The club as every page finds it: a player with a game, a shelf and a payment; a school's term, a price, a closure, a second site. */
async function setTheScene() {
  const { product } = env;
  await registerAccount(product, OWNER);
  await withDatabase(product, (db) => db.query(`UPDATE users SET role = 'owner' WHERE email = $1`, [OWNER.email]));
  const owner = apiClient(product.base);
  assert.equal((await owner.login(OWNER.email, OWNER.password)).status, 200);
  const site = await owner.post('/api/admin/sites', {
    name: 'Корт на набережной',
    slug: `river-${stamp.toString(36)}`,
    timezone: 'Europe/Moscow',
    address: 'Набережная, 5',
  });
  assert.equal(site.status, 201, JSON.stringify(site.body));

  const anna = await registerAccount(product, ANNA);
  const booked = await anna.post('/api/order-court/1/', {
    id_cort: 1,
    time_start: clubInstant(2, 18),
    players_count: 2,
  });
  assert.equal(booked.status, 200, JSON.stringify(booked.body));
  assert.equal((await anna.get('/api/reserve_shelf/?id=3')).status, 200);

  await registerAccount(product, SCHOOL);
  const ids = await withDatabase(product, async (db) => {
    await db.query(`UPDATE users SET is_sport_school = true WHERE email = $1`, [SCHOOL.email]);
    const users = await db.query(`SELECT id, email FROM users WHERE email = ANY($1)`, [[ANNA.email, SCHOOL.email]]);
    const id = (email) => users.rows.find((row) => row.email === email).id;
    // Anna paid for her game by card (what the payment provider's webhook would have recorded).
    const game = await db.query(`SELECT id, site_id FROM bookings WHERE user_id = $1`, [id(ANNA.email)]);
    await db.query(
      `INSERT INTO game_payments (booking_id, site_id, user_id, amount_kopecks, pay_until, paid_at)
       VALUES ($1, $2, $3, 150000, now() + interval '1 hour', now())`,
      [game.rows[0].id, game.rows[0].site_id, id(ANNA.email)],
    );
    const payment = await db.query(
      `INSERT INTO payments (site_id, booking_id, user_id, method, amount_kopecks, status, provider_id, paid_at)
       VALUES ($1, $2, $3, 'bank_card', 150000, 'succeeded', $4, now()) RETURNING id`,
      [game.rows[0].site_id, game.rows[0].id, id(ANNA.email), `every-${stamp}`],
    );
    return { anna: id(ANNA.email), school: id(SCHOOL.email), payment: payment.rows[0].id };
  });

  const term = await owner.post(`/api/admin/series?${ON_SITE}`, {
    user_id: ids.school,
    court_id: 2,
    weekdays: [2, 4],
    hour: 8,
    starts_on: clubDay(3),
    ends_on: clubDay(30),
  });
  assert.equal(term.status, 201, JSON.stringify(term.body));
  const price = await owner.post(`/api/admin/prices?${ON_SITE}`, {
    name: 'Вечер будней',
    weekdays: [1, 2, 3, 4, 5],
    from_hour: 18,
    to_hour: 23,
    amount: '1500',
  });
  assert.equal(price.status, 201, JSON.stringify(price.body));
  const closure = await owner.post(`/api/admin/closures?${ON_SITE}`, {
    court_id: 2,
    starts_at: clubInstant(5, 10),
    ends_at: clubInstant(5, 14),
    reason: 'Ремонт покрытия',
  });
  assert.equal(closure.status, 201, JSON.stringify(closure.body));
  return { ...ids, series: term.body.id, price: price.body.id };
}

/**
 * Every page: its path under /admin/, the title the app bar shows, and a text that says it has
 * loaded. `page` names its screenshot.
 */
const pages = (scene) => [
  { page: 'home', path: '', title: 'Главная', ready: 'Игр сегодня' },
  { page: 'users', path: 'users', title: 'Игроки', ready: ANNA.name },
  { page: 'user-show', path: `users/${scene.anna}/show`, title: `Игрок «${ANNA.name}»`, ready: ANNA.email },
  { page: 'bookings', path: 'bookings', title: 'Игры', ready: 'Корт 1' },
  { page: 'courts', path: 'courts', title: 'Корты', ready: 'Корт 2' },
  { page: 'court-create', path: 'courts/create', title: 'Новый корт', ready: 'Название' },
  { page: 'court-edit', path: 'courts/1', title: 'Корт «Корт 1»', ready: 'Принимает бронирования' },
  { page: 'closures', path: 'closures', title: 'Закрытия', ready: 'Ремонт покрытия' },
  { page: 'closure-create', path: 'closures/create', title: 'Новое закрытие', ready: 'Причина' },
  { page: 'series', path: 'series', title: 'Расписание школы', ready: SCHOOL.name },
  { page: 'series-create', path: 'series/create', title: 'Новое расписание школы', ready: 'Спортивная школа' },
  { page: 'series-show', path: `series/${scene.series}/show`, title: /Расписание школы/, ready: 'Период' },
  { page: 'prices', path: 'prices', title: 'Цены', ready: 'Вечер будней' },
  { page: 'price-create', path: 'prices/create', title: 'Новая цена', ready: 'Цена за час' },
  { page: 'price-edit', path: `prices/${scene.price}`, title: /Вечер будней/, ready: 'Цена за час' },
  { page: 'payments', path: 'payments', title: 'Платежи', ready: ANNA.name },
  { page: 'payment-show', path: `payments/${scene.payment}/show`, title: /Платёж/, ready: ANNA.name },
  { page: 'shelves', path: 'shelves', title: 'Ящики и инвентарь', ready: 'Ящик 3' },
  { page: 'boxes', path: 'admin_boxes', title: 'Ящики 1–9', ready: 'Ящик 9' },
  { page: 'equipment', path: 'admin_equipment', title: 'Инвентарь', ready: 'Ракетки' },
  { page: 'stats', path: 'stats', title: 'Статистика', ready: 'Дверь и оборудование' },
  { page: 'commands', path: 'commands', title: 'Журнал команд', ready: 'Журнал команд' },
  { page: 'actions', path: 'actions', title: 'Журнал действий', ready: 'Цена добавлена' },
  { page: 'settings', path: 'settings', title: 'Настройки', ready: 'Ракетки' },
  { page: 'setting-edit', path: 'settings/equipment_10_name', title: /Настройка/, ready: 'Сохранить' },
  { page: 'sites', path: 'sites', title: 'Площадки', ready: 'Корт на набережной' },
  { page: 'site-create', path: 'sites/create', title: 'Новая площадка', ready: 'Часовой пояс' },
  { page: 'site-edit', path: 'sites/default', title: /Площадка/, ready: 'Часовой пояс' },
];

let scene;

test('setting the scene: an owner of two sites, a player with a game, a shelf and a payment, a term, a price, a closure', async () => {
  scene = await setTheScene();
});

for (const size of ['phone', 'desktop']) {
  test(`${size}: every admin page passes axe${size === 'phone' ? ', its controls are 44 px tall and its title is whole' : ''}`, () =>
    adminJourney(
      { browser: env.browser, base: env.product.base, admin: OWNER, name: 'admin-every', viewport: viewports[size] },
      async (page, snap) => {
        // Two sites: the switcher is on screen on every page.
        await page.getByRole('combobox', { name: 'Площадка' }).waitFor();
        const found = [];
        for (const { page: name, path, title, ready } of pages(scene)) {
          await page.goto(`${env.product.base}/admin/${path}`);
          await page.getByText(ready, { exact: false }).first().waitFor();
          // The app bar names the page (a wrong or missing title is listed with the other findings).
          const heading = page.locator('#react-admin-title');
          const titled = async () => {
            const text = (await heading.textContent())?.trim() ?? '';
            return typeof title === 'string' ? text === title : title.test(text);
          };
          await until(titled, `the title of ${name}`, 5_000).catch(async () =>
            found.push(`${name}: the title is «${await heading.textContent()}», not ${title}`),
          );
          // Everything the page reads has arrived: react-admin's loading bar is gone.
          await page
            .locator('.RaLoadingIndicator-loader, .MuiLinearProgress-root')
            .first()
            .waitFor({ state: 'hidden' });
          await snap(`${name}-${size}`);
          if (size === 'phone') {
            const hidden = await titleHidden(page);
            if (hidden) found.push(`${name}: ${hidden}`);
            found.push(...(await shortControls(page)).map((line) => `${name}: ${line}`));
          }
        }
        // The menu: a drawer over the page on a phone, a rail of icons when folded on a desktop.
        await page.goto(`${env.product.base}/admin/`);
        await page.getByText('Игр сегодня').first().waitFor();
        if (size === 'desktop') {
          await snap('menu-open-desktop');
          found.push(...(await menuListProblems(page)).map((line) => `menu: ${line}`));
        }
        const toggle = page.getByRole('button', { name: /меню/ });
        await toggle.click();
        const item = page.getByRole('menuitem', { name: 'Статистика' });
        if (size === 'phone') await item.waitFor();
        else await page.locator('.RaMenu-closed').waitFor();
        await snap(`menu-${size}`);
        found.push(...(await menuListProblems(page)).map((line) => `menu: ${line}`));
        if (size === 'phone') found.push(...(await shortControls(page)).map((line) => `menu: ${line}`));
        const heights = await page
          .getByRole('menuitem')
          .evaluateAll((items) => items.map((one) => Math.round(one.getBoundingClientRect().height)));
        assert.ok(heights.length >= 14 && heights.every((height) => height >= 44), `menu items 44 px tall: ${heights}`);
        assert.deepEqual(found, [], 'every page titled; on a phone, titles whole and controls 44 px tall');
      },
    ));
}
