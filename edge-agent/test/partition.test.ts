import { setTimeout as sleep } from 'node:timers/promises';
import { keypadMessages, type AgentEvent, type ScheduleEntry } from '@kort/contracts';
import { type RunningAgent } from '../src/agent';
import { type SimulatedDriver } from '../src/hardware/simulated-driver';
import { startEdgeServer, type EdgeServer } from './support/edge-server';
import { eventually } from './support/helpers';
import { game, pinOf, signedSchedule } from './support/schedules';
import { kinds, OFFLINE_AFTER_MS, screenState, startTestAgent, unlock } from './support/test-agent';

// The club cut off for two days (docs/reliability.md, promise 20). The agent and the API's
// stand-in share a clock this test moves: the link goes down, 48 hours pass in jumps, and through
// them every game of the schedule the agent held when the cut began is played: its PIN opens the
// door in its window, its light comes on and goes off to the minute, wrong PINs lock the keypad as
// KEYPAD_POLICY says, a game cancelled at the API meanwhile is honoured (the agent cannot know), a
// game booked meanwhile is not (its PIN is in no schedule the agent holds). Then the link comes
// back: every event reaches the API once and in order, the offline period spans the two days, and
// the new schedule replaces the old.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The light: on 5 minutes before a game, off 10 minutes after its end. */
const LIGHT = { onBeforeMin: 5, offAfterMin: 10, manualMaxMin: 120 };
/** Two light ticks (one a second): long enough for the controller to have acted, if it were going to. */
const TWO_TICKS_MS = 2200;

let shift = 0;
/** This machine's clock and the API's: real time moved forward by the test. */
const clock = () => Date.now() + shift;
const moveTo = (at: number) => {
  if (at < clock()) throw new Error('the clock only moves forward');
  shift = at - Date.now();
};

let server: EdgeServer;
let agent: RunningAgent;
let driver: SimulatedDriver;

beforeEach(async () => {
  shift = 0;
  server = await startEdgeServer({ now: clock });
  ({ agent, driver } = await startTestAgent(
    server,
    { RECONNECT_BASE_MS: '100', RECONNECT_CAP_MS: '30000' },
    { clock },
  ));
  await eventually(() => expect(agent.connected()).toBe(true));
});

afterEach(async () => {
  await agent.stop();
  await server.close();
});

/** The light is still `on` after two ticks at the current time (an absence needs a window). */
async function lightStays(on: boolean) {
  await sleep(TWO_TICKS_MS);
  expect(driver.states().light).toBe(on);
}

/** The light follows `entry` to the minute: off 6 minutes before, on at 5, on 9 after its end, off at 10. */
async function lightFollows(entry: ScheduleEntry, play: () => Promise<void>) {
  moveTo(entry.start - 6 * MINUTE);
  await lightStays(false);
  moveTo(entry.start - 5 * MINUTE);
  await eventually(() => expect(driver.states().light).toBe(true), 10_000);
  await play();
  moveTo(entry.end + 9 * MINUTE);
  await lightStays(true);
  moveTo(entry.end + 10 * MINUTE);
  await eventually(() => expect(driver.states().light).toBe(false), 10_000);
}

/** The player types the game's PIN on the door screen: the door opens, pulses and closes again. */
async function enters(entry: ScheduleEntry) {
  expect(await unlock(agent, { pin: pinOf(entry.game) })).toEqual({ status: 200, detail: keypadMessages.opened });
  await eventually(() => expect(driver.states().door).toBe(false)); // relocked after the pulse
}

