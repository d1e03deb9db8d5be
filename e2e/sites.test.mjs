// Many clubs on one install, on the product `npm start` runs, in Chromium: the owner creates a site
// in the dashboard and issues its agent's token, and that agent (the real edge agent, simulated
// relays) connects with it; a player books at the first club, switches «Площадка» and books at the
// new one the same day (quotas count per site), and My games lists both with their clubs; the new
// site's own admin sees only that site. Screens go to e2e/artifacts/sites-*.png, checked with axe.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.mjs';
import { adminJourney } from './support/admin-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { asPlayer, clubDay, dayName, heading } from './support/player-pages.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';
import { until } from './support/wait.mjs';

const env = useProductAndBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = Date.now();
const PASSWORD = 'Корт-2026-площадки!';
const OWNER = { email: `sites-owner-${stamp}@example.com`, password: PASSWORD, name: 'Владимир' };
const SITE = { name: 'Корт у моря', slug: `sea-${stamp.toString(36)}`, timezone: 'Asia/Vladivostok' };
/** A day a week ahead: the same calendar date is ahead at both clubs, whatever the hour. */
const DAY = clubDay(8);
let agent;

after(() => agent?.child.kill('SIGTERM'));

/** An account registered through the real calls, then given its role as `npm run admin:create` would. */
async function account(person, role, siteId) {
  await registerAccount(env.product, person);
  await withDatabase(env.product, async (db) => {
    const { rows } = await db.query(`UPDATE users SET role = $2 WHERE email = $1 RETURNING id`, [person.email, role]);
    if (siteId) await db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ($1, $2)`, [siteId, rows[0].id]);
  });
  return person;
}

/** The real edge agent of the new site, as its Pi runs it, with the token the owner was shown. */
async function startAgent(token) {
  const child = spawn(process.execPath, ['edge-agent/dist/cli.js'], {
    cwd: root,
    env: {
      ...process.env,
      API_URL: env.product.base,
      SITE_ID: SITE.slug,
      EDGE_AGENT_TOKEN: token,
      DRIVER: 'simulated',
      DISPLAY_PORT: String(await freePort()),
      STATE_FILE: join(mkdtempSync(join(tmpdir(), 'kort-sites-agent-')), 'state.json'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

test('the owner creates a site, issues its token, and its agent connects', async () => {
  const owner = await account(OWNER, 'owner');
  await adminJourney(
    { browser: env.browser, base: env.product.base, admin: owner, name: 'sites-owner', viewport: viewports.desktop },
    async (page, snap) => {
      await page.getByRole('menuitem', { name: 'Площадки' }).click();
      await page.getByRole('link', { name: 'Создать' }).click();
      const field = (name) => page.getByRole('textbox', { name });
      await field('Название').fill(SITE.name);
      await field('Короткое имя').fill(SITE.slug);
      await field('Часовой пояс').fill(SITE.timezone);
      await field('Адрес').fill('Владивосток, Набережная, 1');
      await snap('create');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText(`Площадка «${SITE.name}»`).first().waitFor();
      assert.equal(await page.getByRole('button', { name: 'Удалить' }).count(), 0, 'a site is never deleted');

      // Its token from the site's page, shown once, with where it goes on the Pi.
      await page.getByRole('button', { name: 'Новый токен агента' }).click();
      const dialog = page.getByRole('dialog', { name: `Токен агента площадки «${SITE.name}»` });
      await dialog.waitFor();
      const token = (await dialog.locator('code').first().textContent()).trim();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(await dialog.locator('code').nth(1).textContent(), `"siteId": "${SITE.slug}"`);
      await snap('token');
      await dialog.getByRole('button', { name: 'Готово' }).click();

      agent = await startAgent(token);
      await page.goto(`${env.product.base}/admin/sites`);
      const row = page.getByRole('row', { name: new RegExp(SITE.name) });
      await until(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.getByText('На связи').isVisible();
        },
        "the new site's agent online in the list",
        30_000,
      ).catch((failure) => {
        throw new Error(`${failure.message}\n${agent.output()}`);
      });
      await snap('agent-online');
    },
  );
  // The default site's own agent is still its own: two sites, two agents online.
  const online = await withDatabase(env.product, (db) => db.query(`SELECT id FROM sites WHERE online ORDER BY id`));
  assert.deepEqual(online.rows.map((site) => site.id).sort(), ['default', SITE.slug].sort());
});

test('a player books at the first club, switches «Площадка» and books at the new one the same day', async () => {
  const player = { email: `sites-player-${stamp}@example.com`, password: PASSWORD, name: 'Анна' };
  await registerAccount(env.product, player);
  await asPlayer(
    { ...player, browser: env.browser, base: env.product.base, name: 'sites-player', viewport: viewports.phone },
    async (page, snap) => {
      const chooser = page.getByRole('button', { name: /^Площадка: / });
      await until(
        async () => (await chooser.getAttribute('aria-label')) === 'Площадка: Основная площадка',
        'the first club chosen',
      );
      await bookAt(page, DAY);
      await chooser.click();
      await page.getByRole('dialog', { name: 'Выберите площадку' }).waitFor();
      await snap('chooser');
      await page.getByRole('button', { name: SITE.name }).click();
      await until(async () => (await chooser.getAttribute('aria-label')) === `Площадка: ${SITE.name}`, 'the new site');
      // One game a day is the rule at each club: the same day is still open at the other one.
      await bookAt(page, DAY);
      const games = page.locator('.games li');
      await until(async () => (await games.count()) === 2, 'a game at each club in My games');
      const texts = await games.allTextContents();
      assert.ok(
        texts.some((text) => text.includes(SITE.name)),
        texts.join(' | '),
      );
      assert.ok(
        texts.some((text) => text.includes('Основная площадка') && !text.includes(SITE.name)),
        texts.join(' | '),
      );
      await snap('my-games');
    },
  );
  const rows = await withDatabase(env.product, (db) =>
    db.query(
      `SELECT b.site_id, c.site_id AS court_site FROM bookings b JOIN courts c ON c.id = b.court_id
         JOIN users u ON u.id = b.user_id WHERE u.email = $1 AND b.cancelled_at IS NULL ORDER BY b.site_id`,
      [player.email],
    ),
  );
  assert.deepEqual(
    rows.rows.map((row) => [row.site_id, row.court_site]),
    [
      ['default', 'default'],
      [SITE.slug, SITE.slug],
    ].sort(),
  );
});

/** From My games: the calendar's `date`, 18:00, the first free court, confirmed. */
async function bookAt(page, date) {
  await page.getByRole('button', { name: 'Забронировать игру' }).click();
  await heading(page, 'Выберите дату');
  const ready = () => page.locator('table[role="grid"][aria-busy="false"]').waitFor();
  const day = page.getByRole('button', { name: new RegExp(`^${dayName(date)}`) });
  await ready();
  if (!(await day.isVisible())) {
    await page.getByRole('button', { name: 'Следующий месяц' }).click();
    await ready();
  }
  await day.click();
  await heading(page, 'Выберите время');
  await page.getByRole('radio', { name: /^18:00/ }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await heading(page, 'Выберите корт');
  const free = page.locator('.courts button:not([disabled])').first();
  await free.waitFor();
  await free.click();
  await heading(page, 'Проверьте бронирование');
  await page.getByRole('button', { name: 'Подтвердить бронирование' }).click();
  await heading(page, 'Мои игры');
}

test("the new site's admin sees only that site", async () => {
  await withDatabase(env.product, (db) =>
    db.query(`UPDATE courts SET name = 'Морской' WHERE site_id = $1 AND sort_order = 1`, [SITE.slug]),
  );
  const siteAdmin = await account(
    { email: `sites-admin-${stamp}@example.com`, password: PASSWORD, name: 'Ирина' },
    'admin',
    SITE.slug,
  );
  for (const [size, viewport] of Object.entries(viewports)) {
    await adminJourney(
      { browser: env.browser, base: env.product.base, admin: siteAdmin, name: `sites-admin-${size}`, viewport },
      async (page, snap) => {
        // One site: no switcher, and no «Площадки» (an owner's page).
        assert.equal(await page.getByLabel('Площадка').count(), 0);
        await snap('home');
        await page.goto(`${env.product.base}/admin/courts`);
        await page.getByText('Морской').first().waitFor();
        assert.equal(await page.getByText('Корт 1', { exact: true }).count(), 0, "the default site's court 1");
        await snap('courts');
        if (size === 'desktop') {
          const menu = await page.getByRole('menuitem').allTextContents();
          assert.ok(!menu.some((item) => item.includes('Площадки')), menu.join(', '));
        }
      },
    );
  }
});

test("the new site's admin blocks a player who also plays at the first club: the other club's game is counted, not shown, and the block is in its log; the owner and the sport-school flag are beyond them", async () => {
  const siteAdmin = { email: `sites-admin-${stamp}@example.com`, password: PASSWORD };
  const ids = await withDatabase(env.product, async (db) => {
    const { rows } = await db.query(`SELECT id, email FROM users WHERE email = ANY($1::text[])`, [
      [`sites-player-${stamp}@example.com`, OWNER.email],
    ]);
    return Object.fromEntries(rows.map((row) => [row.email === OWNER.email ? 'owner' : 'anna', row.id]));
  });
  for (const [size, viewport] of Object.entries(viewports)) {
    await adminJourney(
      { browser: env.browser, base: env.product.base, admin: siteAdmin, name: `sites-admin-acts-${size}`, viewport },
      async (page, snap) => {
        // The owner's account: nothing to block or restore for a site's admin.
        await page.goto(`${env.product.base}/admin/users/${ids.owner}/show`);
        await page.getByText(OWNER.email).first().waitFor();
        assert.equal(await page.getByRole('button', { name: 'Заблокировать' }).count(), 0);

        await page.goto(`${env.product.base}/admin/users/${ids.anna}/show`);
        const flag = page.getByRole('switch', { name: 'Спортивная школа' });
        await flag.waitFor();
        assert.equal(await flag.isDisabled(), true);
        await page.getByText('Без ограничения на число игр на всех площадках; меняет только владелец').waitFor();
        await snap('player');

        await page.getByRole('button', { name: 'Заблокировать' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Будут отменены его игры (1):').waitFor();
        await dialog
          .getByText(
            'Блокировка действует на всех площадках, и запись о ней появится в их журналах. На других площадках будут отменены игры: 1.',
          )
          .waitFor();
        await snap('block');
        if (size === 'phone') {
          await dialog.getByRole('button', { name: 'Отмена' }).click();
          return;
        }
        await dialog.getByRole('button', { name: 'Заблокировать' }).click();
        await page.getByText('Игрок заблокирован').first().waitFor();
      },
    );
  }
  const log = await withDatabase(env.product, (db) =>
    db.query(`SELECT site_id, detail FROM admin_actions WHERE action = 'user.block' AND target_id = $1 ORDER BY id`, [
      String(ids.anna),
    ]),
  );
  assert.deepEqual(log.rows, [
    { site_id: SITE.slug, detail: 'Отменено игр: 2' },
    { site_id: 'default', detail: `Заблокирован на площадке «${SITE.name}»; отменено игр здесь: 1` },
  ]);
});
