import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandRunner } from '../src/commands/command-runner';
import { EventBus, type AgentEvents } from '../src/event-bus';
import { SimulatedDriver } from '../src/hardware/simulated-driver';
import { silentLogger } from '../src/logger';
import { StateStore } from '../src/state/state-store';
import { command, tempDir } from './support/helpers';

const PULSE_MS = 150;
/** Jest's clock for the tests about elapsed time; the file system's callbacks stay real. */
const useJestClock = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
afterEach(() => {
  jest.useRealTimers();
});

async function setup(stateFile = join(tempDir(), 'state.json')) {
  const driver = new SimulatedDriver();
  await driver.start();
  const bus = new EventBus(silentLogger);
  const state = new StateStore(stateFile, silentLogger);
  await state.load();
  const runner = new CommandRunner({ driver, bus, state, logger: silentLogger, doorPulseMs: PULSE_MS });
  runner.restoreDisplay();
  const changes: AgentEvents['relayChanged'][] = [];
  bus.on('relayChanged', (change) => void changes.push(change));
  return { driver, bus, state, runner, changes, stateFile };
}

describe('door', () => {
  test('door.open releases the strike, acks, and locks again after the pulse', async () => {
    const { runner, driver, bus, changes } = await setup();
    // Awaited as an event, not slept for: a loaded machine may run the timer late, never early.
    const relocked = new Promise<number>((resolve) =>
      bus.on('relayChanged', ({ device, on }) => (device === 'door' && !on ? resolve(Date.now()) : undefined)),
    );
    const ack = await runner.run(command('door.open', 'door'));
    expect(ack).toMatchObject({ ok: true, relays: { door: true, light: false, 'shelf-1': false } });
    expect(Object.keys(ack.ok && ack.relays)).toHaveLength(13);
    expect(driver.states().door).toBe(true);
    const openedAt = changes[0]!.at;
    const relockedAt = await relocked;
    expect(relockedAt - openedAt).toBeGreaterThanOrEqual(PULSE_MS - 5);
    expect(driver.states().door).toBe(false);
    expect(changes.map(({ device, on }) => [device, on])).toEqual([
      ['door', true],
      ['door', false],
    ]);
    runner.stop();
  });

  test('door.hold during a pulse cancels the relock; door.close locks', async () => {
    // Jest's clock: two pulses' time passes at once, and a relock still armed would fire in it.
    useJestClock();
    const { runner, driver, changes } = await setup();
    await runner.run(command('door.open', 'door'));
    await runner.run(command('door.hold', 'door'));
    await jest.advanceTimersByTimeAsync(PULSE_MS * 2);
    expect(driver.states().door).toBe(true);
    expect(changes.map(({ device, on }) => [device, on])).toEqual([['door', true]]);
    const ack = await runner.run(command('door.close'));
    expect(ack).toMatchObject({ ok: true, relays: { door: false } });
    runner.stop();
  });

  test('door.close during a pulse locks at once and nothing fires later', async () => {
    useJestClock();
    const { runner, driver, changes } = await setup();
    await runner.run(command('door.open', 'door'));
    await runner.run(command('door.close', 'door'));
    expect(driver.states().door).toBe(false);
    await jest.advanceTimersByTimeAsync(PULSE_MS * 2);
    expect(changes).toHaveLength(2);
    runner.stop();
  });
});

describe('light and shelves', () => {
  test('light.on / light.off and the named shelf only', async () => {
    const { runner, driver } = await setup();
    expect(await runner.run(command('light.on', 'light'))).toMatchObject({ ok: true, relays: { light: true } });
    const opened = await runner.run(command('shelf.open', 'shelf-7'));
    expect(opened).toMatchObject({ ok: true, relays: { 'shelf-7': true, 'shelf-6': false, 'shelf-8': false } });
    await runner.run(command('light.off', 'light'));
    await runner.run(command('shelf.close', 'shelf-7'));
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);
  });

  test('a shelf command without a shelf, or a light command naming the door, is invalid and moves nothing', async () => {
    const { runner, driver } = await setup();
    expect(await runner.run(command('shelf.open', null))).toMatchObject({ ok: false, error: 'invalid' });
    expect(await runner.run(command('light.on', 'door'))).toMatchObject({ ok: false, error: 'invalid' });
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);
  });
});

test('a relay that fails is acked as a hardware error with its message', async () => {
  const { runner, driver } = await setup();
  jest.spyOn(driver, 'set').mockRejectedValueOnce(new Error('EIO: write /sys/class/gpio/gpio539/value'));
  expect(await runner.run(command('shelf.open', 'shelf-9'))).toEqual({
    ok: false,
    error: 'hardware',
    message: 'EIO: write /sys/class/gpio/gpio539/value',
  });
  expect(driver.states()['shelf-9']).toBe(false);
});

