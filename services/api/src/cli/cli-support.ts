import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source-options';

/** Runs a command-line task with a configured, connected DataSource; exits non-zero on failure. */
export async function runCli(task: (db: DataSource, config: AppConfig) => Promise<void>): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const db = new DataSource(dataSourceOptions(config.databaseUrl));
  try {
    await db.initialize();
    await task(db, config);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    if (db.isInitialized) await db.destroy();
  }
}

/** `--name value` pairs from argv. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg?.startsWith('--')) {
      const value = argv[i + 1];
      flags[arg.slice(2)] = value !== undefined && !value.startsWith('--') ? value : '';
      if (flags[arg.slice(2)]) i += 1;
    }
  }
  return flags;
}
