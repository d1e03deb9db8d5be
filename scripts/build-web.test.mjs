// scripts/build-web.mjs skips a web app's build only while nothing it is built from changed: a
// stale bundle served after an edit would be worse than the minute the skip saves.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { inputsDigest } from './build-web.mjs';

const base = mkdtempSync(join(tmpdir(), 'kort-build-web-'));
after(() => rmSync(base, { recursive: true, force: true }));
const put = (path, text) => {
  mkdirSync(dirname(join(base, path)), { recursive: true });
  writeFileSync(join(base, path), text);
};
put('app/src/main.tsx', 'export const a = 1;');
put('app/index.html', '<div id="root"></div>');
put('app/vite.config.ts', 'export default {};');
put('app/dist/assets/main.js', 'built');
put('app/test/main.test.tsx', 'test');
put('app/node_modules/x/index.js', 'x');
put('services/contracts/src/index.ts', 'export const messages = {};');
put('package-lock.json', '{}');

test('an edit to the app, its tests (type-checked by the build), its config, the shared contracts or the lockfile asks for a new build', () => {
  for (const [path, text] of [
    ['app/src/main.tsx', 'export const a = 2;'],
    ['app/test/main.test.tsx', 'another test'],
    ['app/src/new-screen.tsx', 'export {};'],
    ['app/vite.config.ts', 'export default { base: "/" };'],
    ['services/contracts/src/index.ts', 'export const messages = { a: "б" };'],
    ['package-lock.json', '{"lockfileVersion":3}'],
  ]) {
    const before = inputsDigest('app', base);
    put(path, text);
    assert.notEqual(inputsDigest('app', base), before, `${path} changed, the build must run`);
  }
});

test('the build output and installed packages are not inputs', () => {
  const before = inputsDigest('app', base);
  put('app/dist/assets/main.js', 'built again');
  put('app/dist/.build-inputs', before);
  put('app/node_modules/x/index.js', 'y');
  assert.equal(inputsDigest('app', base), before);
});
