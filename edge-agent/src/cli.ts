#!/usr/bin/env node
import { AGENT_ALARMS, type AgentDriver, RELAYS, type RelayId } from '@kort/contracts';
import { startAgent } from './agent';
import { installCommand } from './update/install-command';
import { parseSimulateArgs, simulateAlarm } from './alarms/simulate-command';
import { type AgentConfig, AgentConfigError, loadAgentConfig } from './config';
import { createDriver } from './hardware/driver-factory';
import { GpioSetupError } from './hardware/gpio-chip';
import { createJsonLogger } from './logger';
import { startSystemdNotify } from './systemd-notify';

const DRIVER_NAMES: Record<AgentDriver, string> = {
  'gpio-chardev': 'gpio-chardev (GPIO character device)',
  'gpio-sysfs': 'gpio-sysfs (sysfs GPIO, onoff)',
  simulated: 'simulated (no relay moves)',
};

/** The exit code after an update switched releases (EX_TEMPFAIL): a restart is expected. */
const EXIT_RESTART = 75;

const USAGE = `Usage:
  kort-agent [--config FILE]                                  run the daemon
  kort-agent test-relay <relay> [--ms 1000] [--config FILE]   switch one relay on for a while, then off
  kort-agent simulate <alarm> [--clear] [--config FILE]       raise (or clear) an alarm on a running simulated agent
  kort-agent install <bundle.tar.gz> [--root DIR]             install a signed release (AGENT_UPDATE_PUBLIC_KEY) as current
Relays: ${RELAYS.join(', ')}
Alarms: ${AGENT_ALARMS.join(', ')}`;

function loadOrExit(argv: string[], requireToken: boolean): AgentConfig {
  try {
    return loadAgentConfig(process.env, argv, { requireToken });
  } catch (error) {
    if (!(error instanceof AgentConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function runDaemon(argv: string[]): Promise<void> {
  const config = loadOrExit(argv, true);
  const logger = createJsonLogger(config.logLevel);
  let agent: Awaited<ReturnType<typeof startAgent>>;
  // An update switched `current`: stop cleanly (relays off, outbox and state saved) and exit for
  // systemd (Restart=always) or the guard's loop to start the new release.
  let restartForUpdate = () => {};
  try {
    agent = await startAgent(config, { logger, restart: () => restartForUpdate() });
  } catch (error) {
    logger.error('agent cannot start', { error });
    // The operator's one sentence (what to install, what to set), apart from the JSON log.
    if (error instanceof GpioSetupError) process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const stopNotify = startSystemdNotify(process.env, logger);

  let stopping = false;
  const shutdown = (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    stopNotify();
    agent
      .stop()
      .catch((error: unknown) => logger.error('stop failed', { error }))
      .finally(() => process.exit(code));
  };
  restartForUpdate = () => shutdown('update', EXIT_RESTART);
  process.once('SIGTERM', () => shutdown('SIGTERM', 0));
  process.once('SIGINT', () => shutdown('SIGINT', 0));
  // A bug must not leave the door unlocked: stop (relays off) and let systemd restart us. `on`,
  // not `once`: a second error during the stop must not kill the process before the relays are off.
  process.on('uncaughtException', (error) => {
    logger.error('uncaught exception', { error });
    shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (error) => {
    logger.error('unhandled rejection', { error });
    shutdown('unhandledRejection', 1);
  });
}

function parseMs(argv: string[]): number {
  const index = argv.indexOf('--ms');
  if (index === -1) return 1000;
  const ms = Number(argv[index + 1]);
  if (!Number.isInteger(ms) || ms < 1 || ms > 60_000) {
    process.stderr.write('--ms must be a number of milliseconds between 1 and 60000\n');
    process.exit(2);
  }
  return ms;
}

async function testRelay(argv: string[]): Promise<void> {
  const relay = argv[0] as RelayId | undefined;
  if (!relay || !RELAYS.includes(relay)) {
    process.stderr.write(`${relay ? `Unknown relay "${relay}".\n` : ''}${USAGE}\n`);
    process.exit(2);
  }
  const ms = parseMs(argv);
  const config = loadOrExit(argv.slice(1), false);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let driver: ReturnType<typeof createDriver>;
  try {
    driver = createDriver(config, createJsonLogger('warn'));
    say(`Driver: ${DRIVER_NAMES[driver.kind]}${config.activeLow ? ' (active-low relay board)' : ''}`);
    await driver.start();
  } catch (error) {
    if (!(error instanceof GpioSetupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const where = ` (${driver.describe(relay)})`;
  const off = async () => {
    await driver.set(relay, false);
    say(`${relay}${where}: OFF`);
    await driver.stop();
  };
  // Ctrl-C during the test still switches the relay off.
  process.once('SIGINT', () => void off().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void off().finally(() => process.exit(143)));
  await driver.set(relay, true);
  say(`${relay}${where}: ON for ${ms} ms`);
  await new Promise((resolve) => setTimeout(resolve, ms));
  await off();
}

/** The door display's debug endpoint of the agent running with this config (DISPLAY_HOST/DISPLAY_PORT). */
async function simulate(argv: string[]): Promise<void> {
  const args = parseSimulateArgs(argv);
  if ('error' in args) {
    process.stderr.write(`${args.error}\n${USAGE}\n`);
    process.exit(2);
  }
  const config = loadOrExit(argv.slice(1), false);
  process.exitCode = await simulateAlarm(args, config, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (argv[0] === 'test-relay') return testRelay(argv.slice(1));
  if (argv[0] === 'simulate') return simulate(argv.slice(1));
  if (argv[0] === 'install') process.exit(await installCommand(argv.slice(1), loadOrExit(argv.slice(1), false)));
  return runDaemon(argv);
}

main().catch((error: unknown) => {
  process.stderr.write(`kort-agent: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
