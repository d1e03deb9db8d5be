import { ConfigError, loadConfig } from '../config/app-config';
import { PreflightError, preflight } from '../preflight';

/**
 * `npm start` asks this first: are PostgreSQL and Redis running? One sentence and exit 1 if not
 * (the database itself may be missing: the migrate step creates it).
 */
async function main(): Promise<void> {
  await preflight(loadConfig(), { postgres: 'server', redis: true });
}

main().catch((error: unknown) => {
  const readable = error instanceof ConfigError || error instanceof PreflightError;
  process.stderr.write(`${readable ? error.message : String(error)}\n`);
  process.exit(1);
});
