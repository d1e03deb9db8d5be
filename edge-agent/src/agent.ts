import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { type AgentSnapshot } from '@kort/contracts';
import { type CommandRunner } from './commands/command-runner';
import { type AgentConfig } from './config';
import { type EventBus } from './event-bus';
import { createDriver } from './hardware/driver-factory';
import { type RelayDriver } from './hardware/relay-driver';
import { createJsonLogger, type Logger } from './logger';
import { type OutboxStore } from './outbox/outbox-store';
import { AgentParts } from './parts/agent-part';
import { agentParts, buildAgent } from './parts/assemble';
import { type ScheduleStore } from './schedule/schedule-store';

export interface AgentOptions {
  /** Defaults to the driver the config selects (GPIO on a Pi, the simulator elsewhere). */
  driver?: RelayDriver;
  logger?: Logger;
  /** This machine's clock; defaults to Date.now (a test moves it through a two-day outage). */
  clock?: () => number;
  /**
   * Ends the process for its supervisor after an update switched `current` (the CLI stops the agent
   * and exits). Without it, an update that needs a restart only stops the agent.
   */
  restart?: () => void;
}

export interface RunningAgent {
  driver: RelayDriver;
  bus: EventBus;
  commands: CommandRunner;
  schedule: ScheduleStore;
  outbox: OutboxStore;
  display: { url: string };
  connected(): boolean;
  /** The link monitor's verdict: no contact with the API for `offlineAfterMs`. */
  offline(): boolean;
  snapshot(): AgentSnapshot;
  /** Closes the socket and the display, saves the state and leaves every relay off. Idempotent. */
  stop(): Promise<void>;
}

/** package.json sits one level above both src/ (tests) and dist/ (production). */
const PACKAGE_DIR = join(__dirname, '..');

function readVersion(): string {
  const { version } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string };
  return version;
}

/** UPDATE_ROOT, else the root of the release folder this code runs from (<root>/releases/<version>). */
export function updateRootOf(config: AgentConfig, packageDir = PACKAGE_DIR): string | null {
  if (config.updateRoot) return resolve(config.updateRoot);
  const releases = dirname(resolve(packageDir));
  return basename(releases) === 'releases' ? dirname(releases) : null;
}

/**
 * The controller of the daemon: builds the agent's parts (parts/assemble.ts), starts them in order
 * and, on stop or on a failed start, stops the started ones in reverse.
 */
export async function startAgent(config: AgentConfig, options: AgentOptions = {}): Promise<RunningAgent> {
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  const driver = options.driver ?? createDriver(config, logger);
  const agentVersion = readVersion();
  let restarting = false;
  const runtime = {
    version: agentVersion,
    updateRoot: updateRootOf(config),
    restart: () => {
      if (restarting) return;
      restarting = true;
      if (options.restart) options.restart();
      else void stop();
    },
  };
  const pieces = buildAgent(config, driver, logger, runtime, options.clock);
  const parts = new AgentParts(agentParts(pieces, logger), logger);

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('agent stopping');
      await parts.stop();
      pieces.bus.removeAll();
      logger.info('agent stopped');
    })());

  try {
    await parts.start();
  } catch (error) {
    // A driver that cannot start has released its own lines: nothing else to stop then.
    if (parts.running) await stop();
    throw error;
  }

  logger.info('agent started', { version: agentVersion, site: config.siteId, display: pieces.display.url });
  const { bus, commands, schedule, outbox, transport, link, snapshot } = pieces;
  return {
    driver,
    bus,
    commands,
    schedule,
    outbox,
    display: { url: pieces.display.url },
    connected: () => transport.connected,
    offline: () => link.offline,
    snapshot,
    stop,
  };
}
