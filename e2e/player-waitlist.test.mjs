// The waitlist and no-shows from the player's side, and an app that survives a deploy, on the product
// `npm start` runs, in Chromium: a third player joins the line on the dial for an hour whose courts
// two others hold, one of them cancels, the offer appears on my games while the page is open and is
// confirmed into a game; a game released as a no-show reads «Неявка»; a player paused for no-shows
// sees until when; a tab whose screen's code is gone after a deploy reloads once, then says «Обновить».
// The other players' calls are made through the API, the no-shows in the database (the timers have
// tests of their own in services/api/test). Screens go to e2e/artifacts/waitlist-*.png and are
// checked with axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import {
  asPlayer as playerPage,
  clubDay,
  clubInstant,
  dayShort,
  momentShort,
  buttonsUnderToasts,
  dialOf,
  heading,
} from './support/player-pages.mjs';
import { adminJourney, chooseBookingsView, ownerOnce } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const PASSWORD = 'Корт-2026-очередь!';
const stamp = Date.now();

const env = useProductAndBrowser();

// ---- The scene ----

const database = (work) => withDatabase(env.product, work);

/** A confirmed player with the rules accepted, made through the real calls; signed in. */
async function player(label, name) {
  const email = `wl-${label}-${stamp}@example.com`;
  const client = await registerAccount(env.product, { email, password: PASSWORD, name });
  assert.equal((await client.login(email, PASSWORD)).status, 200);
  return { email, client };
}

/** `client` books court `court` at `timeStart`, as the app would. */
async function book(client, court, timeStart) {
  const answer = await client.post(`/api/order-court/${court}/`, {
    id_cort: court,
    time_start: timeStart,
    players_count: 2,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/** Two players hold both courts of the club's `days`-ahead day at `hour`; returns them. */
async function bothCourtsTaken(label, days, hour) {
  const first = await player(`${label}-1`, 'Глеб');
  const second = await player(`${label}-2`, 'Борис');
  await book(first.client, 1, clubInstant(days, hour));
  await book(second.client, 2, clubInstant(days, hour));
  return [first, second];
}

/** The club's owner, made once for the file. */
const admin = ownerOnce(env, { email: `wl-admin-${stamp}@example.com`, password: PASSWORD, name: 'Светлана' });

/**
 * The dashboard while `owner`'s offer at `hour` of `date` waits for its confirmation: the day view
 * shows it as a hold (its player, «Предложена из очереди», the minutes left, no «Отменить»), and
 * the week view says it is an offer.
 */
async function adminSeesTheHold(name, viewport, date, hour, owner) {
  await adminJourney(
    { browser: env.browser, base: env.product.base, admin: await admin(), name: `waitlist-admin-${name}`, viewport },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day: date }))}`);
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${hour}:00` }) });
      const hold = row.getByRole('cell').filter({ hasText: owner });
      await hold.getByText('Предложена из очереди').waitFor();
      assert.match(await hold.textContent(), /ждёт подтверждения ещё 1[345] мин/);
      assert.equal(await hold.getByText('Забронирована').count(), 0);
      assert.equal(await hold.getByRole('button', { name: 'Отменить' }).count(), 0);
      await hold.scrollIntoViewIfNeeded();
      await snap('day');
      await chooseBookingsView(page, 'Неделя');
      const week = page.getByRole('region', { name: 'Игры недели по дням' });
      await week.getByText(/предложено, ещё 1[345] мин/).waitFor();
      await snap('week');
    },
  );
}

// ---- The browser ----

const toast = (page, text) => page.locator('.toast', { hasText: text }).first().waitFor();

/** A signed-in page of `email` at `viewport`: screens to waitlist-<name>-<screen>.png, checked with axe. */
const asPlayer = (name, viewport, email, run) =>
  playerPage(
    { browser: env.browser, base: env.product.base, name: `waitlist-${name}`, viewport, email, password: PASSWORD },
    run,
  );

/** The dial's taken hour, chosen, then «Встать в очередь»: the position the app says. */
async function joinTheLine(page, hour) {
  const taken = page.getByRole('radio', { name: `${hour}:00, занято, можно встать в очередь` });
  await taken.click();
  assert.equal(await taken.getAttribute('aria-checked'), 'true');
  await page.getByText(`${hour}:00: все корты заняты`).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Далее' }).count(), 0);
}

// ---- The waitlist ----

