import { type AgentEventKind, type AgentSnapshot, RELAYS } from '@kort/contracts';
import { type Alarms, buildAlarms } from '../alarms/alarms-part';
import { CommandRunner } from '../commands/command-runner';
import { agentFiles, type AgentConfig } from '../config';
import { DisplayServer } from '../display/display-server';
import { DoorWatcher } from '../door/door-watcher';
import { EventBus } from '../event-bus';
import { type RelayDriver } from '../hardware/relay-driver';
import { KeypadService } from '../keypad/keypad-service';
import { LightController } from '../lights/light-controller';
import { type Logger } from '../logger';
import { type OutboxFields, OutboxStore } from '../outbox/outbox-store';
import { OutboxUploader } from '../outbox/outbox-uploader';
import { ScheduleStore, scheduleKeyFor } from '../schedule/schedule-store';
import { StateStore } from '../state/state-store';
import { LinkMonitor } from '../transport/link-monitor';
import { SocketClient } from '../transport/socket-client';
import { UpdateTrial } from '../update/trial';
import { Updater } from '../update/updater';
import { updatePublicKey } from '../update/manifest';
import { type AgentPart } from './agent-part';
import { ApiClock } from './api-clock';

/** Everything the agent is made of, built and wired together; nothing runs before its part starts. */
export interface AgentPieces {
  driver: RelayDriver;
  bus: EventBus;
  clock: ApiClock;
  state: StateStore;
  schedule: ScheduleStore;
  outbox: OutboxStore;
  link: LinkMonitor;
  commands: CommandRunner;
  doorWatcher: DoorWatcher;
  alarms: Alarms;
  lights: LightController;
  display: DisplayServer;
  transport: SocketClient;
  uploader: OutboxUploader;
  snapshot: () => AgentSnapshot;
  /** Null when updates are off (no releases root, or no update key). */
  updater: Updater | null;
  trial: UpdateTrial | null;
}

/** A game is "busy" from this long before its door window opens: an update and its restart fit before it. */
export const UPDATE_MARGIN_MS = 2 * 60_000;

/** How the agent is run: its version, its releases root (null: updates off) and how it restarts. */
export interface AgentRuntime {
  version: string;
  updateRoot: string | null;
  /** Ends the process for its supervisor to start `current` (the CLI stops the agent first). */
  restart: () => void;
}

