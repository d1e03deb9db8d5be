// throwaway: which SQL each rush request sends (log_statement=all on a bench database)
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase, players, startServer, zoneClock } from './lib.mjs';
const LOG = '/var/log/postgresql/postgresql-15-main.log';
const database = await benchDatabase();
const name = new URL(database.url).pathname.slice(1);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
await db.query(`ALTER DATABASE "${name}" SET log_statement = 'all'`);
const api = await startServer('services/api/dist/main.js', '/api/health/', {
  DATABASE_URL: database.url,
  REDIS_PREFIX: `kort-sql:${Date.now()}:`,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  LOG_LEVEL: 'info',
  EDGE_AGENT_TOKEN: randomBytes(24).toString('base64url'),
});
try {
  const [a, b] = await players(api.base, database.url, 2);
  const {
    rows: [site],
  } = await db.query(`SELECT timezone FROM sites WHERE id = 'default'`);
  const clock = zoneClock(site.timezone);
  const day = clock.date(Date.now(), 5);
  const steps = [
    ['warm dial', a, 'GET', `/api/get-available-times/?date=${day}`],
    ['dial', b, 'GET', `/api/get-available-times/?date=${day}`],
    ['dial again', b, 'GET', `/api/get-available-times/?date=${day}`],
    ['courts status', b, 'GET', `/api/get_courts_status/?date=${day}&hour=18`],
    ['book', b, 'POST', `/api/order-court/1/`, { id_cort: 1, time_start: clock.instant(day, 18), players_count: 2 }],
    ['dial after book', a, 'GET', `/api/get-available-times/?date=${day}`],
    [
      'book taken',
      a,
      'POST',
      `/api/order-court/1/`,
      { id_cort: 1, time_start: clock.instant(day, 18), players_count: 2 },
    ],
    ['waitlist', a, 'POST', `/api/waitlist/`, { time_start: clock.instant(day, 18) }],
  ];
  for (const [label, who, method, path, body] of steps) {
    await new Promise((r) => setTimeout(r, 300));
    const from = statSync(LOG).size;
    const res = await fetch(api.base + path, {
      method,
      headers: { cookie: who.cookie, ...(body && { 'content-type': 'application/json', 'x-csrftoken': who.csrf }) },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    await new Promise((r) => setTimeout(r, 300));
    const lines = readFileSync(LOG, 'utf8')
      .slice(from)
      .split('\n')
      .filter((l) => l.includes(`@${name}`) && /statement:|execute/.test(l));
    console.log(`\n## ${label}: ${res.status} ${text.slice(0, 100)}  — ${lines.length} statements`);
    for (const l of lines)
      console.log(
        '  ' +
          l
            .replace(/^.*?(statement|execute[^:]*): /, '')
            .replace(/\s+/g, ' ')
            .slice(0, 220),
      );
  }
} finally {
  await db.end();
  await api.stop();
  await database.drop();
}