test('partition: two days without the API; every game plays on its PIN and its light, and all of it reaches the API once', async () => {
  const cutAt = clock();
  const first = game(201, { startsIn: 2 * HOUR });
  const second = game(202, { startsIn: 20 * HOUR });
  const cancelledMeanwhile = game(203, { startsIn: 30 * HOUR });
  const last = game(204, { startsIn: 46 * HOUR });
  const bookedMeanwhile = game(205, { startsIn: 40 * HOUR });
  const held = signedSchedule([first, second, cancelledMeanwhile, last], { light: LIGHT });
  expect(await server.pushSchedule(held)).toMatchObject({ ok: true, entries: 4 });

  server.setLink('down');
  await eventually(async () => expect((await screenState(agent)).offline).toBe(true), OFFLINE_AFTER_MS + 3000);

  await lightFollows(first, () => enters(first));

  // Five wrong PINs in the second game's door window lock the keypad for five minutes, its own PIN too.
  moveTo(second.start - 10 * MINUTE);
  for (let i = 0; i < 5; i += 1)
    expect(await unlock(agent, { pin: pinOf(999) })).toEqual({ status: 403, detail: keypadMessages.wrong });
  expect(await unlock(agent, { pin: pinOf(second.game) })).toEqual({ status: 423, detail: keypadMessages.locked });
  await lightFollows(second, () => enters(second)); // five minutes later: the lock is over

  // Cancelled at the API during the cut: the schedule the agent holds still lets its player in.
  await lightFollows(cancelledMeanwhile, () => enters(cancelledMeanwhile));

  // Booked during the cut: no schedule the agent holds has it.
  moveTo(bookedMeanwhile.start);
  expect(await unlock(agent, { pin: pinOf(bookedMeanwhile.game) })).toEqual({
    status: 403,
    detail: keypadMessages.wrong,
  });

  await lightFollows(last, () => enters(last));

  // Two days after the cut the link comes back.
  moveTo(cutAt + 48 * HOUR);
  server.setLink('up');
  await eventually(
    async () => expect(await screenState(agent)).toMatchObject({ connected: true, offline: false }),
    35_000,
  );
  await eventually(() => expect(kinds(server.storedEvents)).toContain('agent.offline'), 5000);

  const stored: AgentEvent[] = server.storedEvents;
  expect(new Set(stored.map((event) => event.id)).size).toBe(stored.length); // each once
  const seqs = stored.map((event) => event.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b)); // in order
  expect(stored.filter((event) => !event.offline).map((event) => event.kind)).toEqual(['agent.offline']); // its period, told once back

  const entries = stored.filter((event) => event.kind === 'door.entry');
  expect(entries.map((event) => event.game)).toEqual([201, 202, 203, 204]);
  for (const entry of entries) {
    const played = [first, second, cancelledMeanwhile, last].find((candidate) => candidate.game === entry.game)!;
    expect(entry.at).toBeGreaterThanOrEqual(played.open); // judged by the moved clock, in its window
    expect(entry.at).toBeLessThan(played.close);
  }
  expect(stored.filter((event) => event.kind === 'door.opened').map((event) => event.game)).toEqual([
    201, 202, 203, 204,
  ]);
  expect(stored.filter((event) => event.kind === 'door.sensor')).toHaveLength(8); // open and closed, four times
  expect(kinds(stored).filter((kind) => kind === 'door.pin-wrong')).toHaveLength(6);
  expect(kinds(stored).filter((kind) => kind === 'door.keypad-locked')).toHaveLength(1);
  const lights = stored.filter((event) => event.kind.startsWith('light.'));
  expect(lights.map((event) => `${event.kind} ${event.game ?? ''}`.trim())).toEqual([
    'light.on 201',
    'light.off',
    'light.on 202',
    'light.off',
    'light.on 203',
    'light.off',
    'light.on 204',
    'light.off',
  ]);
  for (const [index, played] of [first, second, cancelledMeanwhile, last].entries()) {
    expect(lights[2 * index]!.at).toBeGreaterThanOrEqual(played.start - 5 * MINUTE);
    expect(lights[2 * index]!.at).toBeLessThan(played.start - 4 * MINUTE);
    expect(lights[2 * index + 1]!.at).toBeGreaterThanOrEqual(played.end + 10 * MINUTE);
    expect(lights[2 * index + 1]!.at).toBeLessThan(played.end + 11 * MINUTE);
  }
  // The gap the dashboard shows: from the last contact to the reconnect, two days.
  const gap = stored.find((event) => event.kind === 'agent.offline')!;
  const { from, to } = gap.params as { from: number; to: number };
  expect(from).toBeGreaterThanOrEqual(cutAt - 5000);
  expect(from).toBeLessThan(cutAt + 5000);
  expect(to - from).toBeGreaterThanOrEqual(48 * HOUR - 5000);

  // Reconciled: the API's schedule now (the cancelled game gone, a game booked after the cut in)
  // replaces the one held through it.
  const next = game(206, { startsIn: 50 * HOUR }); // two hours from the moved clock
  expect(await server.pushSchedule(signedSchedule([next], { light: LIGHT }))).toMatchObject({ ok: true, entries: 1 });
  expect((await screenState(agent)).schedule).toMatchObject({ entries: 1 });
}, 120_000);
