// The player's whole week in the app, on a phone or a desktop: register (code from MailDev), book a
// game (its summary confirmed), see it in my games, cancel another, open the door with the code from
// the agent's display (which forgets the code at once), end the game (confirmed: the card says it is
// over), rent (confirmed) and release a shelf, change the password, log out. Used by player-journey
// (the product as `npm start` runs it) and scale-out (two replicas behind nginx). Every screen is
// saved to e2e/artifacts/journey-<name>-NN-<screen>.png and checked with axe.
import assert from 'node:assert/strict';
import contracts from '@kort/contracts';
import pg from 'pg';
import { accessibilityProblems } from './axe.mjs';
import { writeQrVideo } from './fake-camera.mjs';
import { artifacts } from './browser.mjs';
import { nextMail } from './mail.mjs';
import { gameOnNow } from './players.mjs';
import { agentState } from './product.mjs';
import { until } from './wait.mjs';

const SITE_ZONE = 'Europe/Moscow'; // SITE_TIMEZONE's default, which `npm start` uses

/** 'YYYY-MM-DD' of the club's local day `days` from now. */
const clubDate = (days) => contracts.wallClock(new Date(Date.now() + days * 86_400_000), SITE_ZONE).date;

/** The calendar button's accessible name starts like '29 ноября 2026'. */
const dayLabel = (date) => {
  const [year, month, day] = date.split('-').map(Number);
  return new RegExp(`^${day} ${contracts.monthsGenitive[month - 1]} ${year}`);
};

/** The phone number the API stored for the account. */
async function storedPhone(product, email) {
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    return (await db.query(`SELECT phone_number FROM users WHERE email = $1`, [email])).rows[0]?.phone_number;
  } finally {
    await db.end();
  }
}

/**
 * The journey in a new browser context of `browser` against `product` (anything startProduct-like:
 * base, mailUrl, displayUrl, databaseUrl). `camera`: the fake camera's Y4M file, for the phone's
 * QR scan (the browser must have been launched with fakeCameraArgs(camera)).
 */
