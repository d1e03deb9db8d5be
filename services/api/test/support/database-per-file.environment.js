// Each API test file runs against a database of its own: a copy of the run's migrated and seeded
// template (test/global-setup.mjs), made before the file is loaded and dropped after it, so files
// can run in parallel workers without meeting each other's rows. A project may also set the time
// zone its files run in (`testEnvironmentOptions.tz`: the booking tests under three zones).
const { randomUUID } = require('node:crypto');
const { TestEnvironment } = require('jest-environment-node');

class DatabasePerFile extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.timeZone = config.projectConfig.testEnvironmentOptions?.tz;
  }

  async setup() {
    await super.setup();
    if (this.timeZone) {
      // The worker's own process (the file's `process` is a copy): Node re-reads TZ when it is set.
      this.previousTimeZone = process.env.TZ;
      process.env.TZ = this.timeZone;
      this.global.process.env.TZ = this.timeZone;
    }
    const template = process.env.KORT_TEST_TEMPLATE_URL;
    if (!template) return;
    const { copyDatabase } = require('../../dist/database/ensure-database.js');
    const url = new URL(template);
    url.pathname = `${url.pathname.replace(/_template$/, '')}_${randomUUID().slice(0, 8)}`;
    await copyDatabase(template, url.toString());
    this.databaseUrl = url.toString();
    this.global.process.env.DATABASE_URL = this.databaseUrl;
  }

  async teardown() {
    if (this.databaseUrl) await require('../../dist/database/ensure-database.js').dropDatabase(this.databaseUrl);
    if (this.timeZone) {
      if (this.previousTimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTimeZone;
    }
    await super.teardown();
  }
}

module.exports = DatabasePerFile;
