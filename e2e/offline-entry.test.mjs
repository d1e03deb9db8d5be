// The club keeps running when its link drops. The edge agent reaches the API through a
// TCP proxy this test controls (the club's uplink). With a game on now: the link is cut, the door
// screen turns into a keypad, the player gets the offline PIN from the API, a wrong PIN is refused,
// the agent is killed and started again while the link is still down (its schedule and its outbox
// survive on disk), the right PIN typed on the keypad in Chromium opens the door; then the link comes
// back and the API has the game started and each of the agent's decisions in the command log
// exactly once.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { freePort } from '../scripts/free-port.mjs';
import { apiClient, registerAccount } from './support/api-client.mjs';
import { artifacts, launchChromium } from './support/browser.mjs';
import { startProduct } from './support/product.mjs';
import { until } from './support/wait.mjs';
import { withDatabase } from './support/faults.mjs';
import { startTcpProxy } from './support/tcp-proxy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { offlinePin } = createRequire(import.meta.url)('../services/contracts/dist/schedule-crypto.js');
const token = randomBytes(24).toString('base64url');
// Known to the test, so it can derive a game's offline PIN as the API does (schedule-crypto.ts).
const sessionSecret = randomBytes(32).toString('hex');
let product;
let proxy;
let browser;
let agent;
let displayPort;
const stateFile = `${artifacts}/offline-agent-${process.pid}.json`;

before(async () => {
  // The club opens its door two hours before a game: the second test needs games in their window
  // on both courts without overlapping the first test's.
  product = await startProduct({
    KORT_AGENT: 'off',
    EDGE_AGENT_TOKEN: token,
    SESSION_SECRET: sessionSecret,
    DOOR_OPENS_BEFORE_MIN: '120',
  });
  proxy = await startTcpProxy(Number(new URL(product.base).port));
  displayPort = await freePort();
  browser = await launchChromium();
});

after(async () => {
  await stopAgent();
  await browser?.close();
  await proxy?.close();
  if (process.exitCode && product) console.error(product.output(), agent?.output());
  await product?.stop();
});

