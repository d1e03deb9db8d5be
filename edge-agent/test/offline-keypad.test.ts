import { request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { EDGE_EVENTS, keypadMessages } from '@kort/contracts';
import { pinVerifier } from '@kort/contracts/schedule-crypto';
import { type RunningAgent } from '../src/agent';
import { agentFiles } from '../src/config';
import { type AgentEvents } from '../src/event-bus';
import { startEdgeServer } from './support/edge-server';
import { eventually } from './support/helpers';
import { game, pinOf, signedSchedule } from './support/schedules';
import { kinds, OFFLINE_AFTER_MS, screenState, startTestAgent, unlock, useEdgeServer } from './support/test-agent';

const edge = useEdgeServer();

async function connectedAgent(env: Record<string, string> = {}) {
  const started = await edge.start(env);
  await eventually(() => expect(started.agent.connected()).toBe(true));
  return started;
}

/** The club's uplink drops; resolves when the door screen shows the keypad. */
async function cutTheLink(agent: RunningAgent) {
  edge.server.setLink('down');
  await eventually(async () => expect((await screenState(agent)).offline).toBe(true), OFFLINE_AFTER_MS + 3000);
}

const NOW = 101;
const LATER = 102;

test('online the keypad refuses; offline the screen is a keypad and the PIN of a game on now opens the door', async () => {
  const { agent, driver } = await connectedAgent();
  const ack = await edge.server.pushSchedule(signedSchedule([game(NOW), game(LATER, { startsIn: 3 * 3600_000 })]));
  expect(ack).toMatchObject({ ok: true, entries: 2 });
  expect(await screenState(agent)).toMatchObject({ connected: true, offline: false, schedule: { entries: 2 } });
  expect(await unlock(agent, { pin: pinOf(NOW) })).toEqual({ status: 409, detail: keypadMessages.online });
  expect(driver.states().door).toBe(false);

  await cutTheLink(agent);
  const page = await (await fetch(agent.display.url)).text();
  expect(page).toContain(keypadMessages.prompt);
  expect(page).toMatch(/<section id="keypad" aria-label="Ввод кода">/); // shown, not hidden
  for (const key of ['0', '5', '9', 'erase', 'open']) expect(page).toContain(`data-key="${key}"`);
  expect(page).toContain('id="keypad-result"');

  const doorChanges: AgentEvents['relayChanged'][] = [];
  agent.bus.on('relayChanged', (change) => void (change.device === 'door' && doorChanges.push(change)));
  expect(await unlock(agent, { pin: pinOf(NOW) })).toEqual({ status: 200, detail: keypadMessages.opened });
  expect(driver.states().door).toBe(true);
  await eventually(() => expect(doorChanges.map(({ on }) => on)).toEqual([true, false])); // relocked after the pulse
  expect(agent.outbox.pending).toContainEqual(
    expect.objectContaining({ kind: 'door.entry', game: NOW, offline: true, params: { sensor: true } }),
  );

  // The PIN of a game three hours away, and a PIN of no game of this site.
  expect(await unlock(agent, { pin: pinOf(LATER) })).toEqual({ status: 409, detail: keypadMessages.outsideWindow });
  expect(await unlock(agent, { pin: pinOf(555) })).toEqual({ status: 403, detail: keypadMessages.wrong });
  expect(doorChanges).toHaveLength(2);
  expect(JSON.stringify(agent.outbox.pending)).not.toContain(pinOf(NOW));

  // The link comes back: the keypad goes, and the API gets what happened, in order, once.
  edge.server.setLink('up');
  await eventually(
    async () => expect(await screenState(agent)).toMatchObject({ connected: true, offline: false }),
    8000,
  );
  await eventually(() => expect(kinds(edge.server.storedEvents)).toContain('agent.offline'));
  const stored = edge.server.storedEvents;
  expect(kinds(stored.filter((event) => event.kind !== 'light.on'))).toEqual([
    'door.entry',
    'door.sensor', // open
    'door.opened',
    'door.sensor', // closed again
    'door.pin-wrong',
    'agent.offline',
  ]);
  // The entry lit the court (the agent's decision, offline too).
  expect(stored).toContainEqual(
    expect.objectContaining({ kind: 'light.on', game: NOW, offline: true, params: { reason: 'game' } }),
  );
  const seqs = stored.map((event) => event.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(stored.map((event) => event.id)).size).toBe(stored.length);
  const offline = edge.server.storedEvents.at(-1)!;
  expect(offline.params!.to! - offline.params!.from!).toBeGreaterThanOrEqual(OFFLINE_AFTER_MS);
  // The server stores an event before its ack reaches the agent: the outbox empties on the ack.
  await eventually(() => expect(agent.outbox.pending).toEqual([]));
});

test('five wrong PINs lock the keypad for five minutes, even for the right PIN', async () => {
  const { agent, driver } = await connectedAgent();
  await edge.server.pushSchedule(signedSchedule([game(NOW)]));
  await cutTheLink(agent);
  const wrong = pinOf(NOW) === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    expect(await unlock(agent, { pin: wrong })).toEqual({ status: 403, detail: keypadMessages.wrong });
  }
  expect(await unlock(agent, { pin: pinOf(NOW) })).toEqual({ status: 423, detail: keypadMessages.locked });
  expect(driver.states().door).toBe(false);
  await eventually(() =>
    expect(kinds(agent.outbox.pending)).toEqual([...Array(5).fill('door.pin-wrong'), 'door.keypad-locked']),
  );
  const locked = agent.outbox.pending.at(-1)!;
  expect(locked.params!.until! - locked.at).toBeGreaterThan(5 * 60_000 - 1000);
  expect(locked.params!.until! - locked.at).toBeLessThanOrEqual(5 * 60_000);
});

