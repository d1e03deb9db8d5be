// What a player notices, on the product `npm start` runs, in Chromium:
// limits said before the last step, games that end, a booking summary, "Отправить код ещё раз",
// a desktop that uses the screen, forms and modals that behave, storage that says what it is, and a
// door display that forgets a code once it has worked. Screens go to e2e/artifacts/ux-*.png and are
// checked with axe.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import contracts from '@kort/contracts';
import { accessibilityProblems } from './support/axe.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { artifacts, launchChromium, viewports } from './support/browser.mjs';
import { nextMail } from './support/mail.mjs';
import { buttonsUnderToasts, dayName, dayShort } from './support/player-pages.mjs';
import { agentState, startProduct, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const ZONE = 'Europe/Moscow'; // SITE_TIMEZONE's default, which `npm start` uses
const PASSWORD = 'Корт-2026-ux!';
const stamp = Date.now();

const env = {};
before(async () => {
  // A game's door opens at its start rather than 15 minutes before, so a game a few minutes ahead
  // is "too early" at any hour of the day.
  env.product = await startProduct({ DOOR_OPENS_BEFORE_MIN: '0' });
  env.browser = await launchChromium();
});
after(async () => {
  await env.browser?.close();
  await env.product?.stop();
});

// ---- The club's calendar ----

const clubNow = () => contracts.wallClock(new Date(), ZONE);
/** 'YYYY-MM-DD' `days` after `date`. */
const addDays = (date, days) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
/** 1 (Monday) to 7 (Sunday). */
const isoWeekday = (date) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Waits for the club's next day when its current one has less than `minutes` left (a game must be today). */
async function awayFromMidnight(minutes) {
  const left = () => 24 * 60 - (clubNow().hour * 60 + clubNow().minute);
  if (left() > minutes) return;
  const today = clubNow().date;
  await until(() => clubNow().date !== today, "the club's next day", (minutes + 1) * 60_000);
}

// ---- The scene ----

const database = (work) => withDatabase(env.product, work);

/** A confirmed player with the rules accepted, made through the real calls. */
async function player(label, name = 'Ольга') {
  const email = `ux-${label}-${stamp}@example.com`;
  await registerAccount(env.product, { email, password: PASSWORD, name });
  return email;
}

/** A game of `email` on court `court` at the club's `date` and `hour`, as if booked earlier. */
const gameAt = (email, court, date, hour) =>
  database((db) =>
    db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, $2, ($3::date + make_interval(hours => $4)) AT TIME ZONE '${ZONE}',
              ($3::date + make_interval(hours => $4 + 1)) AT TIME ZONE '${ZONE}', 2
         FROM users WHERE email = $1`,
      [email, court, date, hour],
    ),
  );

/** A game of `email` starting `minutes` from now (0: it has just started), an hour long. */
const gameIn = (email, court, minutes) =>
  database((db) =>
    db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, $2, now() + make_interval(mins => $3), now() + make_interval(mins => $3 + 60), 2
         FROM users WHERE email = $1`,
      [email, court, minutes],
    ),
  );

// ---- The browser ----

/**
 * A signed-in page of `email` at `viewport` (a phone has touch), with `run(page, snap)` inside it:
 * `snap(screen)` photographs the screen to ux-<name>-<screen>.png and checks it with axe; the
 * journey fails on any serious accessibility problem.
 */
