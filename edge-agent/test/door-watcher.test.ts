import { join } from 'node:path';
import { type AgentEventKind } from '@kort/contracts';
import { CommandRunner } from '../src/commands/command-runner';
import { DEFAULT_PINS } from '../src/config';
import { DoorWatcher } from '../src/door/door-watcher';
import { EventBus } from '../src/event-bus';
import { SysfsDriver } from '../src/hardware/sysfs-driver';
import { silentLogger } from '../src/logger';
import { type OutboxFields } from '../src/outbox/outbox-store';
import { StateStore } from '../src/state/state-store';
import { fakeGpioClass, fakeSysfs, PI4_CHIPS } from './support/fake-gpio';
import { command, tempDir } from './support/helpers';

const PULSE_MS = 5000;
const SENSOR = 512 + 4; // BCM 4 on a Pi 4
/** DOOR_HELD_OPEN_S=20: not the default, so the watcher is seen to follow the setting. */
const HELD_OPEN_MS = 20_000;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
});

/** The door of a court on the GPIO driver, its reed switch driven by the test (1 = open). */
async function door({ sensor = true, offline = false } = {}) {
  const fake = fakeGpioClass();
  const driver = new SysfsDriver({
    pins: sensor ? { ...DEFAULT_PINS, doorSensor: 4 } : DEFAULT_PINS,
    activeLow: false,
    sysfsRoot: fakeSysfs(PI4_CHIPS),
    debounceMs: 0,
    doorSensorClosedLevel: 0,
    Gpio: fake.Gpio,
  });
  await driver.start();
  const bus = new EventBus(silentLogger);
  driver.onDoorSensor((closed) => bus.emit('doorSensorChanged', { closed, at: Date.now() }));
  const state = new StateStore(join(tempDir(), 'state.json'), silentLogger);
  const commands = new CommandRunner({ driver, bus, state, logger: silentLogger, doorPulseMs: PULSE_MS });
  const recorded: { kind: AgentEventKind; fields: OutboxFields }[] = [];
  const watcher = new DoorWatcher({
    bus,
    driver,
    logger: silentLogger,
    record: (kind, fields) => Promise.resolve(void recorded.push({ kind, fields })),
    offline: () => offline,
    heldOpenMs: HELD_OPEN_MS,
  });
  watcher.start();
  const swing = (open: boolean) => (sensor ? fake.byNumber(SENSOR).input(open ? 1 : 0) : undefined);
  const openFor = (gameId: number) => commands.run(command('door.open', 'door', { params: { gameId } }));
  const after = (ms: number) => jest.advanceTimersByTimeAsync(ms);
  const stop = async () => {
    watcher.stop();
    commands.stop();
    await driver.stop();
  };
  return { recorded, swing, openFor, after, commands, stop };
}

test('the door opens during the pulse for a game: door.opened, and nothing when the strike locks', async () => {
  const court = await door();
  await court.openFor(7);
  await court.after(1200);
  court.swing(true);
  court.swing(false);
  await court.after(PULSE_MS);
  expect(court.recorded).toEqual([{ kind: 'door.opened', fields: { game: 7 } }]);
  await court.stop();
});

test('the strike is released for a game but nobody opens the door: door.not-opened when it locks', async () => {
  const court = await door();
  await court.openFor(8);
  await court.after(PULSE_MS - 100);
  expect(court.recorded).toEqual([]);
  await court.after(200);
  expect(court.recorded).toEqual([{ kind: 'door.not-opened', fields: { game: 8 } }]);
  // An opening after the lock is not that game's entry.
  court.swing(true);
  court.swing(false);
  expect(court.recorded).toHaveLength(1);
  await court.stop();
});

test('a door held open longer than DOOR_HELD_OPEN_S: one event per opening', async () => {
  const court = await door();
  await court.openFor(9);
  court.swing(true);
  await court.after(HELD_OPEN_MS - 1000);
  expect(court.recorded.map(({ kind }) => kind)).toEqual(['door.opened']);
  await court.after(2000);
  await court.after(10 * HELD_OPEN_MS); // still open: no second event for the same opening
  expect(court.recorded).toEqual([
    { kind: 'door.opened', fields: { game: 9 } },
    { kind: 'door.held-open', fields: { game: 9 } },
  ]);
  court.swing(false);
  court.swing(true);
  await court.after(HELD_OPEN_MS + 1000);
  expect(court.recorded.map(({ kind }) => kind)).toEqual(['door.opened', 'door.held-open', 'door.held-open']);
  await court.stop();
});

test('offline, every door sensor change goes to the outbox', async () => {
  const court = await door({ offline: true });
  court.swing(true);
  court.swing(false);
  expect(court.recorded).toEqual([
    { kind: 'door.sensor', fields: { params: { closed: false } } },
    { kind: 'door.sensor', fields: { params: { closed: true } } },
  ]);
  await court.stop();
});

test('without a door sensor nothing is reported, as before', async () => {
  const court = await door({ sensor: false });
  await court.openFor(10);
  await court.after(PULSE_MS + HELD_OPEN_MS * 2);
  expect(court.recorded).toEqual([]);
  await court.stop();
});
