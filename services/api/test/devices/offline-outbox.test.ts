import { EDGE_EVENTS, LIVE_EVENTS, messages, type LiveDoorEvent, type OutboxAck } from '@kort/contracts';
import { liveDashboard } from '../support/live-dashboard';
import { waitFor } from '../support/wait';
import {
  admin,
  api,
  base,
  connectAgent,
  event,
  mskInstant,
  playerWithGame,
  upload,
  useOfflineApp,
} from '../support/offline-world';

// The club without its link, the API's half: doors that prove they opened, and the
// agent's outbox applied exactly once into the command log. The schedule is in offline-schedule.test.ts.
useOfflineApp('offline-outbox:');

describe('doors that prove they opened', () => {
  test('with a door sensor the game starts at the agent’s door.opened, not at the ack; the admin’s light is manual', async () => {
    const { client, gameId } = await playerWithGame('2027-06-04', 10, 2);
    const agent = await connectAgent(); // its snapshot reports a door sensor (closed)
    await waitFor(
      async () =>
        (
          await api.db.query<{ closed: boolean | null }[]>(
            `SELECT door_closed AS closed FROM sites WHERE id = 'default'`,
          )
        )[0]?.closed === true,
    );
    api.clock.set(mskInstant('2027-06-04', 9, 45));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(200);
    const code = agent.commands.at(-1)!.params!.code!;
    expect((await client.post('/api/recieve/', { qr_code: code })).status).toBe(200);
    expect(agent.commands.at(-1)).toMatchObject({ action: 'door.open', params: { gameId } });
    const startedAt = async () =>
      (await api.db.query<{ started_at: Date | null }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [gameId]))[0]!
        .started_at;
    expect(await startedAt()).toBeNull();

    const opened = event('door.opened', 1, { game: gameId, offline: false });
    expect(await upload(agent, [opened])).toEqual({ ok: true, seq: 1, applied: 1 });
    expect((await startedAt())?.getTime()).toBe(opened.at);

    expect((await admin.client.act('/api/turn_on_light/')).status).toBe(200);
    expect(agent.commands.at(-1)).toMatchObject({ action: 'light.on', params: { manual: true } });
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });
});

describe('the outbox', () => {
  test('a batch is applied once: an offline entry starts the game, the offline period is kept, dashboards see it', async () => {
    const owner = await playerWithGame('2027-06-04', 12, 1);
    const foreign = await playerWithGame('2027-06-04', 12, 3);
    api.clock.set(mskInstant('2027-06-04', 11, 50));
    const { live, states } = await liveDashboard(base, admin.client.sessionId);
    const doorEvents: LiveDoorEvent[] = [];
    live.on(LIVE_EVENTS.doorEvent, (payload: LiveDoorEvent) => doorEvents.push(payload));

    const agent = await connectAgent();
    const from = mskInstant('2027-06-04', 11, 30).getTime();
    const to = mskInstant('2027-06-04', 11, 49).getTime();
    const wrong = event('door.pin-wrong', 10, { at: from + 60_000 });
    const entry = event('door.entry', 11, { at: from + 120_000, game: owner.gameId, params: { sensor: false } });
    const light = event('light.on', 12, { at: from + 121_000, game: owner.gameId, params: { reason: 'game' } });
    const elsewhere = event('door.entry', 13, { at: from + 130_000, game: foreign.gameId, params: { sensor: false } });
    const period = event('agent.offline', 14, { at: to, params: { from, to } });
    const batch = [wrong, entry, light, elsewhere, period];

    expect(await upload(agent, batch)).toEqual({ ok: true, seq: 14, applied: 5 });
    expect(await upload(agent, batch)).toEqual({ ok: true, seq: 14, applied: 0 });

    const rows = await api.db.query<Record<string, unknown>[]>(
      `SELECT id, action, device, requested_by, booking_id, origin, offline, status, requested_at, finished_at
         FROM commands WHERE id = ANY($1::uuid[]) ORDER BY requested_at`,
      [batch.map((e) => e.id)],
    );
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.id === entry.id)).toMatchObject({
      action: 'door.entry',
      device: 'door',
      requested_by: owner.id,
      booking_id: owner.gameId,
      origin: 'agent',
      offline: true,
      status: 'done',
    });
    // Another site's game is not this agent's to start.
    expect(rows.find((row) => row.id === elsewhere.id)).toMatchObject({ requested_by: null, booking_id: null });
    expect(rows.find((row) => row.id === period.id)).toMatchObject({
      device: null,
      requested_at: new Date(from),
      finished_at: new Date(to),
    });
    const [game] = await api.db.query<{ started_at: Date }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [
      owner.gameId,
    ]);
    expect(game!.started_at.getTime()).toBe(entry.at);
    const [other] = await api.db.query<{ started_at: Date | null }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [
      foreign.gameId,
    ]);
    expect(other!.started_at).toBeNull();

    // The game entered offline counts as started: ending it works.
    expect((await owner.client.act(`/api/end/${owner.gameId}/`)).body).toEqual({ detail: messages.gameEnded });

    await waitFor(() => doorEvents.length >= 3);
    expect(doorEvents.map((e) => e.kind)).toEqual(['door.pin-wrong', 'door.entry', 'door.entry']);
    expect(doorEvents[1]).toEqual({
      site: 'default',
      id: entry.id,
      kind: 'door.entry',
      at: new Date(entry.at).toISOString(),
      game: owner.gameId,
      offline: true,
    });
    await waitFor(() => states.at(-1)?.lastOffline !== null);
    expect(states.at(-1)!.lastOffline).toEqual({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });

    const log = await admin.client.get(
      `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ origin: 'agent', booking_id: owner.gameId }))}`,
    );
    expect(log.status).toBe(200);
    expect(log.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: entry.id, action: 'door.entry', origin: 'agent', offline: true }),
        expect.objectContaining({ id: light.id, action: 'light.on', origin: 'agent', offline: true }),
      ]),
    );
    const entries = await admin.client.get(
      `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ action: 'agent.offline' }))}`,
    );
    expect(entries.body).toEqual([expect.objectContaining({ id: period.id, origin: 'agent', booking_id: null })]);
    live.close();
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a malformed batch is refused with ok:false', async () => {
    const agent = await connectAgent();
    const ack = (await agent.socket
      .timeout(5000)
      .emitWithAck(EDGE_EVENTS.outbox, { events: [{ id: 'not-a-uuid' }] })) as OutboxAck;
    expect(ack.ok).toBe(false);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('1,000 events: uploaded in batches of 500 and applied once each (timed)', async () => {
    const agent = await connectAgent();
    const at = api.clock.now().getTime();
    const events = Array.from({ length: 1000 }, (_, i) =>
      event(i % 2 ? 'door.pin-wrong' : 'light.off', 1000 + i, { at: at + i }),
    );
    const started = performance.now();
    let applied = 0;
    for (let i = 0; i < events.length; i += 500) {
      const ack = await upload(agent, events.slice(i, i + 500));
      if (!ack.ok) throw new Error(ack.error);
      applied += ack.applied;
    }
    const elapsed = performance.now() - started;
    console.log(`1,000 outbox events uploaded and applied in ${elapsed.toFixed(0)} ms`);
    expect(applied).toBe(1000);
    const [{ count }] = await api.db.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM commands WHERE id = ANY($1::uuid[])`,
      [events.map((e) => e.id)],
    );
    expect(count).toBe(1000);
    agent.close();
  });
});
