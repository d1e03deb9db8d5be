// The admin's home page and logs after a real door opening on the product `npm start` runs (its
// simulated agent, whose door sensor follows the strike): on a phone «Быстрые действия» come first,
// then the light and door; on a desktop the two columns stay. «События двери» lists the stored
// events, still there after a reload; «Журнал команд» has one row for the opening, with what the
// sensor saw. Phone and desktop both pass axe. Screens go to e2e/artifacts/admin-home-logs-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminJourney } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { artifacts, viewports } from './support/browser.mjs';
import { agentState, useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const ADMIN = { email: `home-admin-${Date.now()}@example.com`, password: 'Админ-2026-пароль!', name: 'Светлана' };
const PLAYER = { email: `home-player-${Date.now()}@example.com`, password: 'Игрок-2026-пароль!', name: 'Олег' };
let gameId;

const journey = (size, steps) =>
  adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: ADMIN,
      name: `admin-home-logs-${size}`,
      viewport: viewports[size],
    },
    steps,
  );

test('setting the scene: an admin, and a player who opens the door with the code from its screen', async () => {
  await registerAccount(env.product, ADMIN);
  const player = await registerAccount(env.product, PLAYER);
  gameId = await withDatabase(env.product, async (db) => {
    await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [ADMIN.email]);
    const { rows } = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, (SELECT id FROM courts ORDER BY sort_order, id LIMIT 1), date_trunc('hour', now() + interval '10 minutes'),
              date_trunc('hour', now() + interval '10 minutes') + interval '1 hour', 2
         FROM users WHERE email = $1 RETURNING id`,
      [PLAYER.email],
    );
    return rows[0].id;
  });
  assert.equal((await player.get(`/api/send/${gameId}/`)).status, 200);
  const { code } = await until(async () => (await agentState(env.product)).display, 'the code on the door display');
  assert.equal((await player.post('/api/recieve/', { qr_code: code })).status, 200);
  // The simulated door swings with the strike: the agent reports the opening it saw.
  await until(
    () =>
      withDatabase(env.product, async (db) => {
        const { rows } = await db.query(
          `SELECT 1 FROM commands WHERE booking_id = $1 AND origin = 'agent' AND action = 'door.opened'`,
          [gameId],
        );
        return rows.length === 1;
      }),
    "the agent's door.opened in the log",
  );
});

/** The top and left of a card found by its heading. */
const boxOf = async (page, heading) => page.getByRole('heading', { name: heading, exact: true }).first().boundingBox();

/** «События двери» lists the stored opening (not pushed since the page opened). */
async function doorEventListed(page) {
  await page.getByRole('list', { name: 'События двери' }).getByText('Дверь открыли').waitFor();
  const item = page
    .getByRole('list', { name: 'События двери' })
    .getByRole('listitem')
    .filter({ hasText: 'Дверь открыли' });
  assert.match(await item.first().textContent(), new RegExp(`Игра №${gameId}`));
}

/** The log's rows (a table's body rows or the phone's list items) that mention the game's door. */
async function openingRows(page, small) {
  await page.getByText('Дверь: открыть на время').first().waitFor();
  const rows = small ? page.getByRole('main').getByRole('listitem') : page.getByRole('row');
  const door = rows.filter({ hasText: /Дверь: открыть на время|Дверь открыли/ });
  return door.allTextContents();
}

for (const size of ['phone', 'desktop']) {
  test(`${size}: the home page's order, the door's stored events after a reload, one log row per opening`, () =>
    journey(size, async (page, snap) => {
      const small = size === 'phone';
      const quick = await boxOf(page, 'Быстрые действия');
      const devices = await boxOf(page, 'Свет и дверь');
      if (small) {
        // One column: what the desk does most, first; the court's light and door under it.
        assert.ok(quick.y < devices.y, `quick actions (${quick.y}) above the devices (${devices.y})`);
        assert.ok(quick.y < viewports.phone.height, 'quick actions in the first screen');
      } else {
        // Two columns: the devices on the left, the quick actions on the right.
        assert.ok(devices.x < quick.x, 'devices left, quick actions right');
      }
      await doorEventListed(page);
      await snap('home');
      await page.screenshot({ path: `${artifacts}/admin-home-logs-${size}-home-full.png`, fullPage: true });
      await page.reload();
      await doorEventListed(page);

      await page.goto(`${env.product.base}/admin/commands`);
      const rows = await openingRows(page, small);
      assert.equal(rows.length, 1, `one row for the opening: ${JSON.stringify(rows)}`);
      assert.match(rows[0], /Дверь: открыть на время/);
      assert.match(rows[0], /Дверь открыли/);
      assert.match(rows[0], new RegExp(PLAYER.name));
      await snap('commands');
    }));
}