test('a third player joins the line on the dial; a cancellation is offered on my games while it is open, and confirmed it is a game (phone)', async () => {
  const [gleb] = await bothCourtsTaken('phone', 1, 18);
  const vera = await player('phone-3', 'Вера');
  const date = clubDay(1);

  await asPlayer('phone', viewports.phone, vera.email, async (page, snap) => {
    await dialOf(page, date);
    await joinTheLine(page, 18);
    await snap('dial-taken');
    await page.getByRole('button', { name: 'Встать в очередь', exact: true }).click();
    await toast(page, 'Вы в очереди. Если корт освободится, мы напишем');
    // The message keeps clear of the step's buttons at the bottom of the phone.
    assert.deepEqual(await buttonsUnderToasts(page), []);
    await page.getByText('Вы в очереди: 1-й').waitFor();
    await page.getByRole('radio', { name: '18:00, занято, вы в очереди' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Встать в очередь', exact: true }).isDisabled(), true);
    await snap('dial-in-line');

    // My games lists the place with its position and the way out.
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.getByRole('button', { name: 'Назад' }).click();
    await heading(page, 'Мои игры');
    const line = page.getByRole('region', { name: 'Очередь' });
    await line.getByText('Вы в очереди: 1-й').waitFor();
    assert.match(await line.textContent(), new RegExp(`${dayShort(date)}, 18:00`));
    await line.getByRole('button', { name: 'Выйти из очереди' }).waitFor();
    await snap('my-games-in-line');

    // Gleb cancels through the API: the freed court is held for Vera, and my games shows it
    // without a reload (it asks every 10 s while she is in line).
    const cancelled = await gleb.client.post('/api/delete_order/1/', {
      id_cort: 1,
      time_start: clubInstant(1, 18),
      players_count: 2,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    const offer = page.getByRole('article', { name: 'Корт освободился: 18:00, корт 1' });
    await offer.waitFor({ timeout: 45_000 });
    assert.match(await offer.locator('.offer-left').textContent(), /^Осталось 1[45]:\d\d$/);
    assert.equal(await page.getByRole('region', { name: 'Очередь' }).count(), 0);
    await snap('offer');
    await adminSeesTheHold('phone', viewports.phone, date, 18, 'Вера');

    await offer.getByRole('button', { name: 'Подтвердить' }).click();
    await toast(page, 'Корт забронирован');
    await offer.waitFor({ state: 'hidden' });
    const game = page.locator('.games li', { hasText: dayShort(date) });
    await game.waitFor();
    assert.match(await game.textContent(), /18:00Корт 1/);
    await snap('confirmed');
  });
});

test('the same line on a desktop: joined on the dial beside the calendar, the offer on my games, confirmed', async () => {
  const [, boris] = await bothCourtsTaken('desktop', 2, 19);
  const nina = await player('desktop-3', 'Нина');
  const date = clubDay(2);

  await asPlayer('desktop', viewports.desktop, nina.email, async (page, snap) => {
    await dialOf(page, date);
    await joinTheLine(page, 19);
    await snap('dial-taken');
    await page.getByRole('button', { name: 'Встать в очередь', exact: true }).click();
    await page.getByText('Вы в очереди: 1-й').waitFor();
    await snap('dial-in-line');

    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Мои игры' }).click();
    await page.getByRole('region', { name: 'Очередь' }).getByText('Вы в очереди: 1-й').waitFor();
    await snap('my-games-in-line');

    const cancelled = await boris.client.post('/api/delete_order/2/', {
      id_cort: 2,
      time_start: clubInstant(2, 19),
      players_count: 2,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    const offer = page.getByRole('article', { name: 'Корт освободился: 19:00, корт 2' });
    await offer.waitFor({ timeout: 45_000 });
    await snap('offer');
    await adminSeesTheHold('desktop', viewports.desktop, date, 19, 'Нина');
    await offer.getByRole('button', { name: 'Подтвердить' }).click();
    await toast(page, 'Корт забронирован');
    await page.locator('.games li', { hasText: dayShort(date) }).waitFor();
  });
});

// ---- No-shows ----

test('a game released as a no-show reads «Неявка» in my games and on its card, with no door or end buttons (phone)', async () => {
  const anna = await player('no-show', 'Анна');
  // A game of today, released: the door was not opened in time.
  await database(async (db) => {
    const {
      rows: [{ id }],
    } = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, 2, date_trunc('hour', now()), date_trunc('hour', now()) + interval '1 hour', 2
         FROM users WHERE email = $1 RETURNING id`,
      [anna.email],
    );
    await db.query(`UPDATE bookings SET cancelled_at = now(), no_show_at = now() WHERE id = $1`, [id]);
  });

  await asPlayer('no-show', viewports.phone, anna.email, async (page, snap) => {
    const game = page.locator('.game', { hasText: 'Неявка' });
    await game.waitFor();
    await snap('my-games');
    await game.click();
    await heading(page, 'Игра');
    await page.locator('.game-card', { hasText: 'Неявка' }).waitFor();
    assert.deepEqual(await page.locator('main button:visible').allTextContents(), ['Назад']);
    await snap('card');
  });
});

test('two no-shows within 30 days: my games and the booking screen say until when, which games, and how to reach the club (phone)', async () => {
  const oleg = await player('paused', 'Олег');
  const lastNoShow = new Date(Date.now() - 2 * 86_400_000);
  await database((db) =>
    db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, cancelled_at, no_show_at)
       SELECT id, 1, missed - interval '15 minutes', missed + interval '45 minutes', 2, missed, missed
         FROM users, unnest($2::timestamptz[]) AS missed WHERE email = $1`,
      [oleg.email, [new Date(lastNoShow.getTime() - 5 * 86_400_000), lastNoShow]],
    ),
  );
  // NO_SHOW_PAUSE_DAYS (7) after the no-show that reached the limit.
  const until = momentShort(new Date(lastNoShow.getTime() + 7 * 86_400_000));

  await asPlayer('paused', viewports.phone, oleg.email, async (page, snap) => {
    const pause = page.getByRole('region', { name: `Запись приостановлена до ${until}` });
    await pause.waitFor();
    // The two no-shows behind the pause, the rule in the club's numbers, and the club's phone.
    assert.equal(await pause.getByRole('listitem').count(), 2);
    assert.match(await pause.textContent(), /2 неявки за 30 дней приостанавливают запись на 7 дней/);
    assert.equal(await pause.locator('a[href^="tel:"]').count(), 1);
    // One state: no invitation to book and no add-game button beside it.
    assert.equal(await page.getByRole('button', { name: 'Забронировать игру' }).count(), 0);
    assert.equal(await page.getByText(/Забронируйте корт/).count(), 0);
    await snap('my-games');
    await page.goto(`${env.product.base}/reserve`);
    await page.getByRole('heading', { name: `Запись приостановлена до ${until}` }).waitFor();
    assert.equal(await page.getByRole('grid').count(), 0);
    assert.equal(await page.getByRole('heading', { name: 'Выберите дату' }).count(), 0);
    await snap('reserve');
  });
});

// ---- A player app that survives a deploy ----

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a screen whose code is gone after a deploy reloads the tab once, then shows «Обновить» (${name})`, async () => {
    const { email } = await player(`deploy-${name}`, 'Дина');
    await asPlayer(`deploy-${name}`, viewport, email, async (page, snap) => {
      // A deploy: the profile screen's chunk of the build this tab runs is gone (the server's 404).
      let missing = 0;
      await page.route(/\/assets\/account-page-[^/]*\.js$/, (route) => {
        missing += 1;
        return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      });
      let loads = 0;
      page.on('load', () => (loads += 1));
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Меню' }).click();
        await page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Профиль' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Профиль' }).click();
      }
      // One reload for the new build; its chunk missing too, the error screen instead of a loop.
      await heading(page, 'Не удалось показать страницу');
      assert.equal(loads, 1);
      assert.ok(missing >= 2, 'the chunk was asked for before and after the reload');
      assert.equal(new URL(page.url()).pathname, '/account');
      await snap('error-screen');
      await page.getByRole('button', { name: 'Обновить' }).click();
      await until(() => loads === 2, 'the reload «Обновить» asks for');
      await heading(page, 'Не удалось показать страницу');
    });
  });
}

test('`npm start` offers web push with a development key pair it made once and keeps in .kort-data/', async () => {
  const { client } = await player('vapid', 'Вика');
  const settings = await client.get('/api/notifications/');
  assert.equal(settings.status, 200);
  const folder = process.env.KORT_DATA_DIR || fileURLToPath(new URL('../.kort-data', import.meta.url));
  const kept = JSON.parse(readFileSync(join(folder, 'vapid.json'), 'utf8'));
  assert.equal(settings.body.detail.channels.push.available, true);
  assert.equal(settings.body.detail.channels.push.public_key, kept.publicKey);
});
