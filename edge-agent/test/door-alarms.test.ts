import { join } from 'node:path';
import { type AgentEvent, type AgentEventKind } from '@kort/contracts';
import { AlarmBook } from '../src/alarms/alarm-book';
import { DoorAlarms } from '../src/alarms/door-alarms';
import { CommandRunner } from '../src/commands/command-runner';
import { DEFAULT_PINS } from '../src/config';
import { EventBus } from '../src/event-bus';
import { type RelayDriver } from '../src/hardware/relay-driver';
import { SimulatedDriver } from '../src/hardware/simulated-driver';
import { SysfsDriver } from '../src/hardware/sysfs-driver';
import { silentLogger } from '../src/logger';
import { type OutboxFields } from '../src/outbox/outbox-store';
import { StateStore } from '../src/state/state-store';
import { fakeGpioClass, fakeSysfs, PI4_CHIPS } from './support/fake-gpio';
import { capturingLogger, command, tempDir } from './support/helpers';

const PULSE_MS = 5000;
const HELD_OPEN_S = 5;
const GRACE_S = 10;
// BCM 4, 24 and 25 on a Pi 4 (sysfs base 512).
const SENSOR = 512 + 4;
const TAMPER = 512 + 24;
const EXIT = 512 + 25;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
});

type Alarmed = { kind: AgentEventKind; params: AgentEvent['params'] };

/** The alarms of a door on `driver` (started), recording into `recorded`, keeping their book in `file`. */
function alarmsOn(driver: RelayDriver, file: string, recorded: Alarmed[], logger = capturingLogger()) {
  const bus = new EventBus(silentLogger);
  const offSensor = driver.onDoorSensor((closed) => bus.emit('doorSensorChanged', { closed, at: Date.now() }));
  const record = (kind: AgentEventKind, { params }: OutboxFields) =>
    Promise.resolve(void recorded.push({ kind, params }));
  const book = new AlarmBook({ file, logger, record, now: Date.now });
  const alarms = new DoorAlarms({ bus, driver, book, heldOpenS: HELD_OPEN_S, forcedGraceS: GRACE_S });
  const commands = new CommandRunner({
    driver,
    bus,
    state: new StateStore(join(tempDir(), 'state.json'), silentLogger),
    logger: silentLogger,
    doorPulseMs: PULSE_MS,
  });
  return {
    book,
    logger,
    commands,
    async start() {
      await book.load();
      alarms.start();
    },
    /** Everything under way recorded (the book's writes are real file writes). */
    settled: () => book.flush(),
    async stop() {
      alarms.stop();
      commands.stop();
      offSensor();
      await book.flush();
    },
  };
}

/** A court on the GPIO driver with a door sensor, a tamper input and an exit button, driven by the test. */
async function court() {
  const fake = fakeGpioClass();
  const driver = new SysfsDriver({
    pins: { ...DEFAULT_PINS, doorSensor: 4 },
    inputs: { tamper: 24, 'exit-button': 25 },
    activeLow: false,
    sysfsRoot: fakeSysfs(PI4_CHIPS),
    debounceMs: 0,
    doorSensorClosedLevel: 0,
    Gpio: fake.Gpio,
  });
  await driver.start();
  fake.byNumber(EXIT).input(1); // the button at rest
  const recorded: Alarmed[] = [];
  const file = join(tempDir(), 'state.json.alarms');
  const parts = alarmsOn(driver, file, recorded);
  await parts.start();
  return {
    ...parts,
    recorded,
    /** The reed switch: 1 is open. */
    swing: (open: boolean) => fake.byNumber(SENSOR).input(open ? 1 : 0),
    pressExit() {
      fake.byNumber(EXIT).input(0);
      fake.byNumber(EXIT).input(1);
    },
    tamper: (tripped: boolean) => fake.byNumber(TAMPER).input(tripped ? 1 : 0),
    after: (ms: number) => jest.advanceTimersByTimeAsync(ms),
    async done() {
      await parts.stop();
      await driver.stop();
    },
  };
}

const raised = (alarm: string, value?: number) => ({
  kind: 'alarm.raised',
  params: value === undefined ? { alarm } : { alarm, value },
});
const cleared = (alarm: string) => ({ kind: 'alarm.cleared', params: { alarm } });

describe('door.forced', () => {
  test('the door pushed open with nothing before: raised once, with a warning an operator reads; closing clears it once', async () => {
    const door = await court();
    await door.after(60_000);
    door.swing(true);
    door.swing(false);
    door.swing(true); // a second push of the same break-in is a second opening, a new condition
    await door.settled();
    expect(door.recorded).toEqual([raised('door.forced'), cleared('door.forced'), raised('door.forced')]);
    door.swing(false);
    await door.settled();
    expect(door.recorded.slice(3)).toEqual([cleared('door.forced')]);
    expect(door.logger.entries()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'alarm raised',
        alarm: 'door.forced',
        title: 'Дверь открыта без команды',
      }),
    );
    await door.done();
  });

  test('an opening during or right after a pulse is not forced; the same opening after the grace is', async () => {
    const door = await court();
    await door.commands.run(command('door.open', 'door', { params: { gameId: 7 } }));
    await door.after(1000);
    door.swing(true); // during the pulse: the strike is released
    door.swing(false);
    await door.after(PULSE_MS - 1000); // the strike locks again at 5 s
    await door.after((GRACE_S - 1) * 1000);
    door.swing(true); // 9 s after the strike locked: still the pulse's opening
    door.swing(false);
    await door.settled();
    expect(door.recorded).toEqual([]);
    await door.after(GRACE_S * 1000);
    door.swing(true);
    await door.settled();
    expect(door.recorded).toEqual([raised('door.forced')]);
    await door.done();
  });

  test('an opening right after the exit button is not forced; one with nothing before it is', async () => {
    const door = await court();
    await door.after(60_000);
    door.pressExit();
    await door.after(3000);
    door.swing(true);
    door.swing(false);
    await door.settled();
    expect(door.recorded).toEqual([]);
    await door.after(GRACE_S * 1000);
    door.swing(true);
    await door.settled();
    expect(door.recorded).toEqual([raised('door.forced')]);
    await door.done();
  });

  test('held released by door.hold, the door may open long after the command', async () => {
    const door = await court();
    await door.commands.run(command('door.hold', 'door'));
    await door.after(10 * GRACE_S * 1000);
    door.swing(true);
    door.swing(false);
    await door.settled();
    expect(door.recorded).toEqual([]);
    await door.done();
  });
});

