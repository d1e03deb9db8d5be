import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
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
export async function startTestApp(env: Record<string, string> = {}, clock: Clock = new TestClock()): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'kort-test:'}${randomUUID().slice(0, 8)}:`,
    ...env,
  });
  const app = await createApp({ config, clock });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  return {
    app,
    server,
    config,
    clock: clock as TestClock,
    db: app.get(DataSource),
    client: () => new Client(server),
    close: () => app.close(),
  };
}
