import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source-options';
import { prepareDatabase } from '../database/migrate';
import { PreflightError, preflight } from '../preflight';

/**
 * `npm run migrate`: create the database if missing, apply migrations, seed reference data.
 * `--no-seed` skips the seed (production upgrades). Idempotent.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await preflight(config, { postgres: 'server' });
  const withSeed = !process.argv.includes('--no-seed');
  const applied = await prepareDatabase(
    config.databaseUrl,
    async () => new DataSource(dataSourceOptions(config.databaseUrl)).initialize(),
    { seed: withSeed },
  );
  const where = new URL(config.databaseUrl);
  process.stdout.write(
    `Database ${where.pathname.slice(1)} on ${where.host}: ${
      applied.length ? `applied ${applied.join(', ')}` : 'already up to date'
    }${withSeed ? '; reference data seeded' : ''}.\n`,
  );
}

main().catch((error: unknown) => {
  const readable = error instanceof ConfigError || error instanceof PreflightError;
  process.stderr.write(`${readable ? error.message : `Migration failed: ${String(error)}`}\n`);
  process.exit(1);
});