test('malformed, cross-site and oversized requests are refused before any PIN is tried', async () => {
  const { agent, driver } = await connectedAgent();
  await edge.server.pushSchedule(signedSchedule([game(NOW)]));
  await cutTheLink(agent);
  const malformed = { status: 400, detail: keypadMessages.malformed };
  expect(await unlock(agent, { pin: pinOf(NOW) }, 'text/plain')).toEqual(malformed);
  expect(await unlock(agent, `pin=${pinOf(NOW)}`, 'application/x-www-form-urlencoded')).toEqual(malformed);
  expect(await unlock(agent, '{"pin":')).toEqual(malformed);
  expect(await unlock(agent, { pin: '12a4' })).toEqual(malformed);
  expect(await unlock(agent, { pin: 123456 })).toEqual(malformed);
  expect(await unlock(agent, { pin: pinOf(NOW), extra: true })).toEqual(malformed);
  expect(await unlock(agent, { pin: '1'.repeat(2000) })).toEqual({ status: 413, detail: keypadMessages.tooLarge });

  // Without a content-length (chunked), reading stops at the limit.
  const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(new URL('unlock', agent.display.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.write(`{"pin":"${'1'.repeat(900)}`);
    req.write('1'.repeat(900));
  });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body)).toEqual({ detail: keypadMessages.tooLarge });
  expect((await fetch(new URL('unlock', agent.display.url))).status).toBe(405);

  // None of it counted as a wrong PIN: the keypad still opens.
  expect(agent.outbox.pending.filter((event) => event.kind === 'door.pin-wrong')).toEqual([]);
  expect((await unlock(agent, { pin: pinOf(NOW) })).status).toBe(200);
  expect(driver.states().door).toBe(true);
});

test('refused schedules let nobody in: tampered, replayed, or another site', async () => {
  const { agent, logger } = await connectedAgent();
  expect(await edge.server.pushSchedule(signedSchedule([game(NOW)], { version: 50 }))).toMatchObject({ ok: true });
  const extra = signedSchedule([game(NOW), game(201)], { version: 51 });
  const tampered = { ...extra, payload: extra.payload.replace('"game":201', '"game":202') };
  expect(await edge.server.pushSchedule(tampered)).toEqual({ ok: false, error: 'signature' });
  expect(await edge.server.pushSchedule(signedSchedule([game(NOW), game(203)], { version: 50 }))).toEqual({
    ok: false,
    error: 'replay',
  });
  expect(await edge.server.pushSchedule(signedSchedule([game(204)], { version: 52, site: 'court-9' }))).toEqual({
    ok: false,
    error: 'site',
  });
  expect(
    logger
      .entries()
      .filter((entry) => entry.msg === 'schedule refused')
      .map((entry) => entry.error),
  ).toEqual(['signature', 'replay', 'site']);

  await cutTheLink(agent);
  for (const other of [202, 203, 204]) {
    expect(await unlock(agent, { pin: pinOf(other) })).toEqual({ status: 403, detail: keypadMessages.wrong });
  }
  expect((await unlock(agent, { pin: pinOf(NOW) })).status).toBe(200);
});

test('a hand-edited schedule file lets nobody in after a restart', async () => {
  const first = await connectedAgent();
  await edge.server.pushSchedule(signedSchedule([game(NOW)]));
  await first.agent.stop();

  // Someone with the SD card sets game 101's verifier to a PIN of their own.
  const file = agentFiles(first.config.stateFile).schedule;
  const text = readFileSync(file, 'utf8');
  const { salt, pinHash } = game(NOW);
  writeFileSync(file, text.replace(pinHash, pinVerifier(salt, '424242')));

  edge.server.setLink('down');
  const second = await edge.start({ STATE_FILE: first.config.stateFile });
  await eventually(async () => expect((await screenState(second.agent)).offline).toBe(true), 5000);
  expect(await screenState(second.agent)).toMatchObject({ schedule: null });
  expect(await unlock(second.agent, { pin: '424242' })).toEqual({ status: 403, detail: keypadMessages.wrong });
  expect(await unlock(second.agent, { pin: pinOf(NOW) })).toEqual({ status: 403, detail: keypadMessages.wrong });
  expect(second.driver.states().door).toBe(false);
  expect(second.logger.entries()).toContainEqual(
    expect.objectContaining({ level: 'error', msg: expect.stringMatching(/schedule file fails its check/) }),
  );
});

