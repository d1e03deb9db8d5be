// The club as its admin shapes it, on the product `npm start` runs, in Chromium: an admin closes
// court 2 for an afternoon in the dashboard (the game inside is listed before saving, cancelled and
// its player mailed with the reason, and kept greyed with the reason on their My games) and a
// player's dial and court step show it; an admin books a
// sport school's term in the dashboard (every occurrence previewed) and the school's My games lists
// its games with the term. Other players' games are booked through the API. Screens go to
// e2e/artifacts/club-shape-*.png and are checked with axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import contracts from '@kort/contracts';
import { adminJourney, ownerOnce, typeDate } from './support/admin-pages.mjs';
import { asPlayer as playerPage, clubDay, dialOf, ZONE } from './support/player-pages.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { nextMail } from './support/mail.mjs';
import { useProductAndBrowser } from './support/product.mjs';

const env = useProductAndBrowser();
const PASSWORD = 'Корт-2026-клуб!';
const stamp = Date.now();
const ADMIN = { email: `shape-admin-${stamp}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };

/** A confirmed player, signed in through the API. */
async function player(label, name) {
  const email = `shape-${label}-${stamp}@example.com`;
  const client = await registerAccount(env.product, { email, password: PASSWORD, name });
  assert.equal((await client.login(email, PASSWORD)).status, 200);
  return { email, name, client };
}

/** The club's owner (made once for the file): the sport-school flag lifts the quotas at every site, so only an owner sets it. */
const admin = ownerOnce(env, ADMIN);

/** A signed-in player's page at `viewport`: screens to club-shape-<name>-<screen>.png, checked with axe. */
const asPlayer = (name, viewport, email, run) =>
  playerPage(
    { browser: env.browser, base: env.product.base, name: `club-shape-${name}`, viewport, email, password: PASSWORD },
    run,
  );

/** A react-admin select (MUI): opened by its label, the option chosen by its text. */
async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("an admin closes court 2 for an afternoon in the dashboard; the game inside is cancelled and told; a player's dial and court step show it", async () => {
  const date = clubDay(2);
  const boris = await player('boris', 'Борис');
  const pavel = await player('pavel', 'Павел');
  const vera = await player('vera', 'Вера');
  const at = (hour) => contracts.clubHourStart(date, hour, ZONE);
  // Court 1 is Boris's at 15:00; Pavel has court 2 at 16:00, which the closure will cancel.
  for (const [who, court, hour] of [
    [boris, 1, 15],
    [pavel, 2, 16],
  ]) {
    const booked = await who.client.post(`/api/order-court/${court}/`, {
      id_cort: court,
      time_start: at(hour),
      players_count: 2,
    });
    assert.equal(booked.status, 200, JSON.stringify(booked.body));
  }

  await adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: await admin(),
      name: 'club-shape-closure',
      viewport: viewports.desktop,
    },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/closures/create`);
      await choose(page, 'Корт', 'Корт 2');
      await typeDate(page.getByRole('textbox', { name: /^Дата начала/ }), date);
      await choose(page, 'Час начала', '14:00');
      await choose(page, 'Час окончания', '18:00');
      await page.getByLabel('Причина').fill('Ремонт покрытия');
      // Before saving: the game it will cancel, with its player.
      const preview = page.getByRole('region', { name: 'Какие игры будут отменены' });
      await preview.getByText('Павел').waitFor();
      assert.equal(await preview.getByText('Борис').count(), 0);
      await snap('preview');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByRole('dialog').getByText('Павел').waitFor();
      await snap('confirm');
      await page.getByRole('button', { name: 'Закрыть и отменить' }).click();
      await page.getByRole('heading', { name: 'Ближайшие 4 недели' }).waitFor();
      await page.getByText('Ремонт покрытия').first().waitFor();
      await snap('calendar');
    },
  );

  const letter = await nextMail(env.product.mailUrl, pavel.email);
  assert.match(letter.subject, /^Игра отменена клубом: /);
  assert.match(letter.text, /Причина: Ремонт покрытия\./);
  // Pavel's game stays on My games a week, greyed, the hour struck through, with the club's reason.
  const [cancelled] = (await pavel.client.get('/api/my-orders/')).body.detail;
  assert.deepEqual([cancelled.status, cancelled.cancelled.reason], ['cancelled', 'Ремонт покрытия']);
  for (const [name, viewport] of Object.entries(viewports)) {
    await asPlayer(`cancelled-${name}`, viewport, pavel.email, async (page, snap) => {
      const card = page.locator('.games li', { hasText: 'Отменена клубом: Ремонт покрытия' });
      await card.waitFor();
      assert.equal(await card.locator('.game-time s').textContent(), '16:00');
      assert.equal(await card.getByText('Корт 2').count(), 1);
      // Nothing to open: the card is no button, and the add button counts no game ahead.
      assert.equal(await card.getByRole('button').count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Забронировать игру' }).isEnabled(), true);
      await snap('my-games');
    });
  }

  await asPlayer('player', viewports.phone, vera.email, async (page, snap) => {
    await dialOf(page, date);
    // 15:00: court 1 is Boris's and court 2 is closed, so no court is free; 14, 16 and 17 have court 1.
    await page.locator('.time-dial-segment[data-hour="15"].is-taken').waitFor();
    for (const hour of [14, 16, 17]) await page.getByRole('radio', { name: `${hour}:00, свободно` }).waitFor();
    await snap('dial');
    await page.getByRole('radio', { name: '16:00, свободно' }).click();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Выберите корт', exact: true }).waitFor();
    const closed = page.getByRole('button', { name: /^Корт 2/ });
    await closed.getByText('Закрыт: Ремонт покрытия').waitFor();
    assert.equal(await closed.isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Корт 1', exact: true }).isDisabled(), false);
    await snap('courts');
  });
});