export async function playerJourney({ browser, product, name, viewport, court, camera }) {
  const context = await browser.newContext({ viewport, isMobile: name === 'phone', hasTouch: name === 'phone' });
  const page = await context.newPage();
  const { base, mailUrl, displayUrl } = product;
  let shot = 0;
  // Every screen is photographed and checked with axe (WCAG 2 A/AA, serious and critical).
  const problems = [];
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/journey-${name}-${String(++shot).padStart(2, '0')}-${screen}.png` });
    if (screen !== 'FAILED') problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  const heading = (text) => page.getByRole('heading', { name: text, exact: true }).waitFor();
  const toast = async (text) => {
    await page.locator('.toast', { hasText: text }).first().waitFor();
  };
  const menu = async (item) => {
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Меню' }).click();
      await page.getByRole('dialog', { name: 'Меню' }).waitFor();
      if (item === 'Мои игры') await snap('menu');
      await page
        .getByRole('dialog')
        .getByRole(item === 'Выйти' ? 'button' : 'link', { name: item })
        .click();
    } else {
      await page
        .getByRole('navigation', { name: 'Главное меню' })
        .getByRole(item === 'Выйти' ? 'button' : 'link', { name: item })
        .click();
    }
  };

  try {
    await steps();
    assert.deepEqual(problems, [], 'accessibility problems on the screens');
  } catch (failure) {
    await snap('FAILED').catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }

  async function steps() {
    // Register: details, password and consents, then the code from the letter.
    const email = `journey-${name}-${Date.now()}@example.com`;
    const password = 'Корт-2026-start';
    await page.goto(`${base}/login`);
    await heading('Вход');
    await snap('login');
    await page.getByRole('link', { name: 'Регистрация' }).click();
    await heading('Регистрация');
    await page.getByLabel('E-mail').fill(email);
    // A leading 8 or +7 is the country code, however typed (key by key, as a thumb types it).
    await page.getByLabel('Телефон').pressSequentially(name === 'phone' ? '89031234567' : '+79031234567');
    assert.equal(await page.getByLabel('Телефон').inputValue(), '+7 (903) 123-45-67');
    await page.getByLabel('Имя').fill(name === 'phone' ? 'Ольга' : 'Пётр');
    await snap('register-details');
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByLabel('Пароль ещё раз').fill(password);
    await page.getByLabel('Я принимаю').check();
    await page.getByLabel('Я даю согласие на').check();
    await snap('register-password');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const code = /(\d{4})/.exec((await nextMail(mailUrl, email)).subject)[1];
    await page.getByLabel('Цифра 1').waitFor();
    await snap('register-code');
    await page.getByLabel('Цифра 1').click();
    await page.keyboard.type(code);

    // My games: none yet, the club's contacts, the add-game button.
    await heading('Мои игры');
    assert.equal(await storedPhone(product, email), '+79031234567');
    await page.getByText('У вас пока нет игр').waitFor();
    await page.getByText('Администратор клуба').waitFor();
    await snap('my-games-empty');

    // Book two games a week apart (ISO weeks: at most 2 a week), then cancel the later one.
    const bookings = [clubDate(7), clubDate(14)];
    for (const date of bookings) {
      await page.getByRole('button', { name: 'Забронировать игру' }).click();
      await heading('Выберите дату');
      const day = page.getByRole('button', { name: dayLabel(date) });
      const calendarReady = () => page.locator('table[role="grid"][aria-busy="false"]').waitFor();
      await calendarReady();
      if (!(await day.isVisible())) {
        await page.getByRole('button', { name: 'Следующий месяц' }).click();
        await calendarReady();
      }
      if (date === bookings[0]) await snap('reserve-date');
      await day.click();
      await heading('Выберите время');
      const hour = page.getByRole('radio', { name: /^18:00/ });
      await hour.click();
      assert.equal(await hour.getAttribute('aria-checked'), 'true');
      if (date === bookings[0]) await snap('reserve-time');
      await page.getByRole('button', { name: 'Далее' }).click();
      await heading('Выберите корт');
      const free = page.locator('.courts button:not([disabled])').first();
      await free.waitFor();
      if (date === bookings[0]) await snap('reserve-court');
      await free.click();
      // Choosing the court books nothing yet: one button under the summary does.
      await heading('Проверьте бронирование');
      if (date === bookings[0]) await snap('reserve-summary');
      await page.getByRole('button', { name: 'Подтвердить бронирование' }).click();
      await toast('Корт забронирован');
      await heading('Мои игры');
    }
    const games = page.locator('.games li');
    await until(async () => (await games.count()) === 2, 'two games in my games');
    assert.match(await games.first().textContent(), /18:00/);
    await snap('my-games-two');

    await games.nth(1).getByRole('button').click();
    await heading('Игра');
    assert.equal(await page.getByRole('button', { name: 'Открыть дверь' }).isDisabled(), true);
    await snap('game-card-future');
    await page.getByRole('button', { name: 'Отменить игру' }).click();
    await page.getByRole('dialog', { name: 'Точно хотите отменить игру?' }).waitFor();
    await snap('game-cancel-confirm');
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await toast('Игра успешно отменена');
    await heading('Мои игры');
    await until(async () => (await games.count()) === 1, 'one game left');

    // A game on now: open the door with the code shown on the door's screen, then end the game.
    await gameOnNow(product, email, court);
    await page.reload();
    await heading('Мои игры');
    await until(async () => (await games.count()) === 2, 'the game on now in my games');
    await page.locator('.game.today').click();
    await heading('Игра');
    await snap('game-card-today');
    await page.getByRole('button', { name: 'Открыть дверь' }).click();
    await page.getByRole('dialog', { name: 'Открыть дверь' }).waitFor();
    const display = await until(async () => (await agentState(product)).display, 'the code on the door display');
    assert.match(display.code, /^\d{4}$/);
    // The door's screen stays in view while the player types: it must forget the code once it worked.
    const doorPage = await context.newPage();
    await doorPage.goto(displayUrl);
    await doorPage.getByText(display.code).first().waitFor();
    await doorPage.screenshot({ path: `${artifacts}/journey-${name}-door-display.png` });
    await page.bringToFront();
    await snap('door-modal');
    const wrong = display.code === '0000' ? '1111' : '0000';
    await page.getByLabel('Цифра 1').click();
    await page.keyboard.type(wrong);
    await page.getByRole('dialog').getByText('Неверный код').waitFor();
    await snap('door-wrong-code');
    if (name === 'phone') {
      // At the door a phone scans the QR on the screen (the camera films the display's QR).
      // First a QR that is not a door code (a link): refused, and the camera keeps looking.
      await writeQrVideo(camera, 'https://kort.example/');
      await page.getByRole('button', { name: 'Сканировать QR-код' }).click();
      await page.getByText('Это не код двери').waitFor();
      await snap('door-scanning-not-a-code');
      await page.getByRole('button', { name: 'Ввести код вручную' }).click();
      // The camera is released; the next scan films the display's QR.
      await writeQrVideo(camera, display.code);
      await page.getByRole('button', { name: 'Сканировать QR-код' }).click();
    } else {
      await page.getByLabel('Цифра 1').click();
      await page.keyboard.type(display.code);
    }
    await toast('Дверь открыта!');
    await until(async () => (await agentState(product)).relays.door, 'the door relay to open');
    // Right away the door's screen has no code: its idle text instead (it refreshes every second).
    await doorPage.getByText('Код появится здесь').waitFor({ timeout: 5_000 });
    assert.equal(await doorPage.getByText(display.code, { exact: true }).count(), 0);
    assert.equal((await agentState(product)).display, null);
    await doorPage.screenshot({ path: `${artifacts}/journey-${name}-door-display-after-open.png` });
    await doorPage.close();
    await page.bringToFront();
    await page.locator('.game-card', { hasText: 'Идёт игра' }).waitFor();
    await snap('door-opened');

    // Ending asks first; then the card says the game is over and offers neither door nor end.
    await page.getByRole('button', { name: 'Завершить игру' }).click();
    await page.getByRole('dialog', { name: 'Завершить игру?' }).waitFor();
    await snap('game-end-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Да, завершить' }).click();
    await toast('Игра успешно завершена');
    await page.locator('.game-card', { hasText: 'Игра завершена' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Открыть дверь' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Завершить игру' }).count(), 0);
    await snap('game-over');
    await page.getByRole('button', { name: 'Назад' }).click();
    await heading('Мои игры');
    await page.locator('.game', { hasText: 'Игра завершена' }).waitFor();

    // Storage: rent a free shelf, open and close it, end the rental.
    await menu('Ящики и инвентарь');
    await heading('Ящики и инвентарь');
    const rent = page.getByRole('button', { name: /арендовать$/ }).first();
    await rent.waitFor();
    await snap('storage');
    const shelfNumber = /Ящик (\d+)/.exec(await rent.getAttribute('aria-label'))[1];
    await rent.click();
    await page.getByRole('dialog', { name: `Арендовать ящик №${shelfNumber}?` }).waitFor();
    await snap('rent-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Арендовать' }).click();
    await toast('Ящик арендован');
    await heading('Мой ящик');
    await page.getByText('Замок закрыт').waitFor();
    await page.getByRole('button', { name: 'Открыть ящик' }).click();
    await toast('Ящик открыт');
    await page.getByText('Замок открыт').waitFor();
    await until(async () => (await agentState(product)).relays[`shelf-${shelfNumber}`], `shelf ${shelfNumber} to open`);
    await snap('my-shelf-open');
    await page.getByRole('button', { name: 'Закрыть ящик' }).click();
    await toast('Ящик закрыт');
    await until(
      async () => !(await agentState(product)).relays[`shelf-${shelfNumber}`],
      `shelf ${shelfNumber} to close`,
    );
    await page.getByRole('button', { name: 'Завершить аренду' }).click();
    await page.getByRole('dialog', { name: 'Завершить аренду ящика?' }).waitFor();
    await snap('end-rental-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Завершить аренду' }).click();
    await toast('Аренда ящика завершена');
    await heading('Ящики и инвентарь');

    // The profile: read-only data, then a new password.
    await menu('Профиль');
    await heading('Профиль');
    await page.getByText(email).waitFor();
    await page.getByText('+7 (903) 123-45-67').waitFor();
    await snap('account');
    const newPassword = 'Корт-2026-new!';
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    await page.getByLabel('Новый пароль', { exact: true }).fill(newPassword);
    await page.getByLabel('Новый пароль ещё раз').fill(newPassword);
    await snap('change-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Сменить пароль' }).click();
    await toast('Пароль успешно изменён');

    // Log out, and back in with the new password.
    await menu('Мои игры');
    await heading('Мои игры');
    await menu('Выйти');
    await heading('Вход');
    await snap('logged-out');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByLabel('Пароль').fill(newPassword);
    await page.getByRole('button', { name: 'Войти' }).click();
    await heading('Мои игры');
  }
}
