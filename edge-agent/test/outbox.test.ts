import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentFiles } from '../src/config';
import { silentLogger } from '../src/logger';
import { OutboxStore } from '../src/outbox/outbox-store';
import { capturingLogger, eventually, tempDir } from './support/helpers';
import { kinds, OFFLINE_AFTER_MS, screenState, unlock, useEdgeServer } from './support/test-agent';

function outboxAt(file: string, logger = capturingLogger(), offline = true) {
  const outbox = new OutboxStore({ file, logger, now: Date.now, offline: () => offline });
  return { outbox, logger };
}

describe('the outbox file', () => {
  test('events are on disk when append resolves, and survive a restart with their seq', async () => {
    const file = join(tempDir(), 'state.json.outbox');
    const { outbox } = outboxAt(file);
    await outbox.load();
    const first = await outbox.append('door.pin-wrong');
    await outbox.append('door.entry', { game: 7, params: { sensor: false } });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(first).toMatchObject({ seq: 1, kind: 'door.pin-wrong', offline: true, game: null });
    await outbox.close();

    const restarted = outboxAt(file).outbox;
    await restarted.load();
    expect(restarted.pending.map(({ kind, seq, game }) => ({ kind, seq, game }))).toEqual([
      { kind: 'door.pin-wrong', seq: 1, game: null },
      { kind: 'door.entry', seq: 2, game: 7 },
    ]);
    expect((await restarted.append('light.off', { params: { reason: 'run-over' } })).seq).toBe(3);
    await restarted.close();
  });

  test('a torn last line (power cut mid-write) is skipped with a warning; appends after it are whole', async () => {
    const file = join(tempDir(), 'outbox');
    const { outbox } = outboxAt(file);
    await outbox.load();
    await outbox.append('door.pin-wrong');
    await outbox.close();
    appendFileSync(file, '{"id":"6f1c2a","seq":2,"kind":"door.en');

    const { outbox: restarted, logger } = outboxAt(file);
    await restarted.load();
    expect(kinds(restarted.pending)).toEqual(['door.pin-wrong']);
    expect(logger.entries()).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/torn last line/) }),
    );
    await restarted.append('door.entry', { game: 3 });
    await restarted.close();

    const again = outboxAt(file).outbox;
    await again.load();
    expect(kinds(again.pending)).toEqual(['door.pin-wrong', 'door.entry']);
    await again.close();
  });

  test('acknowledged events leave the file; the seq keeps rising across restarts', async () => {
    const file = join(tempDir(), 'outbox');
    const { outbox } = outboxAt(file);
    await outbox.load();
    for (let i = 0; i < 3; i++) await outbox.append('door.pin-wrong');
    await outbox.drop(3);
    expect(outbox.pending).toEqual([]);
    await outbox.close();
    const restarted = outboxAt(file).outbox;
    await restarted.load();
    expect(restarted.pending).toEqual([]);
    expect((await restarted.append('door.pin-wrong')).seq).toBe(4);
    await restarted.close();
  });
});

describe('upload', () => {
  const edge = useEdgeServer();
  const agentOn = (env: Record<string, string> = {}) => edge.start(env);

  test('decisions taken offline survive a restart and reach the API in order, exactly once', async () => {
    edge.server.setLink('down');
    const first = await agentOn();
    await eventually(async () => expect((await screenState(first.agent)).offline).toBe(true), OFFLINE_AFTER_MS + 3000);
    for (const pin of ['000000', '111111', '222222']) expect((await unlock(first.agent, { pin })).status).toBe(403);
    const recorded = [...first.agent.outbox.pending];
    expect(recorded).toHaveLength(3);
    await first.agent.stop();

    edge.server.setLink('up');
    const second = await agentOn({ STATE_FILE: first.config.stateFile });
    await eventually(() =>
      expect(kinds(edge.server.storedEvents)).toEqual(['door.pin-wrong', 'door.pin-wrong', 'door.pin-wrong']),
    );
    expect(edge.server.storedEvents.map((event) => event.id)).toEqual(recorded.map((event) => event.id));
    expect(edge.server.storedEvents.every((event) => event.offline)).toBe(true);
    await eventually(() => expect(second.agent.outbox.pending).toEqual([]));
    // Nothing is sent twice: after a restart the file is empty too.
    const { outbox } = outboxAt(agentFiles(first.config.stateFile).outbox, capturingLogger());
    await second.agent.stop();
    await outbox.load();
    expect(outbox.pending).toEqual([]);
    await outbox.close();
    expect(edge.server.outboxBatches).toHaveLength(1);
  });

  test('a batch the API does not store is sent again later, until it is', async () => {
    edge.server.setOutboxAnswer('fail');
    const { agent, logger } = await agentOn();
    await eventually(() => expect(agent.connected()).toBe(true));
    await agent.outbox.append('door.held-open', { game: 9 });
    // The retry delay has full jitter, so a first retry may come at once: count at least one refusal.
    await eventually(() => expect(edge.server.outboxBatches.length).toBeGreaterThanOrEqual(1));
    expect(agent.outbox.pending).toHaveLength(1);
    // The server counts the batch before its refusal reaches the agent, which logs it then.
    await eventually(() =>
      expect(logger.entries()).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'outbox upload failed, retrying',
          error: 'database unavailable',
        }),
      ),
    );
    edge.server.setOutboxAnswer('ack');
    await eventually(() => expect(kinds(edge.server.storedEvents)).toEqual(['door.held-open']), 6000);
    await eventually(() => expect(agent.outbox.pending).toEqual([]));
    expect(edge.server.outboxBatches.length).toBeGreaterThanOrEqual(2);
    expect(new Set(edge.server.outboxBatches.flat().map((event) => event.id)).size).toBe(1); // the same event each time
  });

  test('1000 offline events go up in two batches of 500, in order, within seconds', async () => {
    const stateFile = join(tempDir(), 'state.json');
    const outbox = new OutboxStore({
      file: agentFiles(stateFile).outbox,
      logger: silentLogger,
      now: Date.now,
      offline: () => true,
    });
    await outbox.load();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => outbox.append('door.pin-wrong', { game: i + 1 })));
    await outbox.close();

    const started = Date.now();
    const { agent } = await agentOn({ STATE_FILE: stateFile });
    await eventually(() => expect(edge.server.storedEvents).toHaveLength(1000), 10_000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(edge.server.outboxBatches.map((batch) => batch.length)).toEqual([500, 500]);
    expect(edge.server.storedEvents.map((event) => event.game)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    await eventually(() => expect(agent.outbox.pending).toEqual([]));
  });
});
