// The «Статистика» page on the product `npm start` runs: an admin opens it from the menu, a game
// played yesterday evening shows in the occupancy heatmap's cell and in its table, «Скачать CSV»
// saves the same report as a file, and phone and desktop both pass axe. Screens go to
// e2e/artifacts/admin-stats-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { adminJourney } from './support/admin-pages.mjs';
import { ZONE, clubDay, clubInstant } from './support/player-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';

const env = useProductAndBrowser();
const ADMIN = { email: `stats-admin-${Date.now()}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const weekdays = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** Yesterday's weekday on the club's clock, as the heatmap names it. */
const yesterdayName = () => weekdays[new Date(`${clubDay(-1)}T12:00:00Z`).getUTCDay()];

const journey = (size, steps) =>
  adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: ADMIN,
      name: `admin-stats-${size}`,
      viewport: viewports[size],
    },
    steps,
  );

test('setting the scene: an admin, and a game on the first court yesterday 18:00–19:00 (club time)', async () => {
  await registerAccount(env.product, ADMIN);
  await withDatabase(env.product, async (db) => {
    const { rows } = await db.query(`UPDATE users SET role = 'admin' WHERE email = $1 RETURNING id`, [ADMIN.email]);
    const court = await db.query(`SELECT id FROM courts ORDER BY sort_order, id LIMIT 1`);
    // Written directly: the API books only ahead, and the past is what statistics read.
    await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2)`,
      [rows[0].id, court.rows[0].id, clubInstant(-1, 18), clubInstant(-1, 19)],
    );
  });
  assert.equal(ZONE, 'Europe/Moscow');
});

test('desktop: from the menu, the game is in its cell and in the table; CSV downloads', () =>
  journey('desktop', async (page, snap) => {
    await page.getByRole('menuitem', { name: 'Статистика' }).click();
    await page.waitForURL(/\/admin\/stats$/);
    const occupancy = page.locator('section').filter({ hasText: 'Загрузка кортов по дням недели и часам' });
    const cell = occupancy.getByRole('img', { name: new RegExp(`^${yesterdayName()}, 18:00: занято`) });
    assert.match(await cell.getAttribute('aria-label'), /\(1 из \d+ корт-часов\); сыграно 0/);
    await page
      .getByRole('region', { name: 'Дверь и оборудование' })
      .getByText(/Дверь открыта/)
      .waitFor();
    await snap('charts');

    await occupancy.getByRole('button', { name: 'Таблица' }).click();
    const row = occupancy.getByRole('row', { name: new RegExp(`^${yesterdayName()}, 18:00`) });
    assert.equal(await row.locator('td').nth(1).textContent(), '1');
    await snap('table');

    const download = page.waitForEvent('download');
    await occupancy.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^kort-occupancy-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(readFileSync(await file.path(), 'utf8').split('\n').length > 7, 'a header and a line per cell');
  }));

test('phone: the page fits, the period changes, a tapped cell says its counts', () =>
  journey('phone', async (page, snap) => {
    await page.goto(`${env.product.base}/admin/stats`);
    const occupancy = page.locator('section').filter({ hasText: 'Загрузка кортов по дням недели и часам' });
    await occupancy.getByRole('img', { name: new RegExp(`^${yesterdayName()}, 18:00`) }).tap();
    await occupancy
      .getByRole('status')
      .filter({ hasText: `${yesterdayName()}, 18:00: занято` })
      .waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await snap('charts');
    await page.getByRole('button', { name: 'Эта неделя' }).click();
    await page.getByText(/^С \d{2}\.\d{2}\.\d{4} по \d{2}\.\d{2}\.\d{4}, дни и часы клуба$/).waitFor();
    await page.getByRole('button', { name: 'Свой период' }).click();
    await page.getByLabel('С', { exact: true }).fill('2027-01-01');
    await page.getByText('Начало периода позже его конца').waitFor();
    await snap('reversed-period');
  }));
