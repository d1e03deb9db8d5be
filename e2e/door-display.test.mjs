// The door display of the simulated edge agent that `npm start` runs: connected to the API, idle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifacts, useProductAndBrowser } from './support.mjs';

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
