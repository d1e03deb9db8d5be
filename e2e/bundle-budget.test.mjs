// The built apps' first-screen JavaScript stays within its budget, checked on every CI run
// rather than only when someone runs `npm run bench`: a constant imported from a contracts module
// with zod schemas once brought zod into the player's first script (+23 KB gzipped, /reserve's
// Lighthouse score from 93 to 68) and nothing but the bench noticed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { initialJavaScript } from '../bench/web.mjs';

const root = new URL('../', import.meta.url).pathname;

test("each app's first-screen JavaScript (entry + modulepreloads, gzipped) is within its budget", () => {
  const apps = initialJavaScript().filter((app) => !app.skipped);
  assert.deepEqual(
    apps.map((app) => app.app),
    ['player-web', 'admin-dashboard'],
    'both apps are built',
  );
  for (const app of apps) {
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    console.log(`# ${app.app}: ${kb(app.initial_js_gzip_bytes)} KB of ${kb(app.budget_gzip_bytes)} KB`);
    assert.ok(
      app.within_budget,
      `${app.app}: ${kb(app.initial_js_gzip_bytes)} KB gzipped, budget ${kb(app.budget_gzip_bytes)} KB; ` +
        `biggest: ${app.initial_js_files
          .slice(0, 3)
          .map((file) => `${file.file} ${kb(file.gzip_bytes)}`)
          .join(', ')}`,
    );
  }
});

test('the player app ships no schema library or IDNA tables: the API validates, the screens import plain rules', () => {
  const assets = join(root, 'player-web/dist/assets');
  const maps = readdirSync(assets).filter((name) => name.endsWith('.js.map'));
  assert.ok(maps.length > 5, 'the build writes source maps');
  const found = maps.flatMap((name) => {
    const { sources } = JSON.parse(readFileSync(join(assets, name), 'utf8'));
    return sources.filter((source) => /node_modules\/(zod|tr46)\//.test(source)).map(() => name);
  });
  assert.deepEqual([...new Set(found)], [], 'chunks with zod or tr46 sources');
});
