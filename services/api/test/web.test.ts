import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';

// Stand-in builds of the two web apps: the API serves whatever Vite put in PLAYER_WEB_DIR and
// ADMIN_WEB_DIR.
function standInBuild(prefix: string, title: string, asset: string, script: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${title}</title><div id="root"></div>`);
  writeFileSync(join(dir, 'assets', asset), script);
  return dir;
}
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `экран-${n}`))};`;
const playerDir = standInBuild('kort-web-', 'Корт', 'index-abc123.js', script);
const PLAYER_TITLE = '<title>Корт</title>';
// The player build's prerendered pages (player-web/vite.config.ts): `<path>/index.html` per route.
const PRERENDERED = ['/reserve', '/box_reserve', '/box_reserve/user_reserved'];
const prerendered = (path: string) => `<div id="root" data-prerendered="${path}">`;
writeFileSync(join(playerDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The service worker vite-plugin-pwa builds beside the pages (web push).
writeFileSync(
  join(playerDir, 'sw.js'),
  `self.addEventListener('push', (e) => self.registration.showNotification('Корт'));`,
);
for (const path of PRERENDERED) {
  mkdirSync(join(playerDir, path), { recursive: true });
  writeFileSync(join(playerDir, path, 'index.html'), `<!doctype html>${PLAYER_TITLE}${prerendered(path)}</div>`);
}
const adminScript = `export const pages = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `страница-${n}`))};`;
const adminDir = standInBuild('kort-admin-', 'Корт: администратор', 'index-def456.js', adminScript);
const ADMIN_TITLE = '<title>Корт: администратор</title>';

let api: TestApp;
beforeAll(async () => {
  process.env.PLAYER_WEB_DIR = playerDir;
  process.env.ADMIN_WEB_DIR = adminDir;
  api = await startTestApp();
});
afterAll(async () => {
  delete process.env.PLAYER_WEB_DIR;
  delete process.env.ADMIN_WEB_DIR;
  await api.close();
});

test.each(['/', '/login', '/no/such/page', '/box_reserve/user_equipment'])(
  '%s, which has no page of its own, answers the app (client routes load directly), never cached stale',
  async (path) => {
    const response = await request(api.server).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root">');
    expect(response.text).toContain(PLAYER_TITLE);
    expect(response.headers['cache-control']).toBe('no-cache');
  },
);

test.each(PRERENDERED.flatMap((path) => [path, `${path}/`]))(
  '%s answers its own prerendered page (its first paint), never redirected, never cached stale',
  async (path) => {
    const response = await request(api.server).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(prerendered(path.replace(/\/$/, '')));
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  },
);

test('the icons are kept a day (the mark drawn again by the app comes from the cache); a page by its file name is revalidated', async () => {
  const icon = await request(api.server).get('/favicon.svg');
  expect(icon.status).toBe(200);
  expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  const page = await request(api.server).get('/reserve/index.html');
  expect(page.text).toContain(prerendered('/reserve'));
  expect(page.headers['cache-control']).toBe('no-cache');
});

test('the service worker is served as a script at the root and always revalidated (a new one is seen at once)', async () => {
  const worker = await request(api.server).get('/sw.js');
  expect(worker.status).toBe(200);
  expect(worker.headers['content-type']).toMatch(/javascript/);
  expect(worker.headers['cache-control']).toBe('no-cache');
  expect(worker.text).toContain('showNotification');
});

test('a path never names a file of its own choosing: only the pages the build wrote are sent', async () => {
  for (const path of ['/reserve/..%2F..%2Fetc%2Fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/reserve/index.html/x']) {
    const response = await request(api.server).get(path);
    expect(response.text).not.toContain('root:');
    if (response.status === 200) expect(response.text).toContain('<div id="root">');
  }
});

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
  expect((await request(api.server).get('/admin/')).text).not.toContain(PLAYER_TITLE);
  // JSON answers are not compressed (small, and the CPU is better spent elsewhere).
  const rules = await request(api.server).get('/api/give_rules/').set('Accept-Encoding', 'gzip');
  expect(rules.headers['content-encoding']).toBeUndefined();
});

test.each(['/admin/', '/admin/some/route', '/admin/users/7/show', '/admin/login'])(
  '%s answers the dashboard (its routes load directly), never cached stale',
  async (path) => {
    const response = await request(api.server).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(ADMIN_TITLE);
    expect(response.headers['cache-control']).toBe('no-cache');
  },
);

test('/admin redirects to /admin/, where the dashboard lives', async () => {
  const response = await request(api.server).get('/admin');
  expect(response.status).toBe(301);
  expect(response.headers.location).toBe('/admin/');
});

test("the dashboard's hashed assets are gzipped and cached for a year; a missing one is a 404, not a page", async () => {
  const asset = await request(api.server).get('/admin/assets/index-def456.js').set('Accept-Encoding', 'gzip');
  expect(asset.status).toBe(200);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.text).toBe(adminScript);

  const gone = await request(api.server).get('/admin/assets/index-old999.js');
  expect(gone.status).toBe(404);
  expect(gone.text).not.toContain(ADMIN_TITLE);
  // The player app's assets are not the dashboard's.
  expect((await request(api.server).get('/admin/assets/index-abc123.js')).status).toBe(404);
});

