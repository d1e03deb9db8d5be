import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { copyDatabase, dropDatabase } from '../../src/database/ensure-database';
import { prepareDatabase } from '../../src/database/migrate';
import type { Clock } from '../../src/common/clock';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { Client } from './client';
import { TestClock } from './test-clock';

export interface TestApp {
  app: INestApplication;
  server: Server;
  config: AppConfig;
  clock: TestClock;
  db: DataSource;
  client(): Client;
  close(): Promise<void>;
}

/**
 * The real API on an ephemeral port, against the run's database and MailDev. Each app gets a Redis
 * prefix of its own, so its queues, sessions and limits are invisible to other test files.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  clock: Clock = new TestClock(),
  {
    ownDatabase = false,
    port = 0,
  }: {
    /** true: a copy of the run's template (the same install); 'new-install': migrated from empty, as a new install's. */
    ownDatabase?: boolean | 'new-install';
    port?: number;
  } = {},
): Promise<TestApp> {
  // Device tests need a database of their own: the site row (online, relays) is one physical court.
  const database = ownDatabase ? await freshDatabase(ownDatabase === 'new-install') : null;
  const config = loadConfig({
    ...process.env,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'kort-test:'}${randomUUID().slice(0, 8)}:`,
    ...(database ? { DATABASE_URL: database } : {}),
    ...env,
  });
  const app = await createApp({ config, clock });
  await app.listen(port, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  return {
    app,
    server,
    config,
    clock: clock as TestClock,
    db: app.get(DataSource),
    client: () => new Client(server),
    close: async () => {
      await app.close();
      if (database) await dropDatabase(database);
    },
  };
}

/**
 * Another copy of the run's template (migrated and seeded), beside the file's own database; or, for
 * a new install, a database migrated and seeded from empty (its own install id).
 */
async function freshDatabase(newInstall: boolean): Promise<string> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kort_test');
  url.pathname = `${url.pathname}_${randomUUID().slice(0, 8)}`;
  const databaseUrl = url.toString();
  const template = process.env.KORT_TEST_TEMPLATE_URL;
  if (template && !newInstall) await copyDatabase(template, databaseUrl);
  else
    await prepareDatabase(databaseUrl, () => new DataSource(dataSourceOptions(databaseUrl)).initialize(), {
      seed: true,
    });
  return databaseUrl;
}
