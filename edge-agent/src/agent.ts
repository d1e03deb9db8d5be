import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

function readVersion(): string {
  // package.json sits one level above both src/ (tests) and dist/ (production).
  const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
  return version;
}

/**
 * The controller of the daemon: builds the agent's parts (parts/assemble.ts), starts them in order
 * and, on stop or on a failed start, stops the started ones in reverse.
 */
export async function startAgent(config: AgentConfig, options: AgentOptions = {}): Promise<RunningAgent> {
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  const driver = options.driver ?? createDriver(config, logger);
  const agentVersion = readVersion();
  const pieces = buildAgent(config, driver, logger, agentVersion, options.clock);
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
