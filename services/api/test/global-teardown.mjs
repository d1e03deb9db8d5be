import { createRequire } from 'node:module';
import { Redis } from 'ioredis';

const require = createRequire(import.meta.url);

export default async function globalTeardown() {
  const { maildev, oauth, telegram, push, databaseUrl } = globalThis.__KORT_TEST__ ?? {};
  await maildev?.stop();
  await oauth?.stop();
  await telegram?.stop();
  await push?.stop();
  if (databaseUrl) {
    const { dropDatabase } = require('../dist/database/ensure-database.js');
    // The template, and any file's copy a killed worker left behind.
    const server = new URL(databaseUrl);
    const prefix = server.pathname.slice(1).replace(/_template$/, '');
    server.pathname = '/postgres';
    const pg = new (require('pg').Client)({ connectionString: server.toString() });
    await pg.connect();
    const { rows } = await pg.query(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [prefix]);
    await pg.end();
    for (const { datname } of rows) {
      const url = new URL(server);
      url.pathname = `/${datname}`;
      await dropDatabase(url.toString());
    }
  }

  const redis = new Redis(process.env.REDIS_URL);
  const stream = redis.scanStream({ match: `${process.env.REDIS_PREFIX}*`, count: 500 });
  for await (const keys of stream) if (keys.length) await redis.unlink(...keys);
  await redis.quit();
}
