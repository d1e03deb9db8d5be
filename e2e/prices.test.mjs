// What the club charges, on the product `npm start` runs, in Chromium: the owner adds a price in the
// dashboard, the week's grid shows it before saving and on the list after; a phone reads the same.
// Screens go to e2e/artifacts/prices-*.png, checked with axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminJourney } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';

const env = useProductAndBrowser();
const OWNER = { email: `prices-owner-${Date.now()}@example.com`, password: 'Корт-2026-цены!', name: 'Ольга' };

test('the owner adds a weekday evening price: the grid shows it before saving, the list after, on a desktop and a phone', async () => {
  await registerAccount(env.product, OWNER);
  await withDatabase(env.product, (db) => db.query(`UPDATE users SET role = 'owner' WHERE email = $1`, [OWNER.email]));
  await adminJourney(
    { browser: env.browser, base: env.product.base, admin: OWNER, name: 'prices-desktop', viewport: viewports.desktop },
    async (page, snap) => {
      await page.getByRole('menuitem', { name: 'Цены' }).click();
      await page.getByText('Цен пока нет: все часы бесплатны.', { exact: false }).waitFor();
      await snap('empty');
      await page.getByRole('link', { name: 'Создать' }).click();
      await page.getByRole('textbox', { name: 'Название' }).fill('Вечер будней');
      await page.getByRole('textbox', { name: 'Цена за час' }).fill('1500');
      for (const day of ['пн', 'вт', 'ср', 'чт', 'пт']) await page.getByRole('checkbox', { name: day }).check();
      await page.getByRole('combobox', { name: 'С' }).click();
      await page.getByRole('option', { name: '18:00' }).click();
      await page.getByRole('combobox', { name: 'До' }).click();
      await page.getByRole('option', { name: '23:00' }).click();
      const grid = page.getByRole('region', { name: 'Неделя после сохранения (для игрока, не спортивной школы)' });
      const evening = grid.getByRole('row', { name: /^18:00/ });
      await evening.getByText('1\u00a0500\u00a0₽').first().waitFor();
      assert.equal(await evening.getByText('1\u00a0500\u00a0₽').count(), 5);
      await snap('create');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Цена «Вечер будней» добавлена').waitFor();
      const now = page.getByRole('region', { name: 'Неделя по ценам сейчас (для игрока, не спортивной школы)' });
      await now
        .getByRole('row', { name: /^22:00/ })
        .getByText('1\u00a0500\u00a0₽')
        .first()
        .waitFor();
      await page.getByRole('cell', { name: 'Вечер будней' }).waitFor();
      await snap('list');
    },
  );
  await adminJourney(
    { browser: env.browser, base: env.product.base, admin: OWNER, name: 'prices-phone', viewport: viewports.phone },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/prices`);
      await page.getByText('Вечер будней · 1\u00a0500\u00a0₽').waitFor();
      await snap('list');
    },
  );
  const { rows } = await withDatabase(env.product, (db) =>
    db.query(`SELECT site_id, amount_kopecks, weekdays::int[] AS weekdays, from_hour, to_hour FROM prices`),
  );
  assert.deepEqual(rows, [
    { site_id: 'default', amount_kopecks: 150000, weekdays: [1, 2, 3, 4, 5], from_hour: 18, to_hour: 23 },
  ]);
});