async function asPlayer(name, viewport, email, run, { signedIn = true, contextOptions = {} } = {}) {
  const phone = viewport.width < 600;
  const context = await env.browser.newContext({ viewport, isMobile: phone, hasTouch: phone, ...contextOptions });
  const page = await context.newPage();
  const problems = [];
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/ux-${name}-${screen}.png` });
    problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  try {
    if (signedIn) {
      await page.goto(`${env.product.base}/login`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByLabel('Пароль').fill(PASSWORD);
      await page.getByRole('button', { name: 'Войти' }).click();
      await heading(page, 'Мои игры');
    }
    await run(page, snap, context);
    assert.deepEqual(problems, [], 'accessibility problems on the screens');
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/ux-${name}-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
}

const heading = (page, text) => page.getByRole('heading', { name: text, exact: true }).first().waitFor();
const toast = (page, text) => page.locator('.toast', { hasText: text }).first().waitFor();

/** The calendar with `date`'s month on it, settled; returns that day's button. */
async function calendarDay(page, date) {
  const settled = () => page.locator('table[role="grid"][aria-busy="false"]').waitFor();
  const day = page.getByRole('button', { name: new RegExp(`^${dayName(date)}`) });
  await settled();
  for (let months = 0; months < 3 && !(await day.isVisible()); months += 1) {
    await page.getByRole('button', { name: 'Следующий месяц' }).click();
    await settled();
  }
  return day;
}

/**
 * Left, top, width and height of the first element `selector` finds, once it is on the screen. A
 * page that has just arrived may still swap the element (its loading state for its content), and
 * the one found a moment ago then has no box: asked again until one has.
 */
const box = async (page, selector) => {
  const element = page.locator(selector).first();
  await element.waitFor();
  return until(() => element.boundingBox(), `${selector} on the screen`);
};

/** The widths of the buttons (and button-like links) of every `.actions` group in `main`. */
const groupWidths = (page) =>
  page.$$eval('main .actions', (groups) =>
    groups
      .map((group) => [...group.children].map((child) => Math.round(child.getBoundingClientRect().width)))
      .filter((widths) => widths.length > 1),
  );

// ---- Limits before the last step, and the booking summary ----

test('the calendar and the dial say which days the player cannot book and why; the summary confirms; a race still reads 418 (phone)', async () => {
  const email = await player('limits');
  // Two games in one week ahead: those two days have a game, the rest of that week has two.
  const today = clubNow().date;
  const monday = addDays(today, 8 - isoWeekday(today));
  const wednesday = addDays(monday, 2);
  await gameAt(email, 1, monday, 12);
  await gameAt(email, 1, addDays(monday, 1), 12);
  // A day two weeks on has no limit: the booking that races another one is made there.
  const free = addDays(monday, 14);

  await asPlayer('limits-phone', viewports.phone, email, async (page, snap) => {
    await page.getByRole('button', { name: 'Забронировать игру' }).click();
    await heading(page, 'Выберите дату');
    const gameDay = await calendarDay(page, monday);
    assert.equal(
      await gameDay.getAttribute('aria-label'),
      `${dayName(monday)}, понедельник. Уже есть игра в этот день`,
    );
    const weekDay = await calendarDay(page, wednesday);
    assert.equal(await weekDay.getAttribute('aria-label'), `${dayName(wednesday)}, среда. Две игры на этой неделе`);
    const legend = await page.locator('.month-calendar-legend').textContent();
    assert.match(legend, /Две игры на этой неделе/);
    await snap('calendar-limits');

    // The dial says it too, and offers no hour: "Далее" stays off before any court is chosen.
    await weekDay.click();
    await heading(page, 'Выберите время');
    await page.locator('.time-dial-empty', { hasText: 'Две игры на этой неделе' }).waitFor();
    assert.equal(await page.getByRole('radio').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Далее' }).isDisabled(), true);
    await snap('dial-limited');
    await page.getByRole('button', { name: 'Назад' }).click();

    // A free day: date, hour, court, then the summary with its one confirm button.
    await (await calendarDay(page, free)).click();
    await page.getByRole('radio', { name: /^18:00/ }).click();
    await page.getByRole('button', { name: 'Далее' }).click();
    await heading(page, 'Выберите корт');
    await page.getByRole('button', { name: 'Корт 2' }).click();
    await heading(page, 'Проверьте бронирование');
    const summary = await page
      .locator('.booking-summary')
      .evaluate((list) =>
        [...list.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling.textContent}`),
      );
    assert.deepEqual(summary, [`Дата: ${dayShort(free)}`, 'Время: 18:00–19:00', 'Корт: Корт 2']);
    assert.deepEqual(await page.locator('main button').allTextContents(), ['Подтвердить бронирование', 'Назад']);
    await snap('summary');

    // Meanwhile another game of the player's lands on that day (another tab, another phone): the
    // server still refuses with its 418, and the summary stays.
    await gameAt(email, 1, free, 10);
    await page.getByRole('button', { name: 'Подтвердить бронирование' }).click();
    await toast(page, 'Ограничение по количеству бронирований');
    await heading(page, 'Проверьте бронирование');
  });
});

