import { join } from 'node:path';
import { type AgentEventKind, type LightPolicy, type ScheduleEntry } from '@kort/contracts';
import { CommandRunner } from '../src/commands/command-runner';
import { EventBus } from '../src/event-bus';
import { SimulatedDriver } from '../src/hardware/simulated-driver';
import { LightController } from '../src/lights/light-controller';
import { silentLogger } from '../src/logger';
import { type OutboxFields } from '../src/outbox/outbox-store';
import { StateStore } from '../src/state/state-store';
import { command, tempDir } from './support/helpers';
import { game } from './support/schedules';

const MINUTE = 60_000;

// The agent's clock is jest's: every tick of the controller is a setInterval the test drives. No
// link at all here: the light is the agent's own decision, online or not.
beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
    now: new Date('2026-11-24T18:00:00Z'),
  });
});
afterEach(() => {
  jest.useRealTimers();
});

async function court(games: ScheduleEntry[], policy: LightPolicy | null) {
  const driver = new SimulatedDriver();
  await driver.start();
  const bus = new EventBus(silentLogger);
  const state = new StateStore(join(tempDir(), 'state.json'), silentLogger);
  const commands = new CommandRunner({ driver, bus, state, logger: silentLogger, doorPulseMs: 3000 });
  const recorded: { kind: AgentEventKind; fields: OutboxFields }[] = [];
  const lights = new LightController({
    bus,
    logger: silentLogger,
    games: () => games,
    policy: () => policy,
    lightOn: () => driver.states().light,
    switchLight: (on) => commands.switchLight(on),
    record: (kind, fields) => Promise.resolve(void recorded.push({ kind, fields })),
    now: () => Date.now(),
  });
  const switches: boolean[] = [];
  bus.on('relayChanged', ({ device, on }) => void (device === 'light' && switches.push(on)));
  lights.start();
  const light = () => driver.states().light;
  const after = (ms: number) => jest.advanceTimersByTimeAsync(ms);
  return { commands, lights, light, after, recorded, switches };
}

const POLICY: LightPolicy = { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 };

test("a game's light goes on with its door and off five minutes after its end", async () => {
  const { commands, lights, light, after, recorded, switches } = await court([game(1, { minutes: 60 })], POLICY);
  await after(2000);
  expect(light()).toBe(false); // nobody came yet (the light waits for the door)
  await commands.pulseDoor(1);
  await after(100);
  expect(light()).toBe(true);
  await after(60 * MINUTE + 4 * MINUTE + 50_000); // the end + 4:50
  expect(light()).toBe(true);
  await after(12_000);
  expect(light()).toBe(false);
  expect(switches).toEqual([true, false]); // each switch went through relay.changed
  expect(recorded).toEqual([
    { kind: 'light.on', fields: { game: 1, params: { reason: 'game' } } },
    { kind: 'light.off', fields: { params: { reason: 'run-over' } } },
  ]);
  lights.stop();
  commands.stop();
});

test('back-to-back games keep the light on; it goes off after the last of the run', async () => {
  const games = [game(1, { minutes: 60 }), game(2, { startsIn: 60 * MINUTE, minutes: 60 })];
  const { commands, lights, light, after, recorded } = await court(games, POLICY);
  await commands.pulseDoor(1);
  await after(60 * MINUTE + 10 * MINUTE); // game 1 over 10 minutes ago, game 2 on
  expect(light()).toBe(true);
  await after(50 * MINUTE + 4 * MINUTE);
  expect(light()).toBe(true);
  await after(2 * MINUTE);
  expect(light()).toBe(false);
  expect(recorded.map(({ kind }) => kind)).toEqual(['light.on', 'light.off']);
  lights.stop();
  commands.stop();
});

test('with onBeforeMin the light goes on that long before the start, without anyone at the door', async () => {
  const { lights, light, after, recorded } = await court([game(5, { startsIn: 30 * MINUTE })], {
    ...POLICY,
    onBeforeMin: 10,
  });
  await after(19 * MINUTE + 58_000);
  expect(light()).toBe(false);
  await after(3000);
  expect(light()).toBe(true);
  expect(recorded).toEqual([{ kind: 'light.on', fields: { game: 5, params: { reason: 'game' } } }]);
  lights.stop();
});

test("an admin's light with no game goes off after manualMaxMin", async () => {
  const { commands, lights, light, after, recorded } = await court([], POLICY);
  await commands.run(command('light.on', 'light', { params: { manual: true }, deadline: Date.now() + 5000 }));
  expect(light()).toBe(true);
  await after(119 * MINUTE);
  expect(light()).toBe(true);
  await after(MINUTE + 2000);
  expect(light()).toBe(false);
  expect(recorded).toEqual([{ kind: 'light.off', fields: { params: { reason: 'manual-max' } } }]);
  lights.stop();
});

test("an admin's light goes off at the next scheduled off when a game comes first", async () => {
  const { commands, lights, light, after, recorded } = await court(
    [game(3, { startsIn: 30 * MINUTE, minutes: 30 })],
    POLICY,
  );
  await commands.run(command('light.on', 'light', { params: { manual: true }, deadline: Date.now() + 5000 }));
  await after(30 * MINUTE + 30 * MINUTE + 4 * MINUTE); // the game ended 4 minutes ago
  expect(light()).toBe(true);
  await after(MINUTE + 2000);
  expect(light()).toBe(false); // at 65 minutes, long before the 120-minute manual limit
  expect(recorded).toEqual([{ kind: 'light.off', fields: { params: { reason: 'run-over' } } }]);
  lights.stop();
});

test('an admin switching the light off during a game is obeyed; without a schedule the light is left alone', async () => {
  const { commands, lights, light, after } = await court([game(1)], POLICY);
  await commands.pulseDoor(1);
  await commands.run(command('light.off', 'light', { deadline: Date.now() + 5000 }));
  await after(10 * MINUTE);
  expect(light()).toBe(false);
  lights.stop();
  commands.stop();

  const today = await court([], null);
  await today.commands.run(command('light.on', 'light', { params: { manual: true }, deadline: Date.now() + 5000 }));
  await today.after(10 * 60 * MINUTE);
  expect(today.light()).toBe(true);
  expect(today.recorded).toEqual([]);
  today.lights.stop();
});
