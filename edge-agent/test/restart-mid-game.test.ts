import { join } from 'node:path';
import { type CommandAck, EDGE_EVENTS } from '@kort/contracts';
import { command, eventually, tempDir } from './support/helpers';
import { game, signedSchedule } from './support/schedules';
import { startTestAgent, useEdgeServer } from './support/test-agent';

// A Pi rebooted (or the agent restarted by systemd) while a game is on: the hardware starts locked
// and dark, then what was meant to be on comes back from the schedule and the state file — the light
// of the game under way whose door had opened, the shelf locks left open — and the door stays locked
// (docs/decisions/0091-restart-mid-game.md). The club's default light rule: the door switches it on.

const edge = useEdgeServer();
const DOOR_SWITCHES_LIGHT = { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 };

const send = (payload: unknown) =>
  edge.server.agent().timeout(5000).emitWithAck(EDGE_EVENTS.command, payload) as Promise<CommandAck>;

test('restarted mid-game: the light of the game whose door opened comes back, the open shelf too, the door stays locked', async () => {
  const stateFile = join(tempDir(), 'state.json');
  const onNow = game(301, { startsIn: -20 * 60_000 });
  const later = game(302, { startsIn: 3 * 3600_000 });
  const first = await edge.start({ STATE_FILE: stateFile });
  await eventually(() => expect(first.agent.connected()).toBe(true));
  await edge.server.pushSchedule(signedSchedule([onNow, later], { light: DOOR_SWITCHES_LIGHT }));

  expect(await send(command('door.open', 'door', { params: { gameId: onNow.game } }))).toMatchObject({ ok: true });
  await eventually(() => expect(first.driver.states()).toMatchObject({ light: true, door: false }));
  expect(await send(command('shelf.open', 'shelf-2'))).toMatchObject({ ok: true });
  expect(first.driver.states()['shelf-2']).toBe(true);

  await first.agent.stop(); // every relay off, as a restart leaves them
  expect(Object.values(first.driver.states()).every((on) => !on)).toBe(true);

  const second = await startTestAgent(edge.server, { STATE_FILE: stateFile });
  try {
    await eventually(() => expect(second.driver.states()).toMatchObject({ light: true, 'shelf-2': true }), 4000);
    expect(second.driver.states().door).toBe(false);
    // Nothing else came back: the other shelves stay locked.
    const others = Object.entries(second.driver.states()).filter(([relay]) => !['light', 'shelf-2'].includes(relay));
    expect(others.every(([, on]) => !on)).toBe(true);
    expect(second.logger.entries()).toContainEqual(
      expect.objectContaining({ msg: 'shelf locks left open before the restart are open again', shelves: ['shelf-2'] }),
    );
  } finally {
    await second.agent.stop();
  }
});

test('restarted with the game whose door opened over: the light stays off', async () => {
  const stateFile = join(tempDir(), 'state.json');
  // Over 10 minutes ago: past its end and the 5 minutes its light runs over.
  const over = game(303, { startsIn: -75 * 60_000 });
  const first = await edge.start({ STATE_FILE: stateFile });
  await eventually(() => expect(first.agent.connected()).toBe(true));
  await edge.server.pushSchedule(
    signedSchedule([over, game(304, { startsIn: 3600_000 })], { light: DOOR_SWITCHES_LIGHT }),
  );
  expect(await send(command('door.open', 'door', { params: { gameId: over.game } }))).toMatchObject({ ok: true });
  await first.agent.stop();

  const second = await startTestAgent(edge.server, { STATE_FILE: stateFile });
  try {
    await eventually(() => expect(second.agent.connected()).toBe(true));
    // Two light ticks: long enough for the controller to have switched it on, if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(second.driver.states().light).toBe(false);
  } finally {
    await second.agent.stop();
  }
});
