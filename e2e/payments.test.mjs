// A club that charges, on the product `npm start` runs (with its test double of YooKassa), in
// Chromium on a desktop and a phone: a priced hour shows its price, is held for its payment, paid on
// the test double's page («Оплатить»), «Оплачено» in My games; cancelled three days ahead, the whole
// amount comes back and the player's letter says «Возвращено 1 500 ₽». Screens go to
// e2e/artifacts/payments-*.png, checked with axe. Then the club's side: «Платежи» with the refund,
// a refund from the dashboard, and the revenue on «Статистика».
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminJourney } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { nextMail } from './support/mail.mjs';
import { asPlayer, clubDay, dialOf, heading } from './support/player-pages.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';

const env = useProductAndBrowser();
const RUB = '1\u00a0500\u00a0₽';

async function priceEveryHour() {
  await withDatabase(env.product, (db) =>
    db.query(
      `INSERT INTO prices (site_id, name, weekdays, from_hour, to_hour, amount_kopecks)
       SELECT 'default', 'Весь день', '{1,2,3,4,5,6,7}', 6, 24, 150000
        WHERE NOT EXISTS (SELECT 1 FROM prices WHERE site_id = 'default')`,
    ),
  );
}

for (const [name, viewport, hour, method] of [
  ['desktop', viewports.desktop, 18, 'Оплатить картой'],
  ['phone', viewports.phone, 19, 'Оплатить через СБП'],
]) {
  test(`${name}: a priced hour is paid on YooKassa's page, «Оплачено»; cancelled three days ahead, «Возвращено ${RUB}»`, async () => {
    await priceEveryHour();
    const player = { email: `pay-${name}-${Date.now()}@example.com`, password: 'Корт-2026-оплата!', name: 'Анна' };
    await registerAccount(env.product, player);
    const date = clubDay(3);
    await asPlayer(
      { browser: env.browser, base: env.product.base, viewport, ...player, name: `payments-${name}` },
      async (page, snap) => {
        await dialOf(page, date);
        await heading(page, 'Выберите время');
        const slot = page.getByRole('radio', { name: new RegExp(`^${hour}:00`) });
        await slot.getByText(RUB).waitFor();
        await snap('dial');
        await slot.click();
        await page.getByRole('button', { name: 'Далее' }).click();
        await heading(page, 'Выберите корт');
        await page.getByText(`Стоимость: ${RUB}`).waitFor();
        await page.locator('.courts button:not([disabled])').first().click();
        await heading(page, 'Проверьте бронирование');
        await page.getByText('К оплате').waitFor();
        await snap('summary');
        await page.getByRole('button', { name: 'Подтвердить бронирование' }).click();

        // The game is held: the payment step, its countdown, the two ways to pay.
        await heading(page, 'Оплата игры');
        await page.getByText(/Игра ждёт оплаты ещё \d+:\d\d/).waitFor();
        await snap('pay-step');
        await page.getByRole('button', { name: method }).click();

        // The test double's page, as YooKassa's would be: pay.
        await page.waitForURL(/\/checkout\//);
        const pay = page.getByRole('button', { name: 'Оплатить', exact: true });
        await pay.waitFor();
        await snap('yookassa');
        await pay.click();

        // Back in My games: the payment is checked, then the game reads as paid.
        await heading(page, 'Мои игры');
        await page.getByText('Оплачено', { exact: true }).first().waitFor({ timeout: 20_000 });
        await page.getByText(`Оплачено ${RUB}`).first().waitFor();
        await snap('paid');

        // Three days ahead: the cancel question says all of it comes back.
        await page.locator('.games li').first().getByRole('button').first().click();
        await heading(page, 'Игра');
        await page.getByRole('button', { name: 'Отменить игру' }).click();
        const question = page.getByRole('dialog', { name: 'Точно хотите отменить игру?' });
        await question.getByText(`Вернём ${RUB} тем же способом, которым вы платили.`).waitFor();
        await snap('cancel-question');
        await page.getByRole('button', { name: 'Да, отменить' }).click();
        await heading(page, 'Мои игры');
      },
    );
    const letter = await nextMail(env.product.mailUrl, player.email, 20_000);
    assert.equal(letter.subject, `Возвращено ${RUB}`);
    const { rows } = await withDatabase(env.product, (db) =>
      db.query(
        `SELECT r.amount_kopecks, r.status, r.cause FROM refunds r JOIN payments p ON p.id = r.payment_id
           JOIN users u ON u.id = p.user_id WHERE u.email = $1`,
        [player.email],
      ),
    );
    assert.deepEqual(rows, [{ amount_kopecks: 150000, status: 'succeeded', cause: 'player_cancel' }]);
  });
}

test('the admin sees the payments and their refunds, refunds part of one, and reads the revenue; on a desktop and a phone', async () => {
  await priceEveryHour();
  const admin = { email: `pay-owner-${Date.now()}@example.com`, password: 'Корт-2026-касса!', name: 'Ольга' };
  await registerAccount(env.product, admin);
  await withDatabase(env.product, (db) => db.query(`UPDATE users SET role = 'owner' WHERE email = $1`, [admin.email]));
  // A paid game of a player of its own, through the API as the app would, paid on the test double.
  const player = { email: `pay-admin-side-${Date.now()}@example.com`, password: 'Корт-2026-оплата!', name: 'Борис' };
  const client = await registerAccount(env.product, player);
  const booked = await client.post('/api/order-court/2/', {
    id_cort: 2,
    time_start: `${clubDay(4)}T20:00:00+03:00`,
    players_count: 2,
  });
  assert.equal(booked.status, 200);
  const paying = await client.post('/api/payments/', { booking_id: booked.body.id, method: 'bank_card' });
  assert.equal(paying.status, 200);
  const checkout = new URL(paying.body.confirmation_url);
  await fetch(new URL(`${checkout.pathname}/pay`, checkout), { method: 'POST', redirect: 'manual' });
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await withDatabase(env.product, (db) =>
      db.query(`SELECT status FROM payments WHERE id = $1`, [paying.body.payment_id]),
    );
    if (rows[0]?.status === 'succeeded') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin,
      name: 'payments-admin-desktop',
      viewport: viewports.desktop,
    },
    async (page, snap) => {
      await page.getByRole('menuitem', { name: 'Платежи' }).click();
      await page.getByRole('link', { name: player.name }).first().waitFor();
      await snap('list');
      await page.goto(`${env.product.base}/admin/payments/${paying.body.payment_id}/show`);
      await page.getByRole('button', { name: 'Вернуть деньги' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Сумма/ }).fill('500');
      await dialog.getByRole('textbox', { name: /Причина/ }).fill('Не работал свет');
      await snap('refund-dialog');
      await dialog.getByRole('button', { name: /^Вернуть 500/ }).click();
      // The record read again: what can still be returned is 1 000 ₽, and the refund is listed.
      await page.getByText('1\u00a0000\u00a0₽').first().waitFor();
      await page.getByRole('cell', { name: 'Не работал свет' }).or(page.getByText('Не работал свет')).first().waitFor();
      // react-admin refreshes the record: its spinner goes before the screen is read.
      await page.locator('.MuiCircularProgress-root').first().waitFor({ state: 'detached' });
      await snap('refunded');
      await page.goto(`${env.product.base}/admin/stats`);
      await page.getByText('Деньги за игры').first().waitFor();
      await page.getByText('Считаем…').first().waitFor({ state: 'detached' });
      await snap('revenue');
    },
  );
  await adminJourney(
    { browser: env.browser, base: env.product.base, admin, name: 'payments-admin-phone', viewport: viewports.phone },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/payments`);
      await page.getByText(player.name).first().waitFor();
      await snap('list');
    },
  );
  const { rows } = await withDatabase(env.product, (db) =>
    db.query(`SELECT amount_kopecks, cause FROM refunds WHERE payment_id = $1`, [paying.body.payment_id]),
  );
  assert.deepEqual(rows, [{ amount_kopecks: 50000, cause: 'admin' }]);
});