/** Builds the agent's pieces around its relay driver. Constructors only store their options. */
export function buildAgent(
  config: AgentConfig,
  driver: RelayDriver,
  logger: Logger,
  runtime: AgentRuntime,
  /** This machine's clock (Date.now but in tests). */
  machineNow: () => number = Date.now,
): AgentPieces {
  const agentVersion = runtime.version;
  const files = agentFiles(config.stateFile);
  const bus = new EventBus(logger);
  const state = new StateStore(config.stateFile, logger);
  const clock = new ApiClock(state, logger, machineNow);
  const now = clock.now;
  const schedule = new ScheduleStore({
    file: files.schedule,
    key: scheduleKeyFor(config.token),
    siteId: config.siteId,
    logger,
    now,
  });
  const link = new LinkMonitor({ bus, logger, offlineAfterMs: config.offlineAfterMs, now });
  const outbox: OutboxStore = new OutboxStore({
    file: files.outbox,
    logger,
    now,
    offline: () => link.offline,
    onAppended: () => uploader.kick(),
  });
  const record = (kind: AgentEventKind, fields: OutboxFields) => outbox.append(kind, fields);
  const commands = new CommandRunner({ driver, bus, state, logger, doorPulseMs: config.doorPulseMs, now });
  const doorWatcher = new DoorWatcher({
    bus,
    driver,
    logger,
    record,
    offline: () => link.offline,
    heldOpenMs: config.doorHeldOpenS * 1000,
  });
  const alarms = buildAlarms({
    config,
    driver,
    bus,
    logger,
    record,
    now,
    clockOffsetMs: () => clock.measuredOffsetMs,
  });
  const lights = new LightController({
    bus,
    logger,
    games: () => schedule.games(),
    policy: () => schedule.light,
    lightOn: () => driver.states().light,
    switchLight: (on) => commands.switchLight(on),
    doorOpened: (game) => state.hasDoorOpened(game),
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
  const snapshot = (): AgentSnapshot => ({
    relays: driver.states(),
    doorClosed: driver.doorClosed(),
    display: commands.display,
    agentVersion,
    driver: driver.kind,
  });
  const display = new DisplayServer({
    host: config.displayHost,
    port: config.displayPort,
    logger,
    playerUrl: config.playerUrl ?? config.apiUrl,
    state: () => ({
      connected: transport.connected,
      offline: link.offline,
      display: commands.display,
      relays: driver.states(),
      schedule: schedule.summary(),
      alarms: alarms.book.raised(),
    }),
    unlock: (pin) => keypad.unlock(pin),
    // Only a simulated agent has the debug panel and answers POST /debug/alarm.
    simulate: alarms.simulator ? (alarm, on) => alarms.simulator!.simulate(alarm, on) : undefined,
  });
  let scheduleAccepted = false;
  const transport: SocketClient = new SocketClient({
    apiUrl: config.apiUrl,
    siteId: config.siteId,
    token: config.token,
    bus,
    logger,
    snapshot,
    onCommand: (payload) => commands.run(payload),
    onSchedule: async (payload) => {
      const ack = await schedule.accept(payload);
      if (ack.ok) scheduleAccepted = true;
      return ack;
    },
    onRelease: (payload) => updater?.offer(payload),
    onClockOffset: (offsetMs) => clock.measured(offsetMs),
    machineNow,
    onContact: () => link.contact(),
    // Several asks per offline period, so one lost answer does not flip the agent offline.
    heartbeatMs: Math.min(3000, Math.floor(config.offlineAfterMs / 3)),
    backoff: { baseMs: config.reconnectBaseMs, capMs: config.reconnectCapMs },
  });
  const updatesOn = runtime.updateRoot !== null && config.updatePublicKey !== undefined;
  if (!updatesOn)
    logger.info('agent updates are off', {
      reason:
        runtime.updateRoot === null ? 'not running from a release folder (UPDATE_ROOT)' : 'no AGENT_UPDATE_PUBLIC_KEY',
    });
  const updater = updatesOn
    ? new Updater({
        root: runtime.updateRoot!,
        key: updatePublicKey(config.updatePublicKey!),
        running: agentVersion,
        apiUrl: config.apiUrl,
        siteId: config.siteId,
        token: config.token,
        healthWindowMs: config.updateHealthWindowMs,
        logger,
        connected: () => transport.connected && !link.offline,
        busyGames: () => {
          const at = now();
          return schedule.games().filter((game) => game.open - UPDATE_MARGIN_MS <= at && at < game.close);
        },
        record,
        now,
        restart: runtime.restart,
      })
    : null;
  const trial =
    runtime.updateRoot === null
      ? null
      : new UpdateTrial({
          root: runtime.updateRoot,
          running: agentVersion,
          logger,
          record,
          restart: runtime.restart,
          checks: {
            connected: () => transport.connected,
            scheduleAccepted: () => scheduleAccepted,
            relaysAnswer: () => Object.keys(driver.states()).length === RELAYS.length,
            doorSensorAnswers: () => config.pins.doorSensor === undefined || driver.doorClosed() !== null,
          },
        });
  const uploader = new OutboxUploader({
    outbox,
    send: (events, timeoutMs) => transport.sendOutbox(events, timeoutMs),
    connected: () => transport.connected,
    logger,
  });
  return {
    driver,
    bus,
    clock,
    state,
    schedule,
    outbox,
    link,
    commands,
    doorWatcher,
    alarms,
    lights,
    display,
    transport,
    uploader,
    snapshot,
    updater,
    trial,
  };
}

/**
 * The parts in start order: the relays (at rest) → what is kept on disk → the door screen and the
 * API link → what decides (commands, link monitor, door watcher, light, alarms) → the outbox upload. They
 * stop in reverse: nothing decides any more when the commands part switches every relay off, and the
 * socket is still up then, so the API hears the door lock.
 */
export function agentParts(pieces: AgentPieces, logger: Logger): AgentPart[] {
  const { driver, bus, clock, state, schedule, outbox, link, commands, display, transport, uploader } = pieces;
  let stopDoorSensor = () => {};
  let offOnline = () => {};
  let offConnected = () => {};
  let offReconnected = () => {};
  return [
    {
      name: 'driver',
      async start() {
        await driver.start();
        logger.info('relays ready, all off', { driver: driver.kind });
        if (driver.kind === 'simulated')
          logger.warn('simulated driver (DRIVER=simulated): commands succeed, no relay moves');
        stopDoorSensor = driver.onDoorSensor((closed) => bus.emit('doorSensorChanged', { closed, at: clock.now() }));
      },
      async stop() {
        try {
          await driver.stop();
        } finally {
          stopDoorSensor();
        }
      },
    },
    {
      name: 'state',
      async start() {
        await state.load();
        clock.restore();
      },
      stop: () => state.flush(),
    },
    { name: 'schedule', start: () => schedule.load(), stop: () => schedule.save() },
    { name: 'outbox', start: () => outbox.load(), stop: () => outbox.close() },
    {
      name: 'display',
      async start() {
        await display.start();
      },
      stop: () => display.stop(),
    },
    { name: 'transport', start: () => transport.start(), stop: () => transport.stop() },
    {
      name: 'commands',
      async start() {
        commands.restoreDisplay();
        await commands.restoreShelves();
      },
      async stop() {
        commands.forgetChanges();
        commands.stop();
        await commands.allOff();
      },
    },
    {
      name: 'link',
      start() {
        link.start();
        offOnline = bus.on('linkChanged', async ({ offline, since, at }) => {
          if (!offline)
            await outbox.append('agent.offline', { params: { from: Math.round(since), to: Math.round(at) } });
        });
      },
      stop() {
        offOnline();
        link.stop();
      },
    },
    { name: 'door watcher', start: () => pieces.doorWatcher.start(), stop: () => pieces.doorWatcher.stop() },
    { name: 'lights', start: () => pieces.lights.start(), stop: () => pieces.lights.stop() },
    pieces.alarms.part,
    {
      name: 'uploader',
      start() {
        offConnected = bus.on('connectionChanged', ({ connected }) => (connected ? uploader.connected() : undefined));
        // Whatever the outbox holds goes up as soon as the link is there, even if it came up first.
        uploader.kick();
      },
      stop() {
        offConnected();
        uploader.stop();
      },
    },
    {
      // Last: a release on trial is judged with everything else running, and the outbox takes its reports.
      name: 'updates',
      async start() {
        await pieces.trial?.start();
        offReconnected = bus.on('connectionChanged', ({ connected }) =>
          connected ? pieces.updater?.reconnected() : undefined,
        );
      },
      stop() {
        offReconnected();
        pieces.updater?.stop();
        pieces.trial?.stop();
      },
    },
  ];
}
