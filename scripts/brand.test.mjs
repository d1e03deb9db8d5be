// Kort's mark lives in player-web/public (the source the icons are generated from); the door display
// carries a copy because the Pi runs without the web apps. This keeps the copy from drifting.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const root = new URL('../', import.meta.url);
const publicFile = (name) => readFileSync(new URL(`player-web/public/${name}`, root));

test("the door display's mark and favicon are the player app's", () => {
  // npm test builds the agent first.
  const { FAVICON_ICO, KORT_MARK_SVG } = require('../edge-agent/dist/display/brand.js');
  assert.deepEqual(FAVICON_ICO, publicFile('favicon.ico'));
  const svg = publicFile('favicon.svg')
    .toString('utf8')
    .replace(/<title>.*?<\/title>/, '')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .trim();
  assert.equal(KORT_MARK_SVG, svg);
});

test('the manifest names the app in Russian and lists icons that exist', () => {
  const manifest = JSON.parse(publicFile('manifest.webmanifest').toString('utf8'));
  assert.equal(manifest.lang, 'ru');
  assert.equal(manifest.start_url, '/');
  assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable'));
  for (const icon of manifest.icons) {
    const png = publicFile(icon.src.replace(/^\//, ''));
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')], icon.src);
    assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, icon.src); // IHDR width × height
  }
});
