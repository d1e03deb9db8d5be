// The player app served by `npm start` at /: logging in through its screens, phone and desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { artifacts, viewports } from './support/browser.mjs';
import { nextMail } from './support/mail.mjs';
import { acceptRulesScreen, confirmedPlayer as playerAccount, gameOnNow, logIn as signIn } from './support/players.mjs';
import { useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();

/** A confirmed player who has not accepted the club rules yet (the 451 screen greets the login). */
const confirmedPlayer = (page, name) => playerAccount(page, env.product, { name });

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a player logs in, accepts the club rules on the 451 screen, and sees my games (${name})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const { email, password } = await confirmedPlayer(page, name);

    await page.goto(`${env.product.base}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.screenshot({ path: `${artifacts}/player-login-email-${name}.png` });
    await page.getByRole('button', { name: 'Далее' }).click();

    await page.getByLabel('Пароль').fill('Не-тот-пароль-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByRole('alert').textContent(), 'Неверный e-mail или пароль');
    await page.screenshot({ path: `${artifacts}/player-login-error-${name}.png` });

    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    // This account has not accepted the rules (the API answers 451): the acceptance screen first.
    await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
    await page.getByRole('button', { name: 'правила клуба' }).click();
    await page.getByRole('dialog').getByText('Правила пользования кортом').waitFor();
    await page.screenshot({ path: `${artifacts}/player-rules-text-${name}.png` });
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByLabel('Я принимаю').check();
    await page.getByLabel('Я даю согласие на').check();
    await page.screenshot({ path: `${artifacts}/player-rules-acceptance-${name}.png` });
    await page.getByRole('button', { name: 'Принять' }).click();

    await page.getByRole('heading', { name: 'Мои игры' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile');
    if (name === 'desktop') {
      // The side menu carries the player's name.
      await page.getByRole('navigation', { name: 'Главное меню' }).getByText('Ирина').waitFor();
    } else {
      await page.getByRole('button', { name: 'Меню' }).click();
      await page.getByRole('dialog', { name: 'Меню' }).getByText('Ирина').waitFor();
    }
    await page.screenshot({ path: `${artifacts}/player-after-login-${name}.png` });
    await context.close();
  });
}

test('a player who forgot the password gets a code by e-mail and sets a new one (phone)', async () => {
  const context = await env.browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  const { email } = await confirmedPlayer(page, 'recovery');
  await page.goto(`${env.product.base}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Восстановить пароль' }).click();
  const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
  assert.equal(await dialog.getByLabel('E-mail').inputValue(), email);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  const code = /(\d{4})/.exec((await nextMail(env.product.mailUrl, email)).subject)[1];
  await dialog.getByLabel('Цифра 1').waitFor();
  await page.screenshot({ path: `${artifacts}/player-recovery-code-phone.png` });
  await dialog.getByLabel('Цифра 1').click();
  await page.keyboard.type(code);
  const fresh = 'Новый-пароль-7';
  await dialog.getByLabel('Новый пароль', { exact: true }).fill(fresh);
  await dialog.getByLabel('Новый пароль ещё раз').fill('Другой-пароль-7');
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await dialog.getByText('Новые пароли не совпадают').waitFor();
  await page.screenshot({ path: `${artifacts}/player-recovery-mismatch-phone.png` });
  await dialog.getByLabel('Новый пароль ещё раз').fill(fresh);
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.locator('.toast', { hasText: 'Пароль успешно изменён' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('Пароль').fill(fresh);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
  await context.close();
});

test('unknown paths of the player app go to /profile, which sends a visitor without a session to /login', async () => {
  const page = await env.browser.newPage({ viewport: viewports.phone });
  await page.goto(`${env.product.base}/some/unknown/path`);
  await page.getByLabel('E-mail').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  await page.close();
});

/** Signs `email` in through the login screens (the account exists and is confirmed). */
const logIn = (page, email, password) => signIn(page, env.product, { email, password });

test('an admin who opens the player app is sent to the dashboard at /admin/', async () => {
  const page = await env.browser.newPage({ viewport: viewports.desktop });
  const { email, password } = await confirmedPlayer(page, 'admin');
  const db = new pg.Client({ connectionString: env.product.databaseUrl });
  await db.connect();
  await db.query(`UPDATE users SET role = 'admin', rules_accepted_at = now() WHERE email = $1`, [email]);
  await db.end();
  await logIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/admin/');
  await page.close();
});

test('without an answer from the API the app shows the network-failure screen, and retry recovers', async () => {
  const page = await env.browser.newPage({ viewport: viewports.phone });
  const { email, password } = await confirmedPlayer(page, 'offline');
  await logIn(page, email, password);
  await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
  // The network drops: no call gets an answer at all (the screen asks beside the shell's check).
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await page.getByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' }).waitFor();
  await page.screenshot({ path: `${artifacts}/player-network-failure-phone.png` });
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Повторить' }).click();
  await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
  await page.close();
});

test('a phone turned sideways is asked to turn back by a banner, the app working below it; upright, the banner goes', async () => {
  const context = await env.browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const { email, password } = await confirmedPlayer(page, 'rotate');
  await logIn(page, email, password);
  await acceptRulesScreen(page);
  await page.getByRole('heading', { name: 'Мои игры' }).waitFor();
  const warning = page.getByText('Поверните телефон вертикально');
  assert.equal(await warning.isVisible(), false);
  await page.setViewportSize({ width: viewports.phone.height, height: viewports.phone.width });
  await warning.waitFor();
  // A banner, not a wall: the page below it still works (its heading in view, its buttons lead on).
  assert.ok(await page.getByRole('heading', { name: 'Мои игры' }).isVisible());
  await page.screenshot({ path: `${artifacts}/player-rotate-warning-phone.png` });
  await page.getByRole('button', { name: 'Забронировать игру' }).click();
  await page.waitForURL('**/reserve');
  await page.setViewportSize(viewports.phone);
  await warning.waitFor({ state: 'hidden' });
  await context.close();
});

test("my games on a desktop show each game's whole hour beside the longest day texts, from 1024 px up", async () => {
  const context = await env.browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  const { email, password } = await confirmedPlayer(page, 'hours');
  // 18:00 on next week's Monday and Sunday, and on a September day of next year: the longest day texts
  // («пн, 30 ноября», and with its year «ср, 29 сентября 2027»: the longest month name).
  const db = new pg.Client({ connectionString: env.product.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT u.id, 1, d.day + interval '18 hours', d.day + interval '19 hours', 2
         FROM users u,
              (SELECT (date_trunc('week', now() AT TIME ZONE 'Europe/Moscow') + interval '1 week' + o * interval '1 day')
                        AT TIME ZONE 'Europe/Moscow' AS day
                 FROM unnest(ARRAY[0, 6]) AS o
               UNION ALL
               SELECT (date_trunc('year', now() AT TIME ZONE 'Europe/Moscow') + interval '1 year 8 months 28 days')
                        AT TIME ZONE 'Europe/Moscow') d
        WHERE u.email = $1`,
      [email],
    );
  } finally {
    await db.end();
  }
  await logIn(page, email, password);
  await acceptRulesScreen(page);
  await page.getByRole('heading', { name: 'Мои игры' }).waitFor();
  await page.locator('.games .game').nth(2).waitFor();
  for (const width of [1024, 1100, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const hours = await page.$$eval('.games .game', (cards) =>
      cards.map((card) => {
        const time = card.querySelector('.game-time');
        const box = card.getBoundingClientRect();
        const hour = time.getBoundingClientRect();
        const inside = hour.left >= box.left - 0.5 && hour.right <= box.right + 0.5;
        return { text: time.textContent, inside, whole: time.scrollWidth <= time.clientWidth };
      }),
    );
    assert.deepEqual(
      hours,
      hours.map(() => ({ text: '18:00', inside: true, whole: true })),
      `at ${width} px every hour is whole and inside its card`,
    );
    if (width === 1024) await page.screenshot({ path: `${artifacts}/player-my-games-hours-1024.png` });
  }
  await context.close();
});

// --- The first paint comes with the page (player-web/src/app/first-paint.tsx) ---

for (const [name, viewport] of Object.entries(viewports)) {
  test(`before any script runs, /login is the form and /reserve the frame with its heading (${name})`, async () => {
    const context = await env.browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.product.base}/login`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Вход');
    assert.ok(await page.getByLabel('E-mail').isVisible());
    // Sent by the app once it runs, never by the browser (a GET with the e-mail in the address).
    assert.ok(await page.getByRole('button', { name: 'Далее' }).isDisabled());
    await page.screenshot({ path: `${artifacts}/player-first-paint-login-${name}.png` });

    await page.goto(`${env.product.base}/reserve`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Выберите дату');
    const menu = name === 'desktop' ? page.getByRole('navigation', { name: 'Главное меню' }) : page.locator('.topbar');
    assert.ok(await menu.isVisible());
    await page.screenshot({ path: `${artifacts}/player-first-paint-reserve-${name}.png` });
    await context.close();
  });
}

test('what a player types into /login before the app has loaded stays, and is the address the app sends (phone)', async () => {
  const context = await env.browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  const { email } = await confirmedPlayer(page, 'early');
  const reactErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text()))
      reactErrors.push(message.text());
  });
  // The app's code is on its way (a phone on mobile data) while the page is already shown.
  let deliver;
  const delivered = new Promise((resolve) => (deliver = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => (await delivered, route.continue()));
  await page.goto(`${env.product.base}/login`, { waitUntil: 'commit' });
  const field = page.getByLabel('E-mail');
  await field.click();
  await page.keyboard.type(email);
  deliver();
  const next = page.getByRole('button', { name: 'Далее' });
  await page.waitForFunction(() => document.querySelector('button[type=submit]')?.disabled === false);
  assert.equal(await field.inputValue(), email);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
  await next.click();
  await page.getByLabel('Пароль').waitFor();
  assert.ok(await page.getByText(email, { exact: true }).isVisible(), 'the password step names the typed address');
  assert.deepEqual(reactErrors, []);
  await context.close();
});

const displayed = async () => (await (await fetch(`${env.product.displayUrl}/state.json`)).json()).display;

for (const [index, [name, viewport]] of Object.entries(viewports).entries()) {
  test(`the door screen's link opened while signed out: the login says so, then the door opens with its code (${name})`, async () => {
    const signedIn = await env.browser.newContext({ viewport });
    const atTheDoor = await env.browser.newContext({ viewport });
    const page = await signedIn.newPage();
    const { email, password } = await confirmedPlayer(page, `door-${name}`);
    await gameOnNow(env.product, email, 1 + index);

    // The player asks for a code on one device (the code goes to the door's screen)…
    await logIn(page, email, password);
    await acceptRulesScreen(page);
    await page.locator('.game.today').click();
    await page.getByRole('button', { name: 'Открыть дверь' }).click();
    const display = await until(displayed, 'the code on the door display');
    assert.match(display.code, /^\d{4}$/);

    // …and a phone signed out opens the QR's link: the login first, then the door with that code.
    const phone = await atTheDoor.newPage();
    await phone.goto(`${env.product.base}/game?door=${display.code}`);
    await phone.getByText('Войдите, чтобы открыть дверь').waitFor();
    assert.equal(new URL(phone.url()).pathname, '/login');
    await phone.screenshot({ path: `${artifacts}/player-door-link-login-${name}.png` });
    await phone.getByLabel('E-mail').fill(email);
    await phone.getByRole('button', { name: 'Далее' }).click();
    await phone.getByLabel('Пароль').fill(password);
    await phone.getByRole('button', { name: 'Войти' }).click();
    await phone.getByText('Дверь открыта!').waitFor();
    assert.equal(new URL(phone.url()).pathname, '/game');
    await phone.screenshot({ path: `${artifacts}/player-door-link-opened-${name}.png` });
    await signedIn.close();
    await atTheDoor.close();
  });
}

// --- An address that already has an account, typed at registration ---

for (const [name, viewport] of Object.entries(viewports)) {
  test(`registering with an address that has an account: said under the e-mail, «Восстановить пароль» opens on it (${name})`, async () => {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const { email } = await confirmedPlayer(page, `taken-${name}`);
    await page.goto(`${env.product.base}/register`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Имя').fill('Ирина');
    await page.getByRole('button', { name: 'Далее' }).click();
    const field = page.locator('.field', { has: page.getByLabel('E-mail') });
    await field.getByText('Пользователь с таким e-mail уже зарегистрирован').waitFor();
    await field.getByRole('link', { name: 'Войти' }).waitFor();
    await page.screenshot({ path: `${artifacts}/player-register-taken-${name}.png` });
    await field.getByRole('link', { name: 'Восстановить пароль' }).click();
    const recovery = page.getByRole('dialog', { name: 'Восстановление пароля' });
    assert.equal(await recovery.getByLabel('E-mail').inputValue(), email);
    await context.close();
  });
}
