// Door and Pi alerts on the product `npm start` runs (docs/decisions/0103-alerts.md): its simulated
// agent forces the door (its debug route, as the door screen's panel does), and the admin's home
// page, already open, shows the red banner within seconds with no reload; «Принять» says who took it
// on; «Тревоги» lists it; the door shut, the banner goes. On a phone (390 px) and a desktop, no axe
// finding; on the phone every control a finger's height. Screens go to e2e/artifacts/admin-alerts-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminJourney, shortControls } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const ADMIN = { email: `alerts-admin-${Date.now()}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };

/** The simulated agent brings about (`on`) or ends the alarm's condition, as its door screen's panel does. */
async function simulate(alarm, on) {
  const response = await fetch(`${env.product.displayUrl}/debug/alarm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alarm, on }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The site's alerts of a kind not resolved, as the database holds them. */
const unresolved = (kind) =>
  withDatabase(env.product, async (db) => {
    const { rows } = await db.query(`SELECT id FROM alerts WHERE kind = $1 AND resolved_at IS NULL`, [kind]);
    return rows.length;
  });

test('setting the scene: an admin of the club', async () => {
  await registerAccount(env.product, ADMIN);
  await withDatabase(env.product, (db) => db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [ADMIN.email]));
});

for (const size of ['phone', 'desktop']) {
  test(`${size}: a forced door is a red banner on the open home page, taken on with «Принять», listed, gone when shut`, () =>
    adminJourney(
      {
        browser: env.browser,
        base: env.product.base,
        admin: ADMIN,
        name: `admin-alerts-${size}`,
        viewport: viewports[size],
      },
      async (page, snap) => {
        const banner = page.getByRole('region', { name: /^Тревоги на площадке/ });
        await page.getByRole('heading', { name: 'Свет и дверь' }).first().waitFor();
        assert.equal(await banner.count(), 0, 'no banner while all is well');

        const raised = Date.now();
        await simulate('door.forced', true);
        await banner.getByText('Дверь открыта без команды').waitFor({ timeout: 10_000 });
        assert.ok(Date.now() - raised < 10_000, 'the banner within 10 s, with no reload');
        await banner.getByText('Датчик: дверь открылась без команды, кода или кнопки выхода').waitFor();
        if (size === 'phone') {
          const banners = await banner.boundingBox();
          const devices = await page.getByRole('heading', { name: 'Свет и дверь' }).first().boundingBox();
          assert.ok(banners.y < devices.y, 'the banner first on a phone');
          assert.ok(banners.x + banners.width <= viewports.phone.width, 'the banner fits the phone');
          assert.deepEqual(await shortControls(page), [], 'every control a finger’s height');
        }
        await snap('banner');

        await banner.getByRole('button', { name: 'Принять тревогу «Дверь открыта без команды»' }).click();
        await banner.getByText(new RegExp(`^Принята: ${ADMIN.name}, \\d\\d:\\d\\d$`)).waitFor();
        await snap('acknowledged');

        await banner.getByRole('link', { name: 'Все тревоги' }).click();
        await page.waitForURL(/\/admin\/alerts/);
        // The list itself, not the home page still on screen while the list's code loads.
        await page.getByRole('combobox', { name: 'Состояние' }).waitFor();
        const forced = (size === 'phone' ? page.getByRole('listitem') : page.getByRole('row')).filter({
          hasText: 'Дверь открыта без команды',
        });
        await forced
          .first()
          .getByText(new RegExp(`Принята: ${ADMIN.name}`))
          .waitFor();
        if (size === 'phone') assert.deepEqual(await shortControls(page), [], 'the list’s controls a finger’s height');
        await snap('list');

        await simulate('door.forced', false);
        await until(async () => (await unresolved('door.forced')) === 0, 'the forced door resolved');
        await page.goto(`${env.product.base}/admin/`);
        await page.getByRole('heading', { name: 'Свет и дверь' }).first().waitFor();
        await until(async () => (await banner.count()) === 0, 'the banner gone');
      },
    ));
}