/** How long after `cut()` the agent declared itself offline. */
async function offlineAfter(agent: RunningAgent, cut: () => void): Promise<number> {
  let offlineAt = 0;
  agent.bus.on('linkChanged', ({ offline }) => void (offline && (offlineAt ||= Date.now())));
  // A few answered heartbeats first. The agent never asks while an ask is outstanding, and the link
  // answers every ask: the third ask the server sees means two answers have reached the agent.
  let asks = 0;
  edge.server.agent().on(EDGE_EVENTS.clock, () => void (asks += 1));
  await eventually(() => expect(asks).toBeGreaterThanOrEqual(3));
  const cutAt = Date.now();
  cut();
  await eventually(() => expect(offlineAt).toBeGreaterThan(0), OFFLINE_AFTER_MS + 3000);
  return offlineAt - cutAt;
}

test('the keypad comes OFFLINE_AFTER_MS after the link drops, not earlier', async () => {
  const { agent } = await connectedAgent();
  const after = await offlineAfter(agent, () => edge.server.setLink('down'));
  expect(after).toBeGreaterThanOrEqual(OFFLINE_AFTER_MS);
  expect(after).toBeLessThan(OFFLINE_AFTER_MS + 1500);
});

test('a link that drops packets (socket still connected) turns the agent offline too', async () => {
  const { agent } = await connectedAgent();
  const after = await offlineAfter(agent, () => edge.server.setLink('silent'));
  // From the first unanswered heartbeat (they go every OFFLINE_AFTER_MS / 3).
  expect(after).toBeGreaterThanOrEqual(OFFLINE_AFTER_MS);
  expect(after).toBeLessThan(OFFLINE_AFTER_MS + OFFLINE_AFTER_MS / 3 + 1500);
  expect((await screenState(agent)).offline).toBe(true);
  expect(agent.connected()).toBe(true); // socket.io has not noticed anything
  edge.server.setLink('up');
  await eventually(async () => expect(await screenState(agent)).toMatchObject({ offline: false }), 10_000);
});

test('a strike that fails answers 503 and records no entry', async () => {
  const { agent, driver } = await connectedAgent();
  await edge.server.pushSchedule(signedSchedule([game(NOW)]));
  await cutTheLink(agent);
  jest.spyOn(driver, 'set').mockRejectedValueOnce(new Error('EIO: write /sys/class/gpio/gpio529/value'));
  expect(await unlock(agent, { pin: pinOf(NOW) })).toEqual({ status: 503, detail: keypadMessages.hardware });
  expect(driver.states().door).toBe(false);
  expect(kinds(agent.outbox.pending)).not.toContain('door.entry');
  // The next try works (the relay answered again).
  expect((await unlock(agent, { pin: pinOf(NOW) })).status).toBe(200);
});

test('a restart while the link is down keeps judging windows by the API clock measured before', async () => {
  // The API's clock is two hours ahead of this Pi's: the game is on now in API time, and its door
  // window has not opened yet by the Pi's own clock.
  const aheadMs = 2 * 3600_000;
  const server = await startEdgeServer({ clockOffsetMs: aheadMs });
  const started: RunningAgent[] = [];
  try {
    const first = await startTestAgent(server);
    started.push(first.agent);
    await eventually(() => expect(first.agent.connected()).toBe(true));
    await server.pushSchedule(signedSchedule([game(NOW, { startsIn: aheadMs - 5 * 60_000 })]));
    // The offset is measured at connect and kept in the state file.
    await eventually(() =>
      expect(JSON.parse(readFileSync(first.config.stateFile, 'utf8'))).toMatchObject({
        clock: { offsetMs: expect.any(Number) },
      }),
    );
    await first.agent.stop();

    server.setLink('down');
    const second = await startTestAgent(server, { STATE_FILE: first.config.stateFile });
    started.push(second.agent);
    await eventually(async () => expect((await screenState(second.agent)).offline).toBe(true), 5000);
    expect(await unlock(second.agent, { pin: pinOf(NOW) })).toEqual({ status: 200, detail: keypadMessages.opened });
  } finally {
    await Promise.all(started.map((agent) => agent.stop()));
    await server.close();
  }
});