test('with five games ahead the add-game button is off and says why, and so does the booking screen (phone)', async () => {
  const email = await player('five');
  const start = addDays(clubNow().date, 40);
  for (let week = 0; week < 5; week += 1) await gameAt(email, 2, addDays(start, week * 7), 8);

  await asPlayer('five-phone', viewports.phone, email, async (page, snap) => {
    await until(async () => (await page.locator('.games li').count()) === 5, 'five games in my games');
    const add = page.getByRole('button', { name: 'Забронировать игру' });
    await until(() => add.isDisabled(), 'the add-game button to turn off');
    const why = await add.getAttribute('aria-describedby');
    assert.match(
      await page.locator(`#${why}`).textContent(),
      /^У вас уже 5 предстоящих игр: больше забронировать нельзя/,
    );
    await snap('add-off');
    await page.goto(`${env.product.base}/reserve`);
    await page.getByText('У вас уже 5 предстоящих игр').waitFor();
    assert.equal(await page.getByRole('grid').count(), 0);
  });
});

// ---- Games that end; the door display forgets the code ----

test('after the door opens the card says the game is on and the display forgets the code; ending (confirmed) says it is over (phone)', async () => {
  await awayFromMidnight(5);
  const email = await player('game');
  await gameIn(email, 1, 0);

  await asPlayer('game-phone', viewports.phone, email, async (page, snap, context) => {
    await page.locator('.game', { hasText: 'Сегодня' }).click();
    await heading(page, 'Игра');
    const display = await context.newPage();
    await display.goto(env.product.displayUrl);
    await display.getByText('Код появится здесь').waitFor();

    await page.bringToFront();
    await page.getByRole('button', { name: 'Открыть дверь' }).click();
    const door = page.getByRole('dialog', { name: 'Открыть дверь' });
    await door.waitFor();
    const { code } = await until(async () => (await agentState(env.product)).display, 'the code on the door display');
    await display.getByText(code, { exact: true }).first().waitFor();
    await door.getByLabel('Цифра 1').click();
    await page.keyboard.type(code);
    await toast(page, 'Дверь открыта!');
    // The screen at the door drops the code at once (it asks the agent every second).
    await display.getByText('Код появится здесь').waitFor({ timeout: 3_000 });
    assert.equal(await display.getByText(code, { exact: true }).count(), 0);
    assert.equal((await agentState(env.product)).display, null);
    await display.screenshot({ path: `${artifacts}/ux-game-display-after-open.png` });

    // The card: the game is on, it can no longer be cancelled.
    await page.locator('.game-card', { hasText: 'Идёт игра' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Отменить игру' }).count(), 0);
    await snap('card-playing');
    await page.getByRole('button', { name: 'Назад' }).click();
    await heading(page, 'Мои игры');
    await page.locator('.game', { hasText: 'Идёт игра' }).waitFor();
    assert.equal(await page.locator('.game', { hasText: 'Сегодня' }).count(), 0);
    await snap('my-games-playing');

    // A code asked for again and not used: ending the game takes it off the display too.
    await page.locator('.game', { hasText: 'Идёт игра' }).click();
    await page.getByRole('button', { name: 'Открыть дверь' }).click();
    await door.waitFor();
    const second = await until(async () => (await agentState(env.product)).display, 'a second code on the display');
    await display.getByText(second.code, { exact: true }).first().waitFor();
    await door.getByRole('button', { name: 'Закрыть' }).click();

    // "Завершить игру" asks first; "Нет" keeps the game on.
    await page.getByRole('button', { name: 'Завершить игру' }).click();
    const confirm = page.getByRole('dialog', { name: 'Завершить игру?' });
    await confirm.waitFor();
    await snap('end-confirm');
    await confirm.getByRole('button', { name: 'Нет' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.locator('.game-card', { hasText: 'Идёт игра' }).waitFor();
    await page.getByRole('button', { name: 'Завершить игру' }).click();
    await confirm.getByRole('button', { name: 'Да, завершить' }).click();
    await toast(page, 'Игра успешно завершена');
    await page.locator('.game-card', { hasText: 'Игра завершена' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Открыть дверь' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Завершить игру' }).count(), 0);
    await display.getByText('Код появится здесь').waitFor({ timeout: 3_000 });
    assert.equal((await agentState(env.product)).display, null);
    await snap('card-over');
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.locator('.game', { hasText: 'Игра завершена' }).waitFor();
    await snap('my-games-over');
    await display.close();
  });
});

test("too early for the door: the card says when the door opens (the club's window), the button waits (phone)", async () => {
  await awayFromMidnight(10);
  const email = await player('early');
  await gameIn(email, 2, 5);

  await asPlayer('early-phone', viewports.phone, email, async (page, snap) => {
    await page.locator('.game', { hasText: 'Сегодня' }).click();
    // DOOR_OPENS_BEFORE_MIN is 0 here: the door opens at the start, which the card says, not a refusal.
    const opens = page.locator('.game-card .door-opens');
    await opens.waitFor();
    const start = await page.locator('.game-card .game-time').textContent();
    assert.equal(await opens.textContent(), `Дверь откроется в ${start.slice(0, 5)}`);
    const door = page.getByRole('button', { name: 'Открыть дверь' });
    assert.equal(await door.isDisabled(), true);
    assert.equal(await door.getAttribute('aria-describedby'), 'door-opens');
    assert.equal(await page.getByRole('button', { name: 'Завершить игру' }).count(), 0);
    assert.equal(await page.locator('.toast.error').count(), 0);
    await snap('too-early');
  });
});

// ---- "Отправить код ещё раз" ----

test('the activation code screen counts down a minute before "Отправить код ещё раз", and shows the limit of the API (phone)', async () => {
  const email = `ux-resend-${stamp}@example.com`;
  await asPlayer(
    'resend-phone',
    viewports.phone,
    email,
    async (page, snap) => {
      // The page's clock is Playwright's, so a minute can pass at once.
      await page.clock.install();
      await page.goto(`${env.product.base}/register`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Имя').fill('Ирина');
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Пароль ещё раз').fill(PASSWORD);
      await page.getByLabel('Я принимаю').check();
      await page.getByLabel('Я даю согласие на').check();
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await nextMail(env.product.mailUrl, email);
      const resend = page.getByRole('button', { name: /^Отправить код ещё раз/ });
      await resend.waitFor();
      assert.match(await resend.textContent(), /^Отправить код ещё раз через (60|59) с$/);
      assert.equal(await resend.isDisabled(), true);
      await snap('countdown');

      // Four more letters: with the registration's, the five an hour the API allows.
      let code;
      for (let letter = 2; letter <= 5; letter += 1) {
        await page.clock.fastForward(61_000);
        await until(() => resend.isEnabled(), 'the countdown to end');
        assert.equal(await resend.textContent(), 'Отправить код ещё раз');
        await resend.click();
        await page.getByRole('status').filter({ hasText: 'Код отправлен на почту' }).waitFor();
        code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
        assert.equal(await resend.isDisabled(), true);
      }
      await snap('sent');
      await page.clock.fastForward(61_000);
      await until(() => resend.isEnabled(), 'the countdown to end');
      await resend.click();
      await page.getByRole('alert').filter({ hasText: 'Слишком много запросов кода. Попробуйте через час' }).waitFor();
      await snap('limit');

      // The last letter's code is the one that works.
      await page.getByLabel('Цифра 1').click();
      await page.keyboard.type(code);
      await heading(page, 'Мои игры');
    },
    { signedIn: false },
  );
});

test('the password-recovery code step has the same countdown and sends a new letter (phone)', async () => {
  const email = await player('recovery');
  await asPlayer(
    'recovery-phone',
    viewports.phone,
    email,
    async (page, snap) => {
      await page.clock.install();
      await page.goto(`${env.product.base}/login`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Восстановить пароль' }).click();
      const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
      await dialog.getByRole('button', { name: 'Получить код' }).click();
      await nextMail(env.product.mailUrl, email);
      const resend = dialog.getByRole('button', { name: /^Отправить код ещё раз/ });
      await resend.waitFor();
      assert.equal(await resend.isDisabled(), true);
      await snap('countdown');
      await page.clock.fastForward(61_000);
      await until(() => resend.isEnabled(), 'the countdown to end');
      await resend.click();
      await dialog.getByText('Код отправлен на почту').waitFor();
      await nextMail(env.product.mailUrl, email);
      assert.equal(await resend.isDisabled(), true);
    },
    { signedIn: false },
  );
});

// ---- A desktop is a desktop ----

test('desktop 1440×900: calendar and dial side by side at a readable size, headings level, one width per button group, the rules in the shell', async () => {
  const email = await player('desktop', 'Пётр');
  await asPlayer('desktop', viewports.desktop, email, async (page, snap) => {
    const headingLefts = [Math.round((await box(page, 'main h1')).x)];
    await page.getByRole('button', { name: 'Забронировать игру' }).click();
    await heading(page, 'Выберите дату');
    // The two headings stand level, at one size.
    const [date, time] = [await box(page, 'main h1'), await box(page, 'main h2.time-dial-title')];
    headingLefts.push(Math.round(date.x));
    assert.ok(Math.abs(date.y - time.y) <= 2, `headings level: ${date.y} and ${time.y}`);
    assert.equal(
      await page.locator('main h1').evaluate((element) => getComputedStyle(element).fontSize),
      await page.locator('main h2.time-dial-title').evaluate((element) => getComputedStyle(element).fontSize),
    );
    const tomorrow = addDays(clubNow().date, 1);
    await (await calendarDay(page, tomorrow)).click();
    await page.getByRole('radio', { name: /^18:00/ }).click();
    const [calendar, dial] = [await box(page, '.month-calendar'), await box(page, '.time-dial svg')];
    assert.ok(dial.x >= calendar.x + calendar.width, 'the dial beside the calendar, not under it');
    assert.ok(Math.abs(dial.y - calendar.y) < 80, 'the dial and the calendar start together');
    assert.ok(calendar.width >= 360 && dial.width >= 360, `readable: ${calendar.width} and ${dial.width} wide`);
    assert.ok((await box(page, '.month-calendar-day.is-available')).height >= 44, 'days are big enough to hit');
    assert.equal(
      await page.getByRole('button', { name: new RegExp(`^${dayName(tomorrow)}`) }).getAttribute('aria-pressed'),
      'true',
    );
    for (const widths of await groupWidths(page)) assert.equal(new Set(widths).size, 1, `one width: ${widths}`);
    await snap('reserve');

    for (const [path, title] of [
      ['/account', 'Профиль'],
      ['/box_reserve', 'Ящики и инвентарь'],
    ]) {
      await page.goto(`${env.product.base}${path}`);
      await heading(page, title);
      await page.locator('main button').first().waitFor();
      headingLefts.push(Math.round((await box(page, 'main h1')).x));
      for (const widths of await groupWidths(page))
        assert.equal(new Set(widths).size, 1, `${path}: one width: ${widths}`);
      await snap(path.slice(1));
    }
    // /court_rules inside the shell: the side menu, and the rules' own heading and numbered points.
    await page.goto(`${env.product.base}/court_rules`);
    await heading(page, 'Правила клуба');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Мои игры' }).waitFor();
    await page.getByRole('main').getByRole('heading', { level: 2, name: 'Правила пользования кортом' }).waitFor();
    assert.ok((await page.locator('main .rules-text ol > li').count()) >= 5, 'the rules as numbered points');
    headingLefts.push(Math.round((await box(page, 'main h1')).x));
    await snap('court-rules');
    assert.equal(new Set(headingLefts).size, 1, `every heading at one left edge: ${headingLefts}`);
    // The content uses the width beside the menu instead of a phone column in the middle.
    assert.ok(headingLefts[0] < 320, `content starts beside the menu: ${headingLefts[0]}`);
  });
});

// ---- Forms and modals ----

test('registration: the name error goes once a name is typed; differing passwords are flagged as typed; the hint once (phone)', async () => {
  await asPlayer(
    'register-phone',
    viewports.phone,
    '',
    async (page, snap) => {
      await page.goto(`${env.product.base}/register`);
      await page.getByLabel('E-mail').fill(`ux-register-${stamp}@example.com`);
      await page.getByRole('button', { name: 'Далее' }).click();
      const nameError = page.getByText('Введите имя пользователя');
      await nameError.waitFor();
      await snap('name-error');
      await page.getByLabel('Имя').pressSequentially('Ан');
      await nameError.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Пароль ещё раз').pressSequentially('Корт-2027');
      // Not sent yet: the second password already parts from the first.
      await page.getByText('Пароли не совпадают').waitFor();
      assert.equal(await page.getByText(contracts.messages.passwordHint).count(), 1);
      await snap('passwords-differ');
      await page.getByLabel('Пароль ещё раз').fill(PASSWORD);
      await page.getByText('Пароли не совпадают').waitFor({ state: 'hidden' });
    },
    { signedIn: false },
  );
});

test('the recovery modal keeps one width across its steps and has no empty band above its title (phone and desktop)', async () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    const email = await player(`modal-${size}`);
    await asPlayer(
      `modal-${size}`,
      viewport,
      email,
      async (page, snap) => {
        await page.goto(`${env.product.base}/login`);
        await page.getByLabel('E-mail').fill(email);
        await page.getByRole('button', { name: 'Восстановить пароль' }).click();
        const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
        await dialog.waitFor();
        const frame = async () => {
          const [whole, title] = [await dialog.boundingBox(), await dialog.getByRole('heading').boundingBox()];
          assert.ok(title.y - whole.y <= 24, `title ${title.y - whole.y}px below the modal's top`);
          return Math.round(whole.width);
        };
        const widths = [await frame()];
        await snap('email-step');
        await dialog.getByRole('button', { name: 'Получить код' }).click();
        const code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
        await dialog.getByLabel('Цифра 1').click();
        widths.push(await frame());
        await page.keyboard.type(code);
        await dialog.getByLabel('Новый пароль', { exact: true }).waitFor();
        widths.push(await frame());
        await snap('password-step');
        assert.equal(new Set(widths).size, 1, `one width: ${widths}`);
      },
      { signedIn: false },
    );
  }
});

test('the calendar-feed link has a copy button; deleting the profile leaves a login screen that says the club can restore it (phone)', async () => {
  const email = await player('account');
  await asPlayer(
    'account-phone',
    viewports.phone,
    email,
    async (page, snap) => {
      await page.goto(`${env.product.base}/account`);
      await page.getByRole('button', { name: 'Получить ссылку на календарь' }).click();
      // Added in one tap; the raw link, for any other calendar, is folded away.
      const add = page.getByRole('link', { name: 'Добавить в календарь' });
      await add.waitFor();
      assert.match(await add.getAttribute('href'), /^webcal:\/\//);
      await page.getByText('Ссылка для другого календаря').click();
      const link = page.getByLabel('Ссылка на календарь');
      await link.waitFor();
      await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
      await toast(page, 'Ссылка скопирована');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await link.inputValue());
      await snap('calendar-link');

      await page.getByRole('button', { name: 'Удалить профиль' }).click();
      await page
        .getByRole('dialog', { name: 'Удалить профиль?' })
        .getByRole('button', { name: 'Удалить профиль' })
        .click();
      await heading(page, 'Вход');
      const notice = page.getByText('В течение 10 дней клуб может восстановить его');
      await notice.waitFor();
      // The screens just left have nothing more to say: their late refusals do not wipe the notice.
      await page.waitForLoadState('networkidle');
      assert.equal(await notice.isVisible(), true);
      await snap('login-after-deletion');
    },
    { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } },
  );
});

test('a phone turned sideways on a public page is asked to turn back', async () => {
  await asPlayer(
    'rotate',
    { width: viewports.phone.height, height: viewports.phone.width },
    '',
    async (page) => {
      await page.goto(`${env.product.base}/login`);
      await page.getByText('Поверните телефон вертикально').waitFor();
      await page.setViewportSize(viewports.phone);
      await page.getByText('Поверните телефон вертикально').waitFor({ state: 'hidden' });
      await heading(page, 'Вход');
    },
    { signedIn: false, contextOptions: { isMobile: true, hasTouch: true } },
  );
});

// ---- Storage ----

test('storage: equipment by the names the club gave it, the rental terms before renting, renting asked first, the lock picks the main button, no bare links (phone and desktop)', async () => {
  // The club names compartment 10 in the dashboard's settings.
  const adminEmail = await player('storage-admin', 'Светлана');
  await database((db) => db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [adminEmail]));
  const admin = apiClient(env.product.base);
  assert.equal((await admin.login(adminEmail, PASSWORD)).status, 200);
  const named = await fetch(`${env.product.base}/api/admin/settings/equipment_10_name`, {
    method: 'PUT',
    headers: { cookie: admin.cookieHeader(), 'X-CSRFToken': admin.csrfToken(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: 'Ракетки Babolat (2 шт.)' }),
  });
  assert.equal(named.status, 200);
  const email = await player('storage');

  await asPlayer('storage-phone', viewports.phone, email, async (page, snap) => {
    const plainLinks = () =>
      page.$$eval('a', (links) =>
        links
          .filter((link) => ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'].includes(getComputedStyle(link).color))
          .map((link) => link.textContent),
      );
    assert.deepEqual(await plainLinks(), [], 'links on my games');
    await page.goto(`${env.product.base}/box_reserve`);
    await heading(page, 'Ящики и инвентарь');
    await page.getByRole('heading', { level: 3, name: 'Ракетки Babolat (2 шт.)' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Мячи' }).waitFor();
    // The rental's terms are on the screen before a shelf is chosen.
    await page.getByRole('heading', { level: 3, name: 'Условия аренды' }).waitFor();
    await snap('storage');

    const free = page.getByRole('button', { name: /арендовать$/ }).first();
    const shelf = /Ящик (\d+)/.exec(await free.getAttribute('aria-label'))[1];
    await free.click();
    const confirm = page.getByRole('dialog', { name: `Арендовать ящик №${shelf}?` });
    await confirm.waitFor();
    await snap('rent-confirm');
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await free.click();
    await confirm.getByRole('button', { name: 'Арендовать' }).click();
    await toast(page, 'Ящик арендован');
    await heading(page, 'Мой ящик');
    await page.getByText('Замок закрыт').waitFor();
    const mainButton = () => page.locator('.actions button.primary').textContent();
    assert.equal(await mainButton(), 'Открыть ящик');
    await page.getByRole('button', { name: 'Открыть ящик' }).click();
    await page.getByText('Замок открыт').waitFor();
    // The messages («Ящик арендован», «Ящик открыт») keep clear of the buttons they report on.
    await toast(page, 'Ящик открыт');
    assert.deepEqual(await buttonsUnderToasts(page), []);
    await until(async () => (await agentState(env.product)).relays[`shelf-${shelf}`], `shelf ${shelf} to open`);
    // Open, the main button is the one that closes it.
    assert.equal(await mainButton(), 'Закрыть ящик');
    await snap('my-shelf-open');
    await page.getByRole('button', { name: 'Закрыть ящик' }).click();
    await page.getByText('Замок закрыт').waitFor();

    // Back on the storage screen the way to my shelf is a button, like every other link.
    await page.goto(`${env.product.base}/box_reserve`);
    const mine = page.getByRole('link', { name: 'Мой ящик' });
    await mine.waitFor();
    assert.equal(await mine.getAttribute('class'), 'button');
    assert.deepEqual(await plainLinks(), [], 'links on the storage screen');
    await snap('storage-mine');
  });
  // The same screens on a desktop: the terms beside the shelves, the lock's main button.
  await asPlayer('storage-desktop', viewports.desktop, email, async (page, snap) => {
    await page.goto(`${env.product.base}/box_reserve/user_reserved`);
    await page.getByText('Замок закрыт').waitFor();
    assert.equal(await page.locator('.actions button.primary').textContent(), 'Открыть ящик');
    await snap('my-shelf-closed');
  });
  const second = await player('storage-desktop');
  await asPlayer('storage-desktop-new', viewports.desktop, second, async (page, snap) => {
    await page.goto(`${env.product.base}/box_reserve`);
    await page.getByRole('heading', { level: 3, name: 'Условия аренды' }).waitFor();
    await snap('storage');
  });
});