test('door.held-open: raised DOOR_HELD_OPEN_S after the door opened, once per opening, cleared when it closes', async () => {
  const door = await court();
  await door.commands.run(command('door.open', 'door', { params: { gameId: 9 } }));
  door.swing(true);
  await door.after(HELD_OPEN_S * 1000 - 100);
  await door.settled();
  expect(door.recorded).toEqual([]);
  await door.after(200);
  await door.after(60_000); // still open: not raised again
  await door.settled();
  expect(door.recorded).toEqual([raised('door.held-open', HELD_OPEN_S)]);
  door.swing(false);
  await door.settled();
  expect(door.recorded).toEqual([raised('door.held-open', HELD_OPEN_S), cleared('door.held-open')]);
  // Open and shut within the time: nothing.
  door.pressExit();
  door.swing(true);
  await door.after(1000);
  door.swing(false);
  await door.after(60_000);
  await door.settled();
  expect(door.recorded).toHaveLength(2);
  await door.done();
});

test('tamper: raised once while the input is tripped, cleared once when it is back', async () => {
  const door = await court();
  door.tamper(true);
  door.tamper(true);
  await door.after(60_000);
  await door.settled();
  expect(door.recorded).toEqual([raised('tamper')]);
  expect(door.book.raised()).toEqual(['tamper']);
  door.tamper(false);
  await door.settled();
  expect(door.recorded).toEqual([raised('tamper'), cleared('tamper')]);
  expect(door.book.raised()).toEqual([]);
  await door.done();
});

describe('a restart', () => {
  /** The simulated driver, set as the hardware is when the agent starts again. */
  async function simulated({ doorOpen, tampered }: { doorOpen: boolean; tampered: boolean }) {
    const driver = new SimulatedDriver();
    await driver.start();
    driver.simulateDoor(doorOpen);
    driver.simulateInput('tamper', tampered);
    return driver;
  }

  test('an alarm raised before it is not raised again while its condition holds, and is cleared once when it ends', async () => {
    const file = join(tempDir(), 'state.json.alarms');
    const first: Alarmed[] = [];
    const hardware = await simulated({ doorOpen: false, tampered: false });
    const run = alarmsOn(hardware, file, first);
    await run.start();
    await jest.advanceTimersByTimeAsync(60_000);
    hardware.simulateDoor(true);
    hardware.simulateInput('tamper', true);
    await jest.advanceTimersByTimeAsync(HELD_OPEN_S * 1000);
    await run.settled();
    expect(first).toEqual([raised('door.forced'), raised('tamper'), raised('door.held-open', HELD_OPEN_S)]);
    await run.stop();

    // Started again with the door still open and the case still open: nothing raised twice.
    const again: Alarmed[] = [];
    const restarted = await simulated({ doorOpen: true, tampered: true });
    const second = alarmsOn(restarted, file, again);
    await second.start();
    await jest.advanceTimersByTimeAsync(10 * HELD_OPEN_S * 1000);
    await second.settled();
    expect(again).toEqual([]);
    expect(second.book.raised()).toEqual(['door.held-open', 'door.forced', 'tamper']);
    // Then the door shuts and the case is closed: each cleared once.
    restarted.simulateDoor(false);
    restarted.simulateInput('tamper', false);
    await jest.advanceTimersByTimeAsync(0);
    await second.settled();
    expect(again).toEqual([cleared('door.held-open'), cleared('door.forced'), cleared('tamper')]);
    await second.stop();
  });

  test('an alarm whose condition ended while the agent was down is cleared at the start, once', async () => {
    const file = join(tempDir(), 'state.json.alarms');
    const recorded: Alarmed[] = [];
    const hardware = await simulated({ doorOpen: false, tampered: false });
    const run = alarmsOn(hardware, file, recorded);
    await run.start();
    hardware.simulateInput('tamper', true);
    await jest.advanceTimersByTimeAsync(0);
    await run.stop();
    expect(recorded).toEqual([raised('tamper')]);

    const later: Alarmed[] = [];
    const again = alarmsOn(await simulated({ doorOpen: false, tampered: false }), file, later);
    await again.start();
    await again.settled();
    expect(later).toEqual([cleared('tamper')]);
    await again.stop();
    const third: Alarmed[] = [];
    const once = alarmsOn(await simulated({ doorOpen: false, tampered: false }), file, third);
    await once.start();
    await once.settled();
    expect(third).toEqual([]);
    await once.stop();
  });
});
