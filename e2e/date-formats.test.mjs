// One format per kind (docs/decisions/0099-one-format-per-kind.md), on the product `npm start` runs,
// in an English-language Chromium (locale en-US), on a phone (390×844) and a desktop (1440×900): My
// games and the game card write a day as «пн, 30 ноября» (with the year when it is another year's)
// and an hour as «14:00»; the dashboard's day view writes its date field as дд.мм.гггг, and a typed
// date moves it; the closure form's date field too. Screens go to e2e/artifacts/date-formats-*.png
// and are checked with axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessibilityProblems } from './support/axe.mjs';
import { registerAccount } from './support/api-client.mjs';
import { artifacts, viewports } from './support/browser.mjs';
import { fieldDate } from './support/admin-pages.mjs';
import { clubDay, clubInstant, dayShort } from './support/player-pages.mjs';
import { confirmedPlayer, logIn } from './support/players.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';

const env = useProductAndBrowser();

/** A page in an English-language browser, `snap` saving date-formats-`name`-`screen`.png and axe's findings. */
async function englishPage(viewport, name, run) {
  const phone = viewport.width < 600;
  const context = await env.browser.newContext({ viewport, locale: 'en-US', isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  const problems = [];
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/date-formats-${name}-${screen}.png` });
    problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  try {
    assert.equal(await page.evaluate(() => navigator.language), 'en-US');
    await run(page, snap);
    assert.deepEqual(problems, [], `accessibility problems (${name})`);
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/date-formats-${name}-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
}

/** A game of `email` on the club's `days`-ahead day at `hour`:00, as if booked earlier. */
const gameFor = (email, days, hour, court) =>
  withDatabase(env.product, (db) =>
    db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, $2, $3::timestamptz, $3::timestamptz + interval '1 hour', 2 FROM users WHERE email = $1`,
      [email, court, clubInstant(days, hour)],
    ),
  );

let admin;
test('the player and the dashboard, in an English-language browser', async () => {
  const account = { email: `dates-admin-${Date.now()}@example.com`, password: 'Корт-2026-даты!', name: 'Светлана' };
  await registerAccount(env.product, account);
  await withDatabase(env.product, (db) =>
    db.query(`UPDATE users SET role = 'owner' WHERE email = $1`, [account.email]),
  );
  admin = account;
  for (const size of ['phone', 'desktop']) {
    let player;
    await englishPage(viewports[size], `${size}`, async (page, snap) => {
      player = await confirmedPlayer(page, env.product, { name: `dates-${size}`, acceptRules: true });
      // Soon (this year's, most likely) and about six weeks ahead (next year's when run in late November).
      await gameFor(player.email, 2, 14, size === 'phone' ? 1 : 2);
      await gameFor(player.email, 40, 6, size === 'phone' ? 1 : 2);
      await logIn(page, env.product, player);
      await page.getByRole('heading', { name: 'Мои игры', exact: true }).waitFor();
      const soon = dayShort(clubDay(2));
      const later = dayShort(clubDay(40));
      await page.locator('.game-date', { hasText: soon }).first().waitFor();
      await page.locator('.game-date', { hasText: later }).first().waitFor();
      assert.deepEqual(await page.locator('.games .game-time').allTextContents(), ['14:00', '06:00']);
      await snap('my-games');
      await page.locator('.game-date', { hasText: soon }).first().click();
      const card = page.getByRole('article', { name: 'Карточка игры' });
      await card.getByText(soon, { exact: true }).waitFor();
      await snap('game-card');
    });
    await englishPage(viewports[size], `admin-${size}`, async (page, snap) => {
      await page.goto(`${env.product.base}/admin/`);
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Пароль').fill(admin.password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.getByText('Игр сегодня').first().waitFor();
      const day = clubDay(2);
      await page.goto(`${env.product.base}/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day }))}`);
      const field = page.getByRole('textbox', { name: 'День' });
      await field.waitFor();
      assert.equal(await field.inputValue(), fieldDate(day));
      await page.getByText('Ирина').first().waitFor();
      await snap('bookings-day');
      // Typed as a Russian reader writes it, the date moves the day view.
      const next = clubDay(3);
      await field.fill('');
      await field.pressSequentially(fieldDate(next).replaceAll('.', ''));
      assert.equal(await field.inputValue(), fieldDate(next));
      await page.waitForURL((url) => decodeURIComponent(url.search).includes(next));
      // A date that does not exist is refused in Russian.
      await page.goto(`${env.product.base}/admin/closures/create`);
      const start = page.getByRole('textbox', { name: /^Дата начала/ });
      await start.fill('');
      await start.pressSequentially('31042027');
      await start.blur();
      await page.getByText('Такой даты нет').first().waitFor();
      await start.fill('');
      await start.pressSequentially(fieldDate(clubDay(5)).replaceAll('.', ''));
      assert.equal(await start.inputValue(), fieldDate(clubDay(5)));
      await snap('date-field');
    });
  }
});