/** The agent as a Pi runs it (simulated relays), reaching the API only through the proxy. */
function startAgent(settings = {}) {
  const child = spawn(process.execPath, ['edge-agent/dist/cli.js'], {
    cwd: root,
    env: {
      ...process.env,
      API_URL: `http://127.0.0.1:${proxy.port}`,
      EDGE_AGENT_TOKEN: token,
      DRIVER: 'simulated',
      DISPLAY_PORT: String(displayPort),
      STATE_FILE: stateFile,
      DOOR_PULSE_MS: '3000',
      LOG_LEVEL: 'info',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  agent = { child, output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)) };
  return agent;
}

async function stopAgent(signal = 'SIGTERM') {
  if (!agent || agent.child.exitCode !== null || agent.child.signalCode !== null) return;
  agent.child.kill(signal);
  await agent.exited;
}

const display = (path = '/') => `http://127.0.0.1:${displayPort}${path}`;
const agentState = async () => {
  try {
    return await (await fetch(display('/state.json'))).json();
  } catch {
    return null; // not listening yet
  }
};

const withDb = (work) => withDatabase(product, work);

let adminSession;
let adminAccount;
/** An admin signed in through the API (created with the operator's command, once per file). */
async function signedInAdmin() {
  if (adminSession) return adminSession;
  adminAccount = createAdmin();
  const admin = apiClient(product.base);
  assert.equal((await admin.login(adminAccount.email, adminAccount.password)).status, 200);
  adminSession = admin;
  return admin;
}

function createAdmin() {
  const email = `admin-offline-${process.pid}@example.com`;
  const password = 'Админ-2026-без-связи!';
  const result = spawnSync(
    process.execPath,
    ['services/api/dist/cli/admin-create.js', '--email', email, '--password', password, '--name', 'Ирина'],
    { cwd: root, env: { ...process.env, DATABASE_URL: product.databaseUrl }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`admin-create failed:\n${result.stdout}${result.stderr}`);
  return { email, password };
}

/** Types `pin` on the door screen's keypad and returns the answer it shows. */
async function typeOnKeypad(page, pin) {
  await page.locator('#keypad').waitFor();
  for (const digit of pin) await page.locator(`[data-key="${digit}"]`).click();
  const answer = page.waitForResponse((response) => response.url().endsWith('/unlock'));
  await page.locator('[data-key="open"]').click();
  const response = await answer;
  await page.locator('#keypad-result').filter({ hasText: /\S/ }).waitFor();
  return { status: response.status(), shown: (await page.locator('#keypad-result').textContent()).trim() };
}

test('link cut: offline PIN on the keypad after an agent restart; on reconnect the game is started, logged once', async () => {
  const email = `offline-${Date.now()}@example.com`;
  const player = await registerAccount(product, { email, password: 'Корт-2026-Вход!', name: 'Олег' });
  // A game on now, as if booked earlier; the agent gets it in the schedule when it connects.
  const game = await withDb(async (db) => {
    const { rows } = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, 1, now() - interval '5 minutes', now() + interval '55 minutes', 2 FROM users WHERE email = $1
       RETURNING id`,
      [email],
    );
    return rows[0].id;
  });

  startAgent();
  await until(async () => (await agentState())?.connected, 'the agent to connect through the proxy', 20_000);
  await until(async () => (await agentState())?.schedule?.entries >= 1, 'the agent to hold the schedule');
  const online = await agentState();
  assert.equal(online.offline, false, 'online, the door screen is no keypad');
  const refusedOnline = await fetch(display('/unlock'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: '000000' }),
  });
  assert.equal(refusedOnline.status, 409, 'while online the keypad is refused');

  // The uplink drops.
  const cutAt = Date.now();
  proxy.cut();
  const offline = await until(async () => (await agentState())?.offline && Date.now(), 'the keypad', 20_000);
  const keypadAfterMs = offline - cutAt;
  assert.ok(keypadAfterMs >= 9_000 && keypadAfterMs <= 16_000, `keypad 10 s after the cut: ${keypadAfterMs} ms`);

  // The player's app asks to open the door: the API knows the agent is away and gives the PIN.
  const sent = await until(async () => {
    const answer = await player.get(`/api/send/${game}/`);
    return answer.status === 503 && answer.body.offline_pin ? answer : null;
  }, 'the API to answer with the offline PIN');
  const pin = sent.body.offline_pin;
  assert.match(pin, /^\d{6}$/);
  assert.ok(sent.body.detail.length > 0, 'a Russian sentence with the PIN');
  const stranger = await registerAccount(product, {
    email: `stranger-${Date.now()}@example.com`,
    password: 'Корт-2026-Чужой!',
    name: 'Пётр',
  });
  const strangers = await stranger.get(`/api/send/${game}/`);
  assert.equal(strangers.status, 404, 'nobody else gets the PIN');
  assert.equal(JSON.stringify(strangers.body).includes(pin), false);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  let page = await context.newPage();
  await page.goto(display('/'));
  await page.getByText('Нет связи с сервером. Введите код из приложения').waitFor();
  await page.screenshot({ path: `${artifacts}/offline-keypad.png` });
  const wrongPin = pin === '000000' ? '111111' : '000000';
  const wrong = await typeOnKeypad(page, wrongPin);
  assert.deepEqual(wrong, { status: 403, shown: 'Неверный код' });
  await page.screenshot({ path: `${artifacts}/offline-keypad-wrong.png` });

  // A power cut at the Pi while the link is still down: the schedule and the outbox are on disk.
  await stopAgent('SIGKILL');
  startAgent();
  await until(async () => (await agentState())?.offline, 'the keypad after the restart', 25_000);
  assert.equal((await agentState()).connected, false);
  page = await context.newPage();
  await page.goto(display('/'));
  const entered = await typeOnKeypad(page, pin);
  assert.deepEqual(entered, { status: 200, shown: 'Дверь открыта!' });
  assert.equal((await agentState()).relays.door, true, 'the strike pulses');
  await page.screenshot({ path: `${artifacts}/offline-keypad-opened.png` });
  await context.close();

  // Nothing reached the API yet.
  const before = await withDb(
    async (db) => (await db.query(`SELECT started_at FROM bookings WHERE id = $1`, [game])).rows[0],
  );
  assert.equal(before.started_at, null);

  // The link comes back: the outbox is uploaded, in order, once.
  proxy.restore();
  await until(async () => (await agentState())?.connected, 'the agent to reconnect', 40_000);
  const rows = await until(
    () =>
      withDb(async (db) => {
        const { rows: found } = await db.query(
          `SELECT action, offline, origin, booking_id FROM commands WHERE origin = 'agent' ORDER BY requested_at, action`,
        );
        return found.some((row) => row.action === 'agent.offline') ? found : null;
      }),
    'the outbox to be applied',
    20_000,
  );
  const entries = rows.filter((row) => row.action === 'door.entry');
  assert.equal(entries.length, 1, `one entry in the log: ${JSON.stringify(rows)}`);
  assert.deepEqual(entries[0], { action: 'door.entry', offline: true, origin: 'agent', booking_id: game });
  assert.equal(rows.filter((row) => row.action === 'door.pin-wrong').length, 1, 'the wrong PIN, once');
  assert.equal(rows.filter((row) => row.action === 'agent.offline').length >= 1, true, 'the offline period');

  const started = await withDb(
    async (db) => (await db.query(`SELECT started_at FROM bookings WHERE id = $1`, [game])).rows[0],
  );
  assert.ok(started.started_at, 'the game counts as started');
  const ended = await player.get(`/api/end/${game}/`);
  assert.equal(ended.status, 200, JSON.stringify(ended.body));

  // The admin's command log says so.
  const admin = await signedInAdmin();
  const log = await admin.get(
    `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ action: 'door.entry' }))}`,
  );
  assert.equal(log.status, 200, JSON.stringify(log.body));
  assert.equal(log.body.length, 1);
  assert.equal(log.body[0].offline, true);
  assert.equal(log.body[0].booking_id, game);

  // And the dashboard shows it as an admin would look: the agent's offline period on the home
  // page, the entry marked as taken without the link in the command log.
  const dashboard = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
  await dashboard.goto(`${product.base}/admin/`);
  await dashboard.getByLabel('E-mail').fill(adminAccount.email);
  await dashboard.getByLabel('Пароль').fill(adminAccount.password);
  await dashboard.getByRole('button', { name: 'Войти' }).click();
  await dashboard.getByText(/^Прошлый перерыв связи: /).waitFor();
  await dashboard.screenshot({ path: `${artifacts}/offline-dashboard-home.png` });
  await dashboard.goto(`${product.base}/admin/commands`);
  await dashboard.getByText('Вход без связи').first().waitFor();
  assert.equal(await dashboard.getByText('Вход без связи').count(), 1, 'one entry in the log');
  await dashboard.getByText('Неверный код на экране у двери').first().waitFor();
  await dashboard.screenshot({ path: `${artifacts}/offline-dashboard-commands.png` });
  await dashboard.close();
});

/** POST /unlock on the door display, as the keypad page sends it. */
async function unlock(pin) {
  const response = await fetch(display('/unlock'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin }),
  });
  return { status: response.status, detail: (await response.json()).detail };
}

test('offline, the keypad refuses a cancelled game, a blocked player and a game outside its window', async () => {
  await stopAgent();
  const admin = await signedInAdmin();
  const pins = createHmac('sha256', sessionSecret).update('offline-pins').digest();
  const stamp = Date.now();
  /** A player with a game starting `startsIn` minutes from now (negative: already running). */
  async function playerWithGame(name, startsIn, court) {
    const email = `${name}-${stamp}@example.com`;
    const client = await registerAccount(product, { email, password: 'Корт-2026-Вход!', name: 'Игрок' });
    const { id, user_id: userId } = await withDb(
      async (db) =>
        (
          await db.query(
            `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
             SELECT id, $2, now() + make_interval(mins => $3), now() + make_interval(mins => $3 + 60), 2
               FROM users WHERE email = $1 RETURNING id, user_id`,
            [email, court, startsIn],
          )
        ).rows[0],
    );
    return { client, id, userId, pin: offlinePin(pins, id) };
  }
  // Door window: 120 minutes before the start (DOOR_OPENS_BEFORE_MIN) to the end. Court 1 holds the
  // first test's game for the next hour.
  const cancelled = await playerWithGame('cancelled', 65, 1);
  const blocked = await playerWithGame('blocked', -10, 2);
  const playing = await playerWithGame('playing', 65, 2);
  const later = await playerWithGame('later', 185, 1);

  startAgent({ OFFLINE_AFTER_MS: '2000' });
  await until(async () => (await agentState())?.schedule?.entries === 4, 'the four games on the agent', 20_000);
  const { version } = (await agentState()).schedule;

  // The club cancels one game and blocks another player: both leave the agent's schedule at once.
  const cancelledByClub = await fetch(`${product.base}/api/admin/bookings/${cancelled.id}`, {
    method: 'DELETE',
    headers: { cookie: admin.cookieHeader(), 'X-CSRFToken': admin.csrfToken() },
  });
  assert.equal(cancelledByClub.status, 200, await cancelledByClub.text());
  const block = await admin.get(`/api/delete_user/?id=${blocked.userId}`);
  assert.equal(block.status, 200, JSON.stringify(block.body));
  const pushed = await until(async () => {
    const state = await agentState();
    return state.schedule.version > version && state.schedule.entries === 2 ? state.schedule : null;
  }, 'the schedule without the cancelled and the blocked games');
  assert.ok(pushed.version > version);

  proxy.cut();
  await until(async () => (await agentState())?.offline, 'the keypad', 10_000);
  assert.deepEqual(await unlock(cancelled.pin), { status: 403, detail: 'Неверный код' }, 'a cancelled game');
  assert.deepEqual(await unlock(blocked.pin), { status: 403, detail: 'Неверный код' }, "a blocked player's game");
  const early = await unlock(later.pin);
  assert.equal(early.status, 409, 'a game outside its door window');
  assert.match(early.detail, /окно вашей игры/);
  assert.equal((await agentState()).relays.door, false, 'none of them moved the strike');
  assert.deepEqual(await unlock(playing.pin), { status: 200, detail: 'Дверь открыта!' }, 'the game in its window');
  assert.equal((await agentState()).relays.door, true);
  proxy.restore();
});
