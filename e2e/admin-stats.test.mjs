// The «Статистика» page on the product `npm start` runs: an admin opens it from the menu, a game
// played yesterday evening shows in the occupancy heatmap's cell and in its table, «Скачать CSV»
// saves the same report as a file (without the hours the club is closed), count axes read whole
// numbers once each, every heatmap cell's text stands out 4.5:1 (empty light, busy dark), a phone is
// told to scroll right for the evening, and phone and desktop both pass axe. Screens go to
// e2e/artifacts/admin-stats-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { adminJourney, typeDate } from './support/admin-pages.mjs';
import { ZONE, clubDay, clubInstant } from './support/player-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const ADMIN = { email: `stats-admin-${Date.now()}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const weekdays = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** Yesterday's weekday on the club's clock, as the heatmap names it. */
const yesterdayName = () => weekdays[new Date(`${clubDay(-1)}T12:00:00Z`).getUTCDay()];

/** The value axis' labels of a chart, as drawn. */
const axisLabels = (page, chart) =>
  page
    .getByRole('figure', { name: chart })
    .locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')
    .allTextContents();

/** Every heatmap cell with a figure: its text, its WCAG contrast, its background's luminance. */
const heatCells = (occupancy) =>
  occupancy.getByRole('img').evaluateAll((cells) => {
    const channels = (colour) =>
      colour
        .match(/\d+(\.\d+)?/g)
        .slice(0, 3)
        .map(Number);
    const luminance = (colour) => {
      const [r, g, b] = channels(colour).map((c) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return cells
      .filter((cell) => cell.textContent !== '')
      .map((cell) => {
        const style = getComputedStyle(cell);
        const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
        return { text: cell.textContent, contrast: (a + 0.05) / (b + 0.05), light: luminance(style.backgroundColor) };
      });
  });

/** The openings axis (0 to 2) in whole numbers, each once; every cell's figure legible, empty lighter than busy. */
async function checkChartsRead(page, occupancy) {
  await page
    .getByRole('figure', { name: 'Открытия двери по неделям' })
    .locator('.MuiChartsAxis-tickLabel')
    .first()
    .waitFor();
  const labels = await axisLabels(page, 'Открытия двери по неделям');
  assert.ok(labels.length >= 2, `labels: ${labels}`);
  assert.ok(
    labels.every((label) => /^\d+$/.test(label)),
    `whole numbers only: ${labels}`,
  );
  assert.equal(new Set(labels).size, labels.length, `no label twice: ${labels}`);
  assert.ok(labels.includes('2'), `up to 2 openings: ${labels}`);
  const cells = await heatCells(occupancy);
  assert.ok(cells.length > 7, 'the open hours have figures');
  for (const cell of cells) assert.ok(cell.contrast >= 4.5, `cell «${cell.text}»: ${cell.contrast.toFixed(2)}:1`);
  const empty = cells.find((cell) => cell.text === '0');
  const busy = cells.find((cell) => Number(cell.text) > 0);
  assert.ok(empty.light > busy.light, 'an empty hour is lighter than a booked one');
}

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
    const game = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2)
       RETURNING id`,
      [rows[0].id, court.rows[0].id, clubInstant(-1, 18), clubInstant(-1, 19)],
    );
    // Two door openings by code for it: the openings chart counts 0 to 2.
    await db.query(
      `INSERT INTO commands (id, site_id, device, action, requested_by, requested_at, deadline, status, finished_at,
                             origin, booking_id)
       SELECT gen_random_uuid(), 'default', 'door', 'door.open', $1, t, t + interval '30 seconds', 'done', t, 'api', $2
         FROM unnest($3::timestamptz[]) AS t`,
      [rows[0].id, game.rows[0].id, [clubInstant(-1, 18), new Date(new Date(clubInstant(-1, 18)).getTime() + 600_000)]],
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
    await checkChartsRead(page, occupancy);
    // The grid fits: no scroll, no hint.
    const grid = occupancy.getByRole('region', { name: /^Доля занятых корт-часов/ });
    assert.equal(await grid.evaluate((box) => box.scrollWidth <= box.clientWidth), true);
    assert.equal(await occupancy.getByText('Прокрутите вправо →').isVisible(), false);
    assert.equal(await occupancy.locator('[data-scroll-track]').count(), 0);
    await snap('charts');

    await occupancy.getByRole('button', { name: 'Таблица' }).click();
    const row = occupancy.getByRole('row', { name: new RegExp(`^${yesterdayName()}, 18:00`) });
    assert.equal(await row.locator('td').nth(1).textContent(), '1');
    await snap('table');

    const download = page.waitForEvent('download');
    await occupancy.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^kort-occupancy-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\r\n');
    assert.match(lines[0], /;Открытых корт-часов;/, "the screen's word for court-hours");
    // The club opens 06:00 (the seed): the night's closed hours are not lines of the file.
    assert.deepEqual(
      lines.filter((line) => /^(пн|вт|ср|чт|пт|сб|вс);[0-5];/.test(line)),
      [],
    );
    assert.ok(
      lines.some((line) => line.startsWith(`${yesterdayName()};18;`)),
      "the game's hour is there",
    );
  }));

test('phone: the page fits, the evening is a marked scroll away, a tapped cell says its counts', () =>
  journey('phone', async (page, snap) => {
    await page.goto(`${env.product.base}/admin/stats`);
    const occupancy = page.locator('section').filter({ hasText: 'Загрузка кортов по дням недели и часам' });
    await checkChartsRead(page, occupancy);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    // The evening lies to the right: a hint says so, and a scrollbar takes room under the grid.
    const grid = occupancy.getByRole('region', { name: /^Доля занятых корт-часов/ });
    const hint = occupancy.getByText('Прокрутите вправо →');
    assert.equal(await hint.isVisible(), true);
    // A drawn scrollbar: its thumb covers the part in view, at the start.
    const thumb = occupancy.locator('[data-scroll-thumb]');
    const track = await occupancy.locator('[data-scroll-track]').boundingBox();
    let shown = await thumb.boundingBox();
    assert.ok(shown.height >= 6 && shown.width < track.width * 0.9, 'a thumb shorter than its track');
    assert.ok(Math.abs(shown.x - track.x) < 1, 'the thumb at the start');
    const lastHour = grid.getByText('23', { exact: true });
    assert.equal(await lastHour.evaluate((hour) => hour.getBoundingClientRect().left < window.innerWidth), false);
    await snap('charts');
    await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await until(async () => !(await hint.isVisible()), 'the hint to go at the end');
    shown = await thumb.boundingBox();
    assert.ok(Math.abs(shown.x + shown.width - (track.x + track.width)) < 2, 'the thumb at the end');
    assert.equal(await lastHour.evaluate((hour) => hour.getBoundingClientRect().right <= window.innerWidth), true);
    await occupancy.getByRole('img', { name: new RegExp(`^${yesterdayName()}, 18:00`) }).tap();
    await occupancy
      .getByRole('status')
      .filter({ hasText: `${yesterdayName()}, 18:00: занято` })
      .waitFor();
    await snap('evening');
    await page.getByRole('button', { name: 'Эта неделя' }).click();
    await page.getByText(/^С \d{2}\.\d{2}\.\d{4} по \d{2}\.\d{2}\.\d{4}, дни и часы клуба$/).waitFor();
    await page.getByRole('button', { name: 'Свой период' }).click();
    await typeDate(page.getByRole('textbox', { name: /^С/ }), '2027-01-01');
    await page.getByText('Начало периода позже его конца').waitFor();
    await snap('reversed-period');
  }));