test("an admin books a sport school's term in the dashboard, every occurrence previewed; the school's My games lists its games with the term", async () => {
  const school = await player('school', 'СШ Олимп');
  const adminClient = apiClient(env.product.base);
  const { email, password } = await admin();
  assert.equal((await adminClient.login(email, password)).status, 200);
  const found = await adminClient.get(`/api/user_search/?email=${encodeURIComponent(school.email)}`);
  assert.equal(
    (await adminClient.put(`/api/admin/users/${found.body.detail.id}`, { is_sport_school: true })).status,
    200,
  );

  // Four weeks of Tuesdays and Thursdays at 17:00 from tomorrow, on court 1.
  const first = clubDay(1);
  const last = clubDay(28);
  await adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: await admin(),
      name: 'club-shape-term',
      viewport: viewports.desktop,
    },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/series/create`);
      await choose(page, /^Спортивная школа/, `СШ Олимп (${school.email})`);
      await choose(page, 'Корт', 'Корт 1');
      await choose(page, 'Час', '17:00');
      for (const day of ['вт', 'чт']) await page.getByRole('checkbox', { name: day, exact: true }).check();
      await typeDate(page.getByRole('textbox', { name: /^Первый день/ }), first);
      await typeDate(page.getByRole('textbox', { name: /^Последний день/ }), last);
      const preview = page.getByRole('region', { name: 'Занятия по расписанию' });
      const summary = preview.getByText(/^Будет забронировано \d+, пропущено 0$/);
      await summary.waitFor();
      const booked = Number(/забронировано (\d+)/.exec(await summary.textContent())[1]);
      assert.ok(booked >= 7 && booked <= 9, `four weeks of two days: ${booked}`);
      await snap('preview');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText(`Расписание создано: забронировано ${booked}, пропущено 0`).waitFor();
      // The term's page, loaded: nothing skipped.
      await page.getByText('Все занятия забронированы').waitFor();
      await snap('saved');
    },
  );

  const label = 'Расписание школы: вт, чт в 17:00';
  await asPlayer('school', viewports.phone, school.email, async (page, snap) => {
    const games = page.locator('.games li', { hasText: label });
    await games.first().waitFor();
    assert.ok((await games.count()) >= 7);
    assert.match(await games.first().textContent(), /17:00Корт 1/);
    await snap('my-games');
  });
});
