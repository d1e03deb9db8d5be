// An agent updated from the dashboard, on the product `npm start` runs, in Chromium: a site's real
// edge agent runs 1.0.0 from its release folder under the guard's restart loop (as on a Pi without
// systemd); the owner uploads the signed 2.0.0 bundle in «Обновления агентов», starts the rollout at
// 100 %, and the page shows the agent updated (it downloaded the bundle with its own token,
// restarted on it and proved itself), while the product's own agent (run from the checkout, no
// release folder: updates off) stays waiting. Screens go to e2e/artifacts/agent-update-*.png,
// checked with axe, on a desktop and a phone.
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.mjs';
import { adminJourney, ownerOnce, shortControls } from './support/admin-pages.mjs';
import { apiClient } from './support/api-client.mjs';
import { viewports } from './support/browser.mjs';
import { useProductAndBrowser } from './support/product.mjs';
import { until } from './support/wait.mjs';

/** A command run without blocking this process (the API client's sockets stay answered). */
const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = Date.now();
const work = mkdtempSync(join(tmpdir(), 'kort-agent-update-'));
const platform = `${process.platform}-${process.arch}`;

// The fleet's key pair, as `npm run agent:keys` makes it.
execFileSync(process.execPath, ['scripts/agent-keys.mjs', '--out', join(work, 'keys')], { cwd: root });
const publicKey = readFileSync(join(work, 'keys/agent-update.pub'), 'utf8').trim();

const env = useProductAndBrowser({ productEnv: { AGENT_UPDATE_PUBLIC_KEY: publicKey, ROLLOUT_STAGE_MIN: '0' } });
const OWNER = { email: `update-owner-${stamp}@example.com`, password: 'Корт-2026-обновление!', name: 'Тимур' };
const owner = ownerOnce(env, OWNER);
const SITE = { name: 'Корт на Речной', slug: `river-${stamp.toString(36)}`, timezone: 'Europe/Moscow' };

/** A bundle of the agent as `npm run e2e` built it, as `npm run agent:release` makes it. */
const bundle = async (version) => {
  await run(
    process.execPath,
    ['scripts/agent-release.mjs', '--version', version, '--key', join(work, 'keys/agent-update.key')].concat([
      '--out',
      work,
      '--platforms',
      platform,
      '--no-compile',
    ]),
    { cwd: root },
  );
  return join(work, `kort-agent-${version}.tar.gz`);
};

let agent;
let agentOutput = '';
let pi;
let ownerApi;

/** The new site and its Pi (in the test: node's root-level hooks run side by side, the product's with them). */
async function setScene() {
  const bundles = { first: await bundle('1.0.0'), next: await bundle('2.0.0') };
  await owner();
  ownerApi = apiClient(env.product.base);
  assert.equal((await ownerApi.login(OWNER.email, OWNER.password)).status, 200);
  const created = await ownerApi.post('/api/admin/sites', { ...SITE, address: 'Москва, Речная, 3' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { token } = (await ownerApi.post(`/api/admin/sites/${SITE.slug}/agent-token`)).body;

  // The Pi: 1.0.0 installed from its bundle (`kort-agent install`), run by the guard's loop.
  pi = join(work, 'pi');
  await run(process.execPath, ['edge-agent/dist/cli.js', 'install', bundles.first, '--root', pi], {
    cwd: root,
    env: { PATH: process.env.PATH, AGENT_UPDATE_PUBLIC_KEY: publicKey },
  });
  agent = spawn(process.execPath, [join(pi, 'guard.cjs'), 'loop', pi], {
    env: {
      PATH: process.env.PATH,
      API_URL: env.product.base,
      SITE_ID: SITE.slug,
      EDGE_AGENT_TOKEN: token,
      DRIVER: 'simulated',
      DISPLAY_PORT: String(await freePort()),
      STATE_FILE: join(work, 'state.json'),
      AGENT_UPDATE_PUBLIC_KEY: publicKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  agent.stdout.on('data', (chunk) => (agentOutput += chunk));
  agent.stderr.on('data', (chunk) => (agentOutput += chunk));
  await until(
    async () => (await ownerApi.get(`/api/admin/sites/${SITE.slug}`)).body?.agent_version === '1.0.0',
    'the Pi runs 1.0.0',
    30_000,
  );
  return bundles;
}

after(() => agent?.kill('SIGTERM'));

test('the owner uploads 2.0.0 and rolls it out; the Pi updates itself and the page shows it', async () => {
  let bundles;
  try {
    bundles = await setScene();
  } catch (error) {
    throw new Error(
      `the scene was not set: ${error.message}\n${env.product.output().slice(-3000)}\nthe Pi:\n${agentOutput.slice(-3000)}`,
      { cause: error },
    );
  }
  const { next } = bundles;
  await adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: await owner(),
      name: 'agent-update',
      viewport: viewports.desktop,
    },
    async (page, snap) => {
      await page.getByRole('menuitem', { name: 'Обновления агентов' }).click();
      await page.getByRole('link', { name: /Загрузить/ }).click();
      await page.locator('#agent-bundle').setInputFiles(next);
      await snap('create');
      await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
      await page.getByText('Версия 2.0.0 загружена').waitFor();
      await page.getByText('ещё ни одной площадке не предложена').waitFor();
      // Before a rollout no site is offered a version: none is called updated or waiting.
      await page.getByRole('row').filter({ hasText: SITE.name }).getByText('Не предложена').waitFor();

      await page.getByRole('combobox', { name: 'Первый этап' }).click();
      await page.getByRole('option', { name: '100 % площадок' }).click();
      await page.getByRole('button', { name: 'Начать выпуск' }).click();
      await page.getByText('Выпускается').first().waitFor();

      // The page reads the release every 5 s while it rolls out: the Pi's row turns «Обновлён».
      const row = page.getByRole('row').filter({ hasText: SITE.name });
      await row.getByText('Обновлён').waitFor({ timeout: 90_000 });
      assert.match(await row.innerText(), /2\.0\.0/);
      // The product's own agent runs from the checkout (no release folder): it waits, and says nothing wrong.
      await page.getByRole('row').filter({ hasText: 'Основная площадка' }).getByText('Ждёт').waitFor();
      await snap('updated');
    },
  );
  assert.equal(readlinkSync(join(pi, 'current')), join('releases', '2.0.0'));
  assert.equal((await ownerApi.get(`/api/admin/sites/${SITE.slug}`)).body.agent_version, '2.0.0');

  // The same page on a phone: the sites as a list, every control big enough for a finger.
  await adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: await owner(),
      name: 'agent-update-phone',
      viewport: viewports.phone,
    },
    async (page, snap) => {
      await page.goto(`${env.product.base}/admin/agent-releases/2.0.0/show`);
      await page.getByText(SITE.name).first().waitFor({ timeout: 30_000 });
      await page.getByText('Обновлён').first().waitFor();
      assert.deepEqual(await shortControls(page), [], 'controls a finger presses');
      await snap('show');
    },
  );
});
