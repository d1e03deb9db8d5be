import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentSnapshot } from '@kort/contracts';
import { CommandRunner } from './commands/command-runner';
import { type AgentConfig } from './config';
import { DisplayServer } from './display/display-server';
import { EventBus } from './event-bus';
import { createDriver } from './hardware/driver-factory';
import { type RelayDriver } from './hardware/relay-driver';
import { createJsonLogger, type Logger } from './logger';
import { StateStore } from './state/state-store';
import { SocketClient } from './transport/socket-client';

export interface AgentOptions {
  /** Defaults to the driver the config selects (GPIO on a Pi, the simulator elsewhere). */
  driver?: RelayDriver;
  logger?: Logger;
}

export interface RunningAgent {
  driver: RelayDriver;
  bus: EventBus;
  commands: CommandRunner;
  display: { url: string };
  connected(): boolean;
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
 * The controller of the daemon: starts every part in order (driver → state → display → transport)
 * and stops them in reverse, relays first to their safe state.
 */
export async function startAgent(config: AgentConfig, options: AgentOptions = {}): Promise<RunningAgent> {
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  const bus = new EventBus(logger);
  const driver = options.driver ?? createDriver(config, logger);
  const agentVersion = readVersion();

  await driver.start();
  logger.info('relays ready, all off', { driver: driver.kind });
  const stopDoorSensor = driver.onDoorSensor((closed) => bus.emit('doorSensorChanged', { closed, at: Date.now() }));

  const state = new StateStore(config.stateFile, logger);
  // Deadlines and display expiry are API times: judge them by the API's clock, not the Pi's.
  let clockOffsetMs = 0;
  const commands = new CommandRunner({
    driver,
    bus,
    state,
    logger,
    doorPulseMs: config.doorPulseMs,
    now: () => Date.now() + clockOffsetMs,
  });
  let display: DisplayServer | null = null;
  let transport: SocketClient | null = null;

  const snapshot = (): AgentSnapshot => ({
    relays: driver.states(),
    doorClosed: driver.doorClosed(),
    display: commands.display,
    agentVersion,
  });

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('agent stopping');
      commands.stop();
      // Relays first, while the socket is still up, so the API hears the door lock.
      await commands.allOff();
      const steps: [string, () => Promise<void> | void][] = [
        ['transport', () => transport?.stop()],
        ['display', () => display?.stop()],
        ['state', () => state.flush()],
        ['driver', () => driver.stop()],
      ];
      for (const [part, step] of steps) {
        try {
          await step();
        } catch (error) {
          logger.error('stopping a part failed', { part, error });
        }
      }
      stopDoorSensor();
      bus.removeAll();
      logger.info('agent stopped');
    })());

  try {
    await state.load();
    commands.restoreDisplay();
    display = new DisplayServer({
      host: config.displayHost,
      port: config.displayPort,
      logger,
      state: () => ({ connected: transport?.connected ?? false, display: commands.display, relays: driver.states() }),
    });
    await display.start();
    transport = new SocketClient({
      apiUrl: config.apiUrl,
      siteId: config.siteId,
      token: config.token,
      bus,
      logger,
      snapshot,
      onCommand: (payload) => commands.run(payload),
      onClockOffset: (offsetMs) => {
        clockOffsetMs = offsetMs;
      },
    });
    transport.start();
  } catch (error) {
    await stop();
    throw error;
  }

  logger.info('agent started', { version: agentVersion, site: config.siteId, display: display.url });
  return {
    driver,
    bus,
    commands,
    display: { url: display.url },
    connected: () => transport?.connected ?? false,
    snapshot,
    stop,
  };
}