describe('door display', () => {
  test('display.show shows the code until expiresAt, then clears itself', async () => {
    useJestClock(); // the test is about elapsed time: jest's clock, to the millisecond
    const { runner, bus } = await setup();
    const seen: unknown[] = [];
    bus.on('displayChanged', ({ display }) => void seen.push(display));
    const expiresAt = Date.now() + 200;
    const ack = await runner.run(command('display.show', null, { params: { code: '4821', expiresAt } }));
    expect(ack.ok).toBe(true);
    expect(runner.display).toEqual({ code: '4821', expiresAt });
    await jest.advanceTimersByTimeAsync(expiresAt - Date.now() - 1);
    expect(runner.display).toEqual({ code: '4821', expiresAt });
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.display).toBeNull();
    expect(seen).toEqual([{ code: '4821', expiresAt }, null]);
  });

  test('display.clear clears; a code already expired is refused', async () => {
    const { runner } = await setup();
    await runner.run(command('display.show', null, { params: { code: '1111', expiresAt: Date.now() + 60_000 } }));
    await runner.run(command('display.clear'));
    expect(runner.display).toBeNull();
    const late = await runner.run(
      command('display.show', null, { params: { code: '2222', expiresAt: Date.now() - 1 } }),
    );
    expect(late).toMatchObject({ ok: false, error: 'expired' });
    expect(runner.display).toBeNull();
    runner.stop();
  });

  test("the game's door opening or end takes its code off the display at once; the other court's code stays", async () => {
    const { runner } = await setup();
    const expiresAt = Date.now() + 60_000;
    await runner.run(command('display.show', null, { params: { code: '1111', expiresAt, gameId: 7 } }));
    // An admin's opening (no game) and another game's opening leave the code for the player at the door.
    await runner.run(command('door.open', 'door'));
    await runner.run(command('door.open', 'door', { params: { gameId: 8 } }));
    await runner.run(command('display.clear', null, { params: { gameId: 8 } }));
    expect(runner.display).toEqual({ code: '1111', expiresAt });
    await runner.run(command('door.open', 'door', { params: { gameId: 7 } }));
    expect(runner.display).toBeNull();

    await runner.run(command('display.show', null, { params: { code: '2222', expiresAt, gameId: 9 } }));
    await runner.run(command('display.clear', null, { params: { gameId: 9 } }));
    expect(runner.display).toBeNull();
    runner.stop();
  });

  test('display.show without a code is invalid', async () => {
    const { runner } = await setup();
    expect(await runner.run(command('display.show', null, { params: {} }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
  });
});

describe('deadlines, replays and bad payloads', () => {
  test('a command past its deadline is refused as expired and moves no relay', async () => {
    const { runner, driver, changes } = await setup();
    const ack = await runner.run(command('door.open', 'door', { deadline: Date.now() - 1000 }));
    expect(ack).toMatchObject({ ok: false, error: 'expired' });
    expect(ack.ok === false && ack.message).toMatch(/deadline passed/);
    expect(driver.states().door).toBe(false);
    expect(changes).toEqual([]);
  });

  test('a repeated id is acknowledged with the first result and not run again', async () => {
    const { runner, changes } = await setup();
    const light = command('light.on', 'light');
    const first = await runner.run(light);
    await runner.run(command('light.off', 'light'));
    const again = await runner.run(light);
    expect(again).toEqual({ ...first, repeated: true });
    expect(changes.map(({ on }) => on)).toEqual([true, false]); // the light stayed off
  });

  test('two deliveries of one id at the same moment run it once', async () => {
    const { runner, changes } = await setup();
    const shelf = command('shelf.open', 'shelf-2');
    const [a, b] = await Promise.all([runner.run(shelf), runner.run(shelf)]);
    expect([a.repeated, b.repeated].sort()).toEqual([true, undefined].sort());
    expect(changes).toHaveLength(1);
  });

  test('executed ids survive a restart: a replay after restart is not re-run', async () => {
    const first = await setup();
    const open = command('door.hold', 'door');
    await first.runner.run(open);
    first.runner.stop();

    const restarted = await setup(first.stateFile); // same state file, fresh hardware (all off)
    const ack = await restarted.runner.run(open);
    expect(ack).toMatchObject({ ok: true, repeated: true });
    expect(restarted.driver.states().door).toBe(false);
    expect(restarted.changes).toEqual([]);
  });

  test('a command is on disk before its ack leaves: one journal line, the state file untouched', async () => {
    const first = await setup();
    const ack = await first.runner.run(command('light.on', 'light'));
    expect(ack).toMatchObject({ ok: true });
    // Not the whole state rewritten per command: only the journal's line holds it.
    expect(existsSync(first.stateFile)).toBe(false);
    const lines = readFileSync(`${first.stateFile}.journal`, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);

    // A crash now, then a start: the journal is read, folded into the state file and emptied.
    const restarted = new StateStore(first.stateFile, silentLogger);
    await restarted.load();
    expect(restarted.commandResult(JSON.parse(lines[0]!).id)).toMatchObject({ ok: true });
    expect(existsSync(first.stateFile)).toBe(true);
    expect(readFileSync(`${first.stateFile}.journal`, 'utf8')).toBe('');
  });

  test("a game's door opening is journalled with its command, not a rewrite of the state file, and survives a crash", async () => {
    const first = await setup();
    await first.runner.restoreShelves(); // the agent's start: from now on door openings are kept
    const ack = await first.runner.run(command('door.open', 'door', { params: { gameId: 41 } }));
    expect(ack).toMatchObject({ ok: true });
    first.runner.stop();
    // door.open's ack waited for nothing but appended lines: the opening, then the command.
    expect(existsSync(first.stateFile)).toBe(false);
    const lines = readFileSync(`${first.stateFile}.journal`, 'utf8').trim().split('\n');
    expect(lines.map((line) => Object.keys(JSON.parse(line)).sort().join())).toEqual(['at,door', 'at,id,result']);

    const restarted = new StateStore(first.stateFile, silentLogger);
    await restarted.load();
    expect(restarted.hasDoorOpened(41)).toBe(true);
    expect(restarted.hasDoorOpened(42)).toBe(false);
  });

  test("the door opened with its game's code on the display: the code's going, the opening and the command are journal lines, and a crash keeps them", async () => {
    const first = await setup();
    await first.runner.restoreShelves();
    const expiresAt = Date.now() + 60_000;
    await first.runner.run(command('display.show', null, { params: { code: '4821', expiresAt, gameId: 41 } }));
    await first.runner.run(command('shelf.open', 'shelf-3'));
    await first.runner.run(command('door.open', 'door', { params: { gameId: 41 } }));
    first.runner.stop();
    // Nothing on the way to the acks rewrote the state file (a rewrite would hold door.open's ack).
    expect(existsSync(first.stateFile)).toBe(false);
    const lines = readFileSync(`${first.stateFile}.journal`, 'utf8').trim().split('\n');
    expect(lines.map((line) => Object.keys(JSON.parse(line)).sort().join())).toEqual([
      'display',
      'at,id,result',
      'open,shelf',
      'at,id,result',
      'at,door',
      'display',
      'at,id,result',
    ]);

    const restarted = await setup(first.stateFile);
    expect(restarted.runner.display).toBeNull(); // the code went with the opening
    expect(restarted.state.shelvesOpen).toEqual(['shelf-3']);
    expect(restarted.state.hasDoorOpened(41)).toBe(true);
    // Folded into the state file at the start, the journal emptied: a second start reads the same.
    expect(readFileSync(`${first.stateFile}.journal`, 'utf8')).toBe('');
    const again = await setup(first.stateFile);
    expect(again.state.shelvesOpen).toEqual(['shelf-3']);
    expect(again.runner.display).toBeNull();
  });

  test('a code shown before a crash is shown again after it, until it expires', async () => {
    const first = await setup();
    const expiresAt = Date.now() + 60_000;
    await first.runner.run(command('display.show', null, { params: { code: '1357', expiresAt, gameId: 9 } }));
    first.runner.stop();
    expect(existsSync(first.stateFile)).toBe(false); // a journal line only
    const restarted = await setup(first.stateFile);
    expect(restarted.runner.display).toEqual({ code: '1357', expiresAt });
    restarted.runner.stop();
  });

  test('a line torn by a power cut mid-append is skipped; the lines before it count', async () => {
    const stateFile = join(tempDir(), 'state.json');
    const whole = JSON.stringify({ id: 'ran-before', result: { ok: true, relays: {} }, at: 1 });
    writeFileSync(`${stateFile}.journal`, `${whole}\n{"id":"torn","res`);
    const state = new StateStore(stateFile, silentLogger);
    await state.load();
    expect(state.commandResult('ran-before')).toEqual({ ok: true, relays: {} });
    expect(state.commandResult('torn')).toBeUndefined();
  });

  test('only the last 1000 ids are remembered', async () => {
    const { state } = await setup();
    await Promise.all(Array.from({ length: 1005 }, (_, i) => state.recordCommand(`id-${i}`, { ok: true, relays: {} })));
    expect(state.commandResult('id-4')).toBeUndefined();
    expect(state.commandResult('id-5')).toBeDefined();
    expect(state.commandResult('id-1004')).toBeDefined();
  });

  test.each([
    ['not an object', 'open the door'],
    ['no id', { action: 'door.open', device: 'door', deadline: Date.now() + 1000 }],
    ['unknown action', { ...command('door.open', 'door'), action: 'door.explode' }],
    ['unknown relay', { ...command('shelf.open'), device: 'shelf-12' }],
    ['a five digit code', command('display.show', null, { params: { code: '12345', expiresAt: Date.now() + 1000 } })],
  ])('invalid payload (%s) is refused with error "invalid" and moves nothing', async (_name, payload) => {
    const { runner, driver } = await setup();
    expect(await runner.run(payload)).toMatchObject({ ok: false, error: 'invalid' });
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);
    expect(runner.display).toBeNull();
  });
});
