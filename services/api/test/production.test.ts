import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { spawnSync } from 'node:child_process';
import { migrations } from '../src/database/data-source-options';
import { PASSWORD, registerPlayer } from './support/accounts';
import { Client } from './support/client';
import { REPO_ROOT, runScript, STACK_TRACE, startScript } from './support/processes';

/**
 * Production mode as operators and the containers run it: `npm run migrate:prod`, then
 * `npm run start:prod` with NODE_ENV=production.
 */
const PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  REDIS_PREFIX: `${process.env.REDIS_PREFIX}prod:`,
  SMTP_URL: process.env.SMTP_URL,
  PUBLIC_URL: 'https://kort.example.ru',
  SESSION_SECRET: 'production-test-session-secret-0123456789',
  EDGE_AGENT_TOKEN: 'production-test-agent-token-0123',
  LOG_LEVEL: 'warn',
};
const REQUIRED = ['SESSION_SECRET', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'EDGE_AGENT_TOKEN'];

/** A database URL on the test server with a name of its own (dropped after the tests). */
const scratchDatabases: string[] = [];
function scratchDatabase(label: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${url.pathname.slice(1)}_${label}_${randomUUID().slice(0, 6)}`;
  scratchDatabases.push(url.pathname.slice(1));
  return url.toString();
}

async function sql<T extends object>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const db = new Pg({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

afterAll(async () => {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = '/postgres';
  for (const name of scratchDatabases) await sql(server.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('the migrate command (npm run migrate:prod)', () => {
  test('creates and migrates an empty database, then finds it up to date and keeps what admins changed', async () => {
    const databaseUrl = scratchDatabase('migrate');
    const env = { ...PRODUCTION, DATABASE_URL: databaseUrl };

    const first = runScript('migrate:prod', env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(
      `applied ${migrations.map((migration) => migration.name).join(', ')}; reference data seeded`,
    );
    expect(await sql(databaseUrl, 'SELECT id FROM courts ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await sql(databaseUrl, `SELECT kind, count(*)::int AS n FROM shelves GROUP BY kind ORDER BY kind`)).toEqual([
      { kind: 'equipment', n: 2 },
      { kind: 'shelf', n: 9 },
    ]);
    // Reference data only: no accounts of any kind.
    expect(await sql(databaseUrl, 'SELECT id FROM users')).toEqual([]);

    await sql(databaseUrl, `UPDATE settings SET value = 'Звоните: +7 900 000-00-00' WHERE key = 'club_contacts'`);
    const again = runScript('migrate:prod', env);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/already up to date; reference data seeded/);
    expect(await sql(databaseUrl, `SELECT value FROM settings WHERE key = 'club_contacts'`)).toEqual([
      { value: 'Звоните: +7 900 000-00-00' },
    ]);
    const applied = await sql<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM migrations');
    expect(applied[0]!.n).toBe(migrations.length);
  });

  test('with PostgreSQL down it says so in one sentence', () => {
    const result = runScript('migrate:prod', { ...PRODUCTION, DATABASE_URL: 'postgres://kort@127.0.0.1:1/kort' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Kort cannot start: PostgreSQL is not running at 127.0.0.1:1; start it with `docker compose up -d postgres` (or point DATABASE_URL at a running server).',
    );
  });
});

describe('npm run start:prod', () => {
  test('starts with the production settings, serves both built apps and the API, and stops cleanly', async () => {
    const api = await startScript('start:prod', PRODUCTION);
    try {
      const player = await fetch(`${api.base}/reserve`);
      expect(player.status).toBe(200);
      expect(player.headers.get('content-type')).toMatch(/text\/html/);
      expect(await player.text()).toMatch(/<script type="module"[^>]+src="\/assets\//);
      const admin = await fetch(`${api.base}/admin/`);
      expect(await admin.text()).toMatch(/src="\/admin\/assets\//);
      expect(await (await fetch(`${api.base}/api/health/`)).json()).toMatchObject({ detail: 'ok' });
      expect((await fetch(`${api.base}/api/health/live`)).status).toBe(200);

      // Cookies are Secure when the request came over https (the proxy says so), not otherwise.
      const overHttps = new Client(api.base);
      const https = { headers: { 'X-Forwarded-Proto': 'https' } };
      const { email } = await registerPlayer(overHttps);
      const login = await overHttps.post('/api/login/', { email, password: PASSWORD }, https);
      expect(login.status).toBe(200);
      const secure = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sessionid='));
      expect(secure).toMatch(/; Secure/);
      const overHttp = new Client(api.base);
      const plain = await overHttp.post('/api/login/', { email, password: PASSWORD });
      const insecure = (plain.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sessionid='));
      expect(insecure).toBeDefined();
      expect(insecure).not.toMatch(/Secure/);
    } finally {
      api.child.kill('SIGTERM');
    }
    expect(await api.exited).toBe(0);
    expect(api.output()).not.toMatch(STACK_TRACE);
  });

  test.each(REQUIRED)('refuses to start without %s, saying why', (name) => {
    const result = runScript('start:prod', { ...PRODUCTION, [name]: undefined });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kort cannot start: the configuration is invalid.');
    expect(result.stderr).toContain(`  - ${name} is required when NODE_ENV=production (`);
    expect(result.stderr.match(/ is required /g)).toHaveLength(1);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });

  test('refuses a database that is missing or not migrated: migrations are the migrate command’s job', async () => {
    const missing = runScript('start:prod', { ...PRODUCTION, DATABASE_URL: scratchDatabase('missing') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /^Kort cannot start: the database "\S+" does not exist yet; create and migrate it with `npm run migrate:prod`/,
    );

    const emptyUrl = scratchDatabase('empty');
    const server = new URL(emptyUrl);
    server.pathname = '/postgres';
    await sql(server.toString(), `CREATE DATABASE "${new URL(emptyUrl).pathname.slice(1)}"`);
    const empty = runScript('start:prod', { ...PRODUCTION, DATABASE_URL: emptyUrl });
    expect(empty.status).toBe(1);
    expect(empty.stderr.trim()).toBe(
      `Kort cannot start: the database has ${migrations.length} migration(s) still to apply; run \`npm run migrate:prod\` (the compose service \`migrate\`) first.`,
    );
    // Nothing was created by the refused start.
    expect(await sql(emptyUrl, `SELECT to_regclass('migrations') AS t`)).toEqual([{ t: null }]);
  });

  test('with Redis down it says which service is missing and how to start it', () => {
    const result = runScript('start:prod', { ...PRODUCTION, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Kort cannot start: Redis is not running at 127.0.0.1:1; start it with `docker compose up -d redis` (or point REDIS_URL at a running server).',
    );
  });
});

test('a newcomer without PostgreSQL and Redis gets one sentence from `npm start`, not a stack trace', () => {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kort',
      REDIS_URL: 'redis://127.0.0.1:2',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(`${result.stdout}${result.stderr}`.trim()).toBe(
    'Kort cannot start: PostgreSQL is not running at 127.0.0.1:1 and Redis is not running at 127.0.0.1:2; start them with `docker compose up -d postgres redis` (or point DATABASE_URL and REDIS_URL at running servers).',
  );
});
