// What an admin sees of no-shows and the waitlist in the dashboard, on the product `npm start`
// runs: the week's no-shows on the home page, a player's no-shows and the pause they bring on the
// player's page, forgiving one (the pause lifts, the action log says who), the club's own releases
// logged by «Система», and the day view's waitlist and «Неявка». The releases and the line are set in the
// database (the timers and the player's calls have tests of their own in services/api/test).
// Screens go to e2e/artifacts/admin-no-shows-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { adminJourney } from './support/admin-pages.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const stamp = Date.now();
const password = 'Игрок-2026-пароль!';
const ADMIN = { email: `ns-admin-${stamp}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const ANNA = { email: `ns-anna-${stamp}@example.com`, password, name: 'Анна Петрова' };
const GLEB = { email: `ns-gleb-${stamp}@example.com`, password, name: 'Глеб' };
const BORIS = { email: `ns-boris-${stamp}@example.com`, password, name: 'Борис' };
const VERA = { email: `ns-vera-${stamp}@example.com`, password, name: 'Вера' };

/** The club's calendar day `days` after today ('YYYY-MM-DD'). */
function clubDay(zone, days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** An instant on the club's clock: `days` after today, at `hour`:00, with the zone's offset. */
function clubInstant(zone, days, hour) {
  const day = new Date(Date.now() + days * 86_400_000);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(day)
    .find((part) => part.type === 'timeZoneName').value;
  return `${clubDay(zone, days)}T${String(hour).padStart(2, '0')}:00:00${name.replace('GMT', '') || '+00:00'}`;
}

/** Monday 00:00 of this week on the club's clock, as an instant (the week count_no_shows counts). */
function weekStart(zone) {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date());
  const sinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday);
  return Date.parse(clubInstant(zone, -sinceMonday, 0));
}

/**
 * Anna missed two games in the last days (released by the club, so her bookings are paused) and
 * one a month ago that was forgiven; Gleb and Boris hold both courts tomorrow at 18:00, and Anna
 * and Vera wait in line for that hour.
 */
async function setTheScene() {
  const { product } = env;
  await registerAccount(product, ADMIN);
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [ADMIN.email]);
    const admin = apiClient(product.base);
    assert.equal((await admin.login(ADMIN.email, ADMIN.password)).status, 200);
    const zone = (await admin.get('/api/site_time/')).body.detail.time_zone;

    const players = {};
    for (const person of [ANNA, GLEB, BORIS, VERA]) {
      const client = await registerAccount(product, person);
      const found = await admin.get(`/api/user_search/?email=${encodeURIComponent(person.email)}`);
      players[person.name] = { client, id: found.body.detail.id };
    }

    const evening = clubInstant(zone, 1, 18);
    for (const [court, name] of [
      [1, GLEB.name],
      [2, BORIS.name],
    ]) {
      const booked = await players[name].client.post(`/api/order-court/${court}/`, {
        id_cort: court,
        time_start: evening,
        players_count: 2,
      });
      assert.equal(booked.status, 200, JSON.stringify(booked.body));
    }
    for (const name of [ANNA.name, VERA.name]) {
      await db.query(`INSERT INTO waitlist_entries (user_id, starts_at, site_id) VALUES ($1, $2, 'default')`, [
        players[name].id,
        evening,
      ]);
    }

    // Released as the timer releases them: NO_SHOW_AFTER_MIN (15) after the start, and logged by nobody.
    const missed = [
      { days: -1, hour: 10, court: 1, forgiven: false },
      { days: -2, hour: 10, court: 2, forgiven: false },
      { days: -20, hour: 12, court: 1, forgiven: true },
    ];
    for (const game of missed) {
      const startsAt = clubInstant(zone, game.days, game.hour);
      const {
        rows: [{ id }],
      } = await db.query(
        `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, cancelled_at, no_show_at,
                               no_show_forgiven_at)
         SELECT $1, $2, start, start + interval '1 hour', 2, start + interval '15 minutes',
                start + interval '15 minutes', CASE WHEN $4 THEN start + interval '1 day' END
           FROM (SELECT $3::timestamptz AS start) game
         RETURNING id`,
        [players[ANNA.name].id, game.court, startsAt, game.forgiven],
      );
      await db.query(
        `INSERT INTO admin_actions (at, admin_id, action, target_type, target_id, detail, site_id)
         VALUES ($1::timestamptz + interval '15 minutes', NULL, 'booking.no_show_release', 'booking', $2,
                 'Дверь не открыта за 15 мин после начала', 'default')`,
        [startsAt, String(id)],
      );
      game.startsAt = startsAt;
    }
    const thisWeek = missed.filter((game) => Date.parse(game.startsAt) >= weekStart(zone)).length;
    return { admin, zone, anna: players[ANNA.name].id, thisWeek };
  } finally {
    await db.end();
  }
}

let scene;

/** Runs `steps` as the admin on a page of `size` (phone or desktop): screens and axe's findings collected. */
const journey = (size, steps) =>
  adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: ADMIN,
      name: `admin-no-shows-${size}`,
      viewport: viewports[size],
    },
    steps,
  );

/** The home counter, the player's pause and no-shows, and the day view: what each screen says. */
async function lookAround(page, snap) {
  const { base } = env.product;
  const counter = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Неявок за неделю' }) });
  await counter.getByText(String(scene.thisWeek), { exact: true }).waitFor();
  assert.equal((await scene.admin.get('/api/count_no_shows/')).body.detail, scene.thisWeek);
  await snap('home');

  await page.goto(`${base}/admin/users/${scene.anna}/show`);
  await page.getByText(`Игрок «${ANNA.name}»`).first().waitFor();
  await page.getByText(/^Запись приостановлена до \d{2}\.\d{2}\.\d{4}, 10:15$/).waitFor();
  await snap('user-profile');

  await page.getByRole('tab', { name: 'Неявки' }).click();
  const list = page.getByRole('list', { name: 'Неявки' });
  await list.waitFor();
  const items = list.getByRole('listitem');
  assert.equal(await items.count(), 3);
  const lines = await items.allTextContents();
  assert.match(lines[0], /^[а-я]{2}, \d{1,2} [а-я]+ в 10:00 · Корт 1Простить$/);
  assert.match(lines[1], /^[а-я]{2}, \d{1,2} [а-я]+ в 10:00 · Корт 2Простить$/);
  assert.match(lines[2], /^[а-я]{2}, \d{1,2} [а-я]+ в 12:00 · Корт 1Прощена$/);
  await page.getByText(/^Запись приостановлена до /).waitFor();
  await snap('user-no-shows');

  // Tomorrow at 18:00 both courts are taken and two players wait; yesterday's 10:00 was a no-show.
  const dayView = (days) =>
    page.goto(
      `${base}/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day: clubDay(scene.zone, days) }))}`,
    );
  const row = (hour) => page.locator('tbody tr', { has: page.getByRole('rowheader', { name: hour }) });
  await dayView(1);
  // In its own column on a wide screen, under the hour's games on a phone: in the 18:00 band either way.
  const line = page.getByText('В очереди: 2', { exact: true });
  await line.waitFor();
  const band = await line.evaluate((element) => {
    const tr = element.closest('tr');
    return (tr.querySelector('th') ?? tr.previousElementSibling.querySelector('th')).textContent;
  });
  assert.equal(band, '18:00');
  await row('18:00').getByText(GLEB.name).waitFor();
  await row('18:00').getByText(BORIS.name).waitFor();
  assert.equal(await page.getByText(/^В очереди/).count(), 1);
  await line.scrollIntoViewIfNeeded();
  await snap('day-waitlist');
  await dayView(-1);
  await row('10:00').getByText(ANNA.name).waitFor();
  await row('10:00').getByText('Неявка', { exact: true }).waitFor();
  assert.equal(await row('10:00').getByText('Отменена').count(), 0);
  await row('10:00').scrollIntoViewIfNeeded();
  await snap('day-no-show');
}

test('setting the scene: a player with no-shows and a pause, a full hour with a line', async () => {
  scene = await setTheScene();
  const noShows = (await scene.admin.get(`/api/admin/users/${scene.anna}/no-shows`)).body;
  assert.equal(noShows.no_shows.length, 3);
  assert.notEqual(noShows.paused_until, null);
});

test('on a phone: the week count, the pause, the no-shows, the line and «Неявка» on the day view', () =>
  journey('phone', lookAround));

test('forgiving a no-show lifts the pause, and the action log says who released and who forgave', () =>
  journey('desktop', async (page, snap) => {
    const { base } = env.product;
    await lookAround(page, snap);

    await page.goto(`${base}/admin/users/${scene.anna}/show/no-shows`);
    const first = page.getByRole('list', { name: 'Неявки' }).getByRole('listitem').first();
    await first.getByRole('button', { name: 'Простить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Простить неявку?').waitFor();
    await dialog.getByText(/в 10:00 · Корт 1\. Неявка перестанет считаться для паузы записи/).waitFor();
    await snap('forgive-confirm');
    await dialog.getByRole('button', { name: 'Простить' }).click();
    await page.getByText('Неявка прощена', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await first.getByText('Прощена', { exact: true }).waitFor();
    // One unforgiven no-show is under the limit (2): the pause is gone from the page and the API.
    await until(async () => (await page.getByText(/^Запись приостановлена/).count()) === 0, 'the pause to lift');
    assert.equal((await scene.admin.get(`/api/admin/users/${scene.anna}/no-shows`)).body.paused_until, null);
    assert.equal(await page.getByRole('button', { name: 'Простить' }).count(), 1);
    await snap('forgiven');

    await page.goto(`${base}/admin/actions`);
    const rows = page.locator('tbody tr');
    const forgiven = rows.filter({ hasText: 'Неявка прощена' });
    await forgiven.getByRole('link', { name: ADMIN.name }).waitFor();
    const released = rows.filter({ hasText: 'Неявка: корт освобождён' });
    await until(async () => (await released.count()) === 3, 'the three releases');
    for (const row of await released.all()) {
      await row.getByRole('cell', { name: 'Система', exact: true }).waitFor();
      assert.equal(await row.getByRole('link').count(), 0);
    }
    await snap('action-log');
  }));
