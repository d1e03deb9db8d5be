import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app';

// A stand-in build of the player app: the API serves whatever Vite put in PLAYER_WEB_DIR.
const dir = mkdtempSync(join(tmpdir(), 'kort-web-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Корт</title><div id="root"></div>');
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `экран-${n}`))};`;
writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);

let api: TestApp;
beforeAll(async () => {
  process.env.PLAYER_WEB_DIR = dir;
  api = await startTestApp();
});
afterAll(async () => {
  delete process.env.PLAYER_WEB_DIR;
  await api.close();
});

test.each(['/', '/login', '/reserve', '/box_reserve/user_reserved'])(
  '%s answers the app (client routes load directly), never cached stale',
  async (path) => {
    const response = await request(api.server).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  },
);

test('hashed assets are gzipped for phones and cached for a year', async () => {
  const response = await request(api.server).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
  expect(response.status).toBe(200);
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.text).toBe(script); // supertest unzips: the content is intact
});

test('the API, socket.io and the admin paths are never answered with the player app', async () => {
  const api404 = await request(api.server).get('/api/no-such-call/');
  expect(api404.status).toBe(404);
  expect(api404.body.detail).toBeDefined();
  expect((await request(api.server).get('/admin/')).text).not.toContain('<div id="root">');
  // JSON answers are not compressed (small, and the CPU is better spent elsewhere).
  const rules = await request(api.server).get('/api/give_rules/').set('Accept-Encoding', 'gzip');
  expect(rules.headers['content-encoding']).toBeUndefined();
});