test('only GETs fall back to the dashboard; look-alike paths belong to the player app', async () => {
  expect((await request(api.server).post('/admin/users').send({})).text).not.toContain(ADMIN_TITLE);
  const lookAlike = await request(api.server).get('/administrator');
  expect(lookAlike.text).toContain(PLAYER_TITLE);
});

test("a player-app asset that is gone (an old tab after a deploy) is a 404, not the app's page", async () => {
  const response = await request(api.server).get('/assets/index-gone999.js');
  expect(response.status).toBe(404);
  expect(response.text).not.toContain(PLAYER_TITLE);
});

describe('security headers (docs/security.md)', () => {
  test.each(['/', '/login', '/admin/', '/api/give_rules/', '/api/docs/', '/assets/index-abc123.js'])(
    '%s: a CSP with scripts from our origin only, never framed, no referrer, no framework banner',
    async (path) => {
      const response = await request(api.server).get(path);
      expect(response.status).toBe(200);
      const csp = response.headers['content-security-policy'] ?? '';
      const directives = new Map<string, string>(
        csp.split(';').map((part: string) => {
          const [name, ...values] = part.trim().split(/\s+/);
          return [name, values.join(' ')] as [string, string];
        }),
      );
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('script-src-attr')).toBe("'none'");
      expect(directives.get('default-src')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(directives.get('object-src')).toBe("'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Plain http: HSTS would mean nothing to the browser.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  test("API answers, a player's own data above all, are never stored by a browser or a proxy", async () => {
    const [player] = await signedInPlayers(api, 1);
    for (const path of ['/api/profile/', '/api/my-orders/', '/api/give_rules/']) {
      const response = await player!.client.get(path);
      expect([path, response.status, response.headers['cache-control']]).toEqual([path, 200, 'no-store']);
    }
    // The app's files and the API reference keep their own caching.
    expect((await request(api.server).get('/assets/index-abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await request(api.server).get('/api/docs/')).headers['cache-control']).not.toBe('no-store');
  });

  test('HSTS only on a request that came over https (the trusted proxy says so)', async () => {
    const response = await request(api.server).get('/login').set('X-Forwarded-Proto', 'https');
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
  });
});

describe('METRICS_ALLOW and API_DOCS_ALLOW: /metrics and the API reference for the listed clients only', () => {
  let restricted: TestApp;
  beforeAll(async () => {
    restricted = await startTestApp({ METRICS_ALLOW: '10.0.0.0/8', API_DOCS_ALLOW: '10.0.0.0/8,192.168.1.7' });
  });
  afterAll(() => restricted.close());

  // The proxy (loopback, trusted) reports the client's address.
  const from = (address: string, path: string) => request(restricted.server).get(path).set('X-Forwarded-For', address);

  test.each(['/metrics', '/api/docs/', '/api/docs-json'])(
    '%s: 404 for a client not listed, answered for one listed',
    async (path) => {
      const stranger = await from('203.0.113.5', path);
      expect(stranger.status).toBe(404);
      expect(stranger.body.detail).toBeDefined();
      expect(stranger.text).not.toMatch(/http_request_duration_seconds|openapi|swagger/i);
      expect((await from('10.20.30.40', path)).status).toBe(200);
    },
  );

  test('the rest of the API is not affected', async () => {
    expect((await from('203.0.113.5', '/api/give_rules/')).status).toBe(200);
  });
});
