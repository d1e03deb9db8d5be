// Each API test file runs against a database of its own: a copy of the run's migrated and seeded
// template (test/global-setup.mjs), made before the file is loaded and dropped after it, so files
// can run in parallel workers without meeting each other's rows. A project may also set the time
// zone its files run in (`testEnvironmentOptions.tz`: the booking tests under three zones).
import { randomUUID } from 'node:crypto';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';
import { copyDatabase, dropDatabase } from '../../src/database/ensure-database';

export default class DatabasePerFile extends TestEnvironment {
  private readonly timeZone?: string;
  private previousTimeZone?: string;
  private databaseUrl?: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const tz = config.projectConfig.testEnvironmentOptions.tz;
    this.timeZone = typeof tz === 'string' ? tz : undefined;
  }

  override async setup(): Promise<void> {
    await super.setup();
    const fileEnv = this.global.process.env;
    if (this.timeZone) {
      // The worker's own process (the file's `process` is a copy): Node re-reads TZ when it is set.
      this.previousTimeZone = process.env.TZ;
      process.env.TZ = this.timeZone;
      fileEnv.TZ = this.timeZone;
    }
    const template = process.env.KORT_TEST_TEMPLATE_URL;
    if (!template) return;
    const url = new URL(template);
    url.pathname = `${url.pathname.replace(/_template$/, '')}_${randomUUID().slice(0, 8)}`;
    await copyDatabase(template, url.toString());
    this.databaseUrl = url.toString();
    fileEnv.DATABASE_URL = this.databaseUrl;
  }

  override async teardown(): Promise<void> {
    if (this.databaseUrl) await dropDatabase(this.databaseUrl);
    if (this.timeZone) {
      if (this.previousTimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTimeZone;
    }
    await super.teardown();
  }
}
