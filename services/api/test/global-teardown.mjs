import { createRequire } from 'node:module';
import { Redis } from 'ioredis';

const require = createRequire(import.meta.url);

export default async function globalTeardown() {
  const { maildev, oauth, telegram, push, databaseUrl } = globalThis.__KORT_TEST__ ?? {};
  await maildev?.stop();
  await oauth?.stop();
  await telegram?.stop();
  await push?.stop();
  if (databaseUrl) await require('../dist/database/ensure-database.js').dropDatabase(databaseUrl);

  const redis = new Redis(process.env.REDIS_URL);
  const stream = redis.scanStream({ match: `${process.env.REDIS_PREFIX}*`, count: 500 });
  for await (const keys of stream) if (keys.length) await redis.unlink(...keys);
  await redis.quit();
}
