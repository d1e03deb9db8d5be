import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentEventKind, type AgentSnapshot } from '@kort/contracts';
import { CommandRunner } from './commands/command-runner';
import { agentFiles, type AgentConfig } from './config';
import { DisplayServer } from './display/display-server';
import { DoorWatcher } from './door/door-watcher';
import { EventBus } from './event-bus';
import { createDriver } from './hardware/driver-factory';
import { type RelayDriver } from './hardware/relay-driver';
import { KeypadService } from './keypad/keypad-service';
import { LightController } from './lights/light-controller';
import { createJsonLogger, type Logger } from './logger';
import { type OutboxFields, OutboxStore } from './outbox/outbox-store';
import { OutboxUploader } from './outbox/outbox-uploader';
import { ScheduleStore, scheduleKeyFor } from './schedule/schedule-store';
import { bootId } from './state/boot-id';
import { StateStore } from './state/state-store';
import { LinkMonitor } from './transport/link-monitor';
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
 * The controller of the daemon: starts every part in order (driver → state, schedule, outbox → link
 * monitor, commands, door watcher, light → display → transport, uploader) and stops them in
 * reverse, relays first to their safe state.
 */
export async function startAgent(config: AgentConfig, options: AgentOptions = {}): Promise<RunningAgent> {
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  const bus = new EventBus(logger);
  const driver = options.driver ?? createDriver(config, logger);
  const agentVersion = readVersion();
  const files = agentFiles(config.stateFile);

  await driver.start();
  logger.info('relays ready, all off', { driver: driver.kind });
  if (driver.kind === 'simulated') logger.warn('simulated driver (DRIVER=simulated): commands succeed, no relay moves');
  const stopDoorSensor = driver.onDoorSensor((closed) => bus.emit('doorSensorChanged', { closed, at: Date.now() }));

  // Deadlines, display expiry and game windows are API times: judge them by the API's clock.
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;
  const state = new StateStore(config.stateFile, logger);
  const schedule = new ScheduleStore({
    file: files.schedule,
    key: scheduleKeyFor(config.token),
    siteId: config.siteId,
    logger,
    now,
  });
  const link = new LinkMonitor({ bus, logger, offlineAfterMs: config.offlineAfterMs, now });
  let uploader: OutboxUploader | null = null;
  const outbox = new OutboxStore({
    file: files.outbox,
    logger,
    now,
    offline: () => link.offline,
    onAppended: () => uploader?.kick(),
  });
  const record = (kind: AgentEventKind, fields: OutboxFields) => outbox.append(kind, fields);
  const commands = new CommandRunner({ driver, bus, state, logger, doorPulseMs: config.doorPulseMs, now });
  const doorWatcher = new DoorWatcher({ bus, driver, logger, record, offline: () => link.offline });
  const lights = new LightController({
    bus,
    logger,
    games: () => schedule.games(),
    policy: () => schedule.light,
    lightOn: () => driver.states().light,
    switchLight: (on) => commands.switchLight(on),
    record,
    now,
  });
  const keypad = new KeypadService({
    logger,
    games: () => schedule.doorGames(),
    offline: () => link.offline,
    hasDoorSensor: () => driver.doorClosed() !== null,
    pulseDoor: (game) => commands.pulseDoor(game),
    record,
    now,
  });
  let display: DisplayServer | null = null;
  let transport: SocketClient | null = null;

  const snapshot = (): AgentSnapshot => ({
    relays: driver.states(),
    doorClosed: driver.doorClosed(),
    display: commands.display,
    agentVersion,
    driver: driver.kind,
  });

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('agent stopping');
      // Nothing decides anything any more, then the relays go off while the socket is still up, so
      // the API hears the door lock.
      uploader?.stop();
      lights.stop();
      doorWatcher.stop();
      link.stop();
      commands.stop();
      await commands.allOff();
      const steps: [string, () => Promise<void> | void][] = [
        ['transport', () => transport?.stop()],
        ['display', () => display?.stop()],
        ['outbox', () => outbox.close()],
        ['schedule', () => schedule.save()],
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

  const boot = bootId();
  try {
    await state.load();
    // A restart while the link is down keeps the API's clock, unless the machine rebooted.
    if (boot && state.clock?.bootId === boot) clockOffsetMs = state.clock.offsetMs;
    await schedule.load();
    await outbox.load();
    commands.restoreDisplay();
    link.start();
    bus.on('linkChanged', async ({ offline, since, at }) => {
      if (!offline) await record('agent.offline', { params: { from: Math.round(since), to: Math.round(at) } });
    });
    doorWatcher.start();
    lights.start();
    display = new DisplayServer({
      host: config.displayHost,
      port: config.displayPort,
      logger,
      playerUrl: config.playerUrl ?? config.apiUrl,
      state: () => ({
        connected: transport?.connected ?? false,
        offline: link.offline,
        display: commands.display,
        relays: driver.states(),
        schedule: schedule.summary(),
      }),
      unlock: (pin) => keypad.unlock(pin),
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
      onSchedule: (payload) => schedule.accept(payload),
      onClockOffset: (offsetMs) => {
        clockOffsetMs = offsetMs;
        if (!boot) return;
        state.clock = { offsetMs, bootId: boot };
        state.save().catch((error: unknown) => logger.error('could not persist the state file', { error }));
      },
      onContact: () => link.contact(),
      // Several asks per offline period, so one lost answer does not flip the agent offline.
      heartbeatMs: Math.min(3000, Math.floor(config.offlineAfterMs / 3)),
      backoff: { baseMs: config.reconnectBaseMs, capMs: config.reconnectCapMs },
    });
    const socket = transport;
    uploader = new OutboxUploader({
      outbox,
      send: (events, timeoutMs) => socket.sendOutbox(events, timeoutMs),
      connected: () => socket.connected,
      logger,
    });
    bus.on('connectionChanged', ({ connected }) => (connected ? uploader?.connected() : undefined));
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
    schedule,
    outbox,
    display: { url: display.url },
    connected: () => transport?.connected ?? false,
    offline: () => link.offline,
    snapshot,
    stop,
  };
}
