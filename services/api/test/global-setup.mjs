// Once per `jest` run: a template database (created, migrated, seeded; dropped at the end) that
// each test file gets a copy of (test/support/database-per-file.environment.ts), a
// Redis key prefix of its own, a real MailDev, the fake VK ID / Yandex ID, a fake Telegram Bot API
// and a fake push service on free ports. Workers inherit them through env.
import { createRequire } from 'node:module';
import { freePort } from '../../../scripts/free-port.mjs';
import { DataSource } from 'typeorm';
import { startFakeOAuthProvider } from '../../../scripts/fake-oauth-provider.mjs';
import { startFakePushService } from '../../../scripts/fake-push-service.mjs';
import { startFakeBotApi } from '../../../scripts/fake-telegram-bot-api.mjs';
import { startMailDev } from '../../../scripts/maildev.mjs';

const require = createRequire(import.meta.url);

export default async function globalSetup() {
  // The compiled API (npm test builds it first) so migrations run exactly as in production.
  const { dataSourceOptions } = require('../dist/database/data-source-options.js');
  const { prepareDatabase } = require('../dist/database/migrate.js');

  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  // The template every test file's own database is copied from; nobody connects to it after this.
  base.pathname = `/kort_test_${runId}_template`;
  const databaseUrl = base.toString();
  await prepareDatabase(databaseUrl, () => new DataSource(dataSourceOptions(databaseUrl)).initialize(), {
    seed: true,
  });

  const maildev = await startMailDev({ smtpPort: await freePort(), webPort: await freePort() });
  // VK ID and Yandex ID as their documentation describes them (test/social-login.test.ts).
  const oauth = await startFakeOAuthProvider();
  // The Telegram Bot API and a browser push service, speaking their protocols (test/notifications/).
  const telegram = await startFakeBotApi({ token: '7000000001:AAKortFakeBotTokenForTests_0123456' });
  const push = await startFakePushService();
  globalThis.__KORT_TEST__ = { maildev, oauth, telegram, push, databaseUrl };

  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    KORT_TEST_TEMPLATE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `kort-test:${runId}:`,
    SMTP_URL: `smtp://127.0.0.1:${maildev.smtpPort}`,
    MAILDEV_URL: `http://127.0.0.1:${maildev.webPort}`,
    FAKE_OAUTH_URL: oauth.url,
    FAKE_TELEGRAM_URL: telegram.url,
    FAKE_TELEGRAM_TOKEN: telegram.token,
    FAKE_TELEGRAM_BOT: telegram.username,
    FAKE_PUSH_URL: push.url,
    LOG_LEVEL: 'silent',
    EDGE_AGENT_TOKEN: 'test-edge-agent-token-0123456789',
  });
}
