// The door display of the simulated edge agent that `npm start` runs: connected to the API, idle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { until } from './support/wait.mjs';
import { artifacts } from './support/browser.mjs';
import { useProductAndBrowser } from './support/product.mjs';

const env = useProductAndBrowser();

test('npm start runs a simulated agent whose door display is connected and waiting for a code', async () => {
  // The agent starts once the API is healthy, and then connects: wait for both.
  let state;
  for (let tries = 0; tries < 75 && !state?.connected; tries += 1) {
    state = await fetch(`${env.product.displayUrl}/state.json`).then(
      (response) => response.json(),
      () => undefined,
    );
    if (!state?.connected) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(state.connected, true);
  assert.equal(state.display, null);
  assert.equal(Object.keys(state.relays).length, 13);
  assert.ok(Object.values(state.relays).every((on) => on === false));

  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(env.product.displayUrl);
  await page.getByText('Код появится здесь').waitFor();
  await page.screenshot({ path: `${artifacts}/door-display-idle.png` });
  await page.close();
});

test("every face shows Kort's icon: the player app, the dashboard and the door display ask for nothing that is missing", async () => {
  const { base, displayUrl } = env.product;
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  const missing = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url()); // (a 401 from the signed-out dashboard is its answer)
  });
  for (const url of [`${base}/login`, `${base}/admin/`, displayUrl]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    // The icon the browser shows for the tab: the page's own link, fetched for real.
    const icons = await page.$$eval('link[rel="icon"]', (links) => links.map((link) => link.href));
    assert.ok(icons.length > 0, `${url} links an icon`);
    for (const icon of icons) {
      const response = await fetch(icon);
      assert.equal(response.status, 200, icon);
      assert.match(response.headers.get('content-type'), /^image\//, icon);
    }
    // Browsers and link previews ask for /favicon.ico whatever the page says.
    const ico = await fetch(new URL('/favicon.ico', url));
    assert.equal(ico.status, 200, `${url} /favicon.ico`);
    assert.equal(ico.headers.get('content-type'), 'image/vnd.microsoft.icon');
  }
  assert.deepEqual(missing, []);

  // "Add to home screen" gives Kort's icon: the manifest the player app links, and its icons.
  await page.goto(`${base}/login`);
  const manifestUrl = await page.$eval('link[rel="manifest"]', (link) => link.href);
  const manifest = await (await fetch(manifestUrl)).json();
  assert.equal(manifest.name, 'Корт');
  assert.equal(manifest.display, 'standalone');
  for (const icon of manifest.icons) {
    const response = await fetch(new URL(icon.src, manifestUrl));
    assert.equal(response.status, 200, icon.src);
    assert.equal(response.headers.get('content-type'), 'image/png');
  }
  await page.close();
});

test('Swagger UI works under the Content Security Policy: the API reference lists its operations', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const violations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${env.product.base}/api/docs/`);
  // The UI is drawn by its scripts (files, not inline): the title and an operation appear.
  await page.getByRole('heading', { name: /Kort API/ }).waitFor();
  // Swagger UI renders the operations near the viewport only: scrolled to until login's shows.
  const login = page.locator('.opblock-summary-path', { hasText: '/api/login' }).first();
  await until(
    async () => (await login.count()) > 0 || (await page.mouse.wheel(0, 600), false),
    'the login operation in the docs',
    30_000,
  );
  await login.waitFor();
  await page.screenshot({ path: `${artifacts}/api-docs-desktop.png` });
  assert.deepEqual(violations, []);
  await page.close();
});
