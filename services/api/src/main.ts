import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { createApp, disconnectLocalSockets } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { InstallConflict } from './install/install-identity';
import { shutDownGracefully } from './lifecycle/graceful-shutdown';
import { PreflightError, preflight } from './preflight';

// V8's memory reducer shrinks the heap once a busy process goes quiet: a few full collections in a
// row (one paused the API for 39 ms on the development VM), landing on the first requests after a
// burst (a door opened after the evening's bookings). A replica keeps the heap it grew instead
// (decision 0129).
setFlagsFromString('--no-memory-reducer');

/** Below compose's stop_grace_period (30 s) and systemd's default (90 s): we finish, not get killed. */
const SHUTDOWN_DEADLINE_MS = 20_000;

/** A wrong setting or a missing service ends the start with one readable message, never a trace. */
function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

/** `npm run start:prod` (and the containers): one API replica on PORT. */
async function main(): Promise<void> {
  const config = configOrExit();
  await preflight(config, { postgres: 'migrated', redis: true }).catch((error: unknown) => {
    if (error instanceof PreflightError) exitWith(error.message);
    throw error;
  });
  const app = await createApp({ config }).catch((error: unknown) => {
    if (error instanceof InstallConflict) exitWith(error.message);
    throw error;
  });
  // Every interface, as Express did (Fastify alone would take localhost, and socket.io only one of its servers).
  await app.listen(config.port, '0.0.0.0');

  const logger = new Logger('Shutdown');
  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C does not start a second shutdown; it waits for the first.
    stopping ??= shutDownGracefully(app, {
      deadlineMs: SHUTDOWN_DEADLINE_MS,
      logger,
      disconnectSockets: () => disconnectLocalSockets(app),
    }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ signal, error: String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
