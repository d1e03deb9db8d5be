import { DeviceError, messages } from '@kort/contracts';
import {
  agentTokenHash,
  offlinePin,
  pinMatches,
  scheduleKey,
  verifySchedulePayload,
} from '@kort/contracts/schedule-crypto';
import { waitFor } from '../support/wait';
import { cancel, msk, order, signedInPlayers } from '../support/players';
import {
  admin,
  api,
  CLOSES_AFTER,
  connectAgent,
  gamesIn,
  logLines,
  mskInstant,
  OPENS_BEFORE,
  type Player,
  playerWithGame,
  secret,
  useOfflineApp,
  verified,
} from '../support/offline-world';

// The club without its link, the API's half: the signed schedule an agent receives, the
// door window and the offline PIN to the owner. The outbox is in offline-outbox.test.ts.
useOfflineApp('offline-schedule:');

describe('the schedule', () => {
  test('a connecting agent gets a signed schedule of its own site: live games of the next 48 hours, with PIN verifiers', async () => {
    const blocked = await playerWithGame('2027-06-01', 10, 1);
    const deleted = await playerWithGame('2027-06-01', 10, 2);
    const ended = await playerWithGame('2027-06-01', 11, 1);
    const kept = await playerWithGame('2027-06-01', 18, 1);
    const cancelled = await playerWithGame('2027-06-01', 18, 2);
    const inHorizon = await playerWithGame('2027-06-03', 9, 2);
    const beyond = await playerWithGame('2027-06-03', 12, 1);
    const otherSite = await playerWithGame('2027-06-01', 18, 3);
    expect((await cancel(cancelled.client, 2, msk('2027-06-01', 18))).status).toBe(200);
    await api.db.query(`UPDATE bookings SET started_at = $2, ended_at = $2 WHERE id = $1`, [
      ended.gameId,
      mskInstant('2027-06-01', 9, 50),
    ]);
    // Ten past ten: the 10:00 games are on; their players are blocked and self-deleted now.
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    expect((await admin.client.act(`/api/delete_user/?id=${blocked.id}`)).status).toBe(200);
    expect((await deleted.client.act('/api/del_account/')).status).toBe(200);

    const agent = await connectAgent();
    const schedule = verified(agent.schedules[0]!);
    expect(schedule).toMatchObject({
      site: 'default',
      light: { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 },
    });
    expect(schedule.version).toBeGreaterThan(0);
    expect(schedule.games.map((entry) => entry.game)).toEqual([kept.gameId, inHorizon.gameId]);
    for (const excluded of [blocked, deleted, ended, cancelled, beyond, otherSite]) {
      expect(schedule.games.map((entry) => entry.game)).not.toContain(excluded.gameId);
    }
    const [entry] = schedule.games;
    const start = mskInstant('2027-06-01', 18).getTime();
    expect(entry).toMatchObject({
      court: 1,
      start,
      end: start + 3600_000,
      open: start - OPENS_BEFORE * 60_000,
      close: start + 3600_000 + CLOSES_AFTER * 60_000,
    });
    expect(pinMatches(entry!.salt, entry!.pinHash, offlinePin(secret, kept.gameId))).toBe(true);
    expect(pinMatches(entry!.salt, entry!.pinHash, offlinePin(secret, inHorizon.gameId))).toBe(false);
    expect(agent.schedules[0]!.payload).not.toContain(offlinePin(secret, kept.gameId));
    // The other site's agent token does not verify it.
    expect(
      verifySchedulePayload(
        agent.schedules[0]!.payload,
        agent.schedules[0]!.signature,
        scheduleKey(agentTokenHash('north-agent-token-0123456789')),
      ),
    ).toBe(false);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a booking reaches the connected agent within a second (a newer version), a cancellation too', async () => {
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    const agent = await connectAgent();
    const before = verified(agent.schedules.at(-1)!).version;

    const [player] = (await signedInPlayers(api, 1)) as [Player];
    const started = Date.now();
    const booked = await order(player.client, 2, msk('2027-06-01', 20));
    expect(booked.status).toBe(200);
    const gameId = booked.body.id as number;
    await waitFor(() => gamesIn(agent).includes(gameId), 5000);
    const elapsed = Date.now() - started;
    console.log(`booking → schedule on the agent: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(1000);
    expect(verified(agent.schedules.at(-1)!).version).toBeGreaterThan(before);

    const count = agent.schedules.length;
    expect((await cancel(player.client, 2, msk('2027-06-01', 20))).status).toBe(200);
    await waitFor(() => agent.schedules.length > count && !gamesIn(agent).includes(gameId), 2000);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a burst of changes is one push', async () => {
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    const agent = await connectAgent();
    const count = agent.schedules.length;
    const players = (await signedInPlayers(api, 2)) as Player[];
    await Promise.all(players.map((player, i) => order(player.client, 1 + i, msk('2027-06-01', 21))));
    await waitFor(() => agent.schedules.length > count);
    // A later change proves the burst's pushes are all in: pushes to a site go one after another, so
    // the first schedule holding the later game came after every push the burst caused.
    const [late] = (await signedInPlayers(api, 1)) as [Player];
    const lateGame = await order(late.client, 1, msk('2027-06-01', 22));
    expect(lateGame.status).toBe(200);
    await waitFor(() => gamesIn(agent).includes(lateGame.body.id as number));
    const burst = agent.schedules
      .slice(count)
      .findIndex((signed) => verified(signed).games.some((entry) => entry.game === lateGame.body.id));
    expect(burst).toBeLessThanOrEqual(2);
    expect(gamesIn(agent)).toHaveLength(new Set(gamesIn(agent)).size);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });
});

describe('the door window and the offline PIN', () => {
  test('online: the window follows DOOR_OPENS_BEFORE_MIN and DOOR_CLOSES_AFTER_MIN', async () => {
    const { client, gameId } = await playerWithGame('2027-06-02', 12, 1);
    const agent = await connectAgent();
    api.clock.set(mskInstant('2027-06-02', 11, 29));
    const early = await client.act(`/api/send/${gameId}/`);
    expect(early.status).toBe(425);
    expect(early.body.detail).toBe('Игра начнётся в 12:00. Пожалуйста, подождите');
    api.clock.set(mskInstant('2027-06-02', 11, 30));
    expect((await client.act(`/api/send/${gameId}/`)).body).toEqual({ detail: messages.codeOnDisplay });
    api.clock.set(mskInstant('2027-06-02', 13, 9));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(200);
    const display = agent.commands.filter((command) => command.action === 'display.show');
    expect(display).toHaveLength(2);
    api.clock.set(mskInstant('2027-06-02', 13, 10));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(410);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('offline: send answers the owner 503 with the offline PIN, nobody else, and no log line holds it', async () => {
    const owner = await playerWithGame('2027-06-02', 14, 2);
    const [intruder] = (await signedInPlayers(api, 1)) as [Player];
    api.clock.set(mskInstant('2027-06-02', 13, 50));
    expect((await admin.client.get('/api/get_device_status/')).body.online).toBe(false);

    const response = await owner.client.act(`/api/send/${owner.gameId}/`);
    expect(response.status).toBe(503);
    const pin = offlinePin(secret, owner.gameId);
    expect(response.body).toEqual({ detail: messages.offlinePin, code: DeviceError.AgentOffline, offline_pin: pin });
    const refused = await intruder.client.act(`/api/send/${owner.gameId}/`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(pin);

    // A call's request line is its last, written once the answer has gone: wait for both calls'.
    await waitFor(() => logLines.filter((line) => line.includes(`/api/send/${owner.gameId}/`)).length >= 2);
    const logged = logLines.join('');
    expect(logged).toContain('the offline PIN given to the owner'); // the capture works
    expect(logged).toContain(`/api/send/${owner.gameId}/`);
    expect(logged).not.toMatch(new RegExp(`(?<!\\d)${pin}(?!\\d)`));
    expect(logged).not.toContain('offline_pin');
  });

  test('my-orders carries the offline PIN of today’s games only', async () => {
    const today = await playerWithGame('2027-06-02', 16, 1);
    api.clock.set(mskInstant('2027-06-01', 9));
    expect((await order(today.client, 1, msk('2027-06-03', 16))).status).toBe(200);
    api.clock.set(mskInstant('2027-06-02', 8));
    const orders = (await today.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({ id: today.gameId, today: true, offline_pin: offlinePin(secret, today.gameId) });
    expect(orders[1]).toMatchObject({ today: false });
    expect(orders[1]).not.toHaveProperty('offline_pin');
  });
  test('OpenAPI publishes the offline PIN of send (503) and of my-orders', async () => {
    const document = (await api.client().get('/api/docs-json')).body as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content?: { 'application/json': { schema: unknown } } }> } }
      >;
    };
    const send = document.paths['/api/send/{gameId}']!.get.responses['503']!;
    expect(JSON.stringify(send)).toContain('offline_pin');
    const orders = document.paths['/api/my-orders']!.get.responses['200']!;
    expect(JSON.stringify(orders)).toContain('offline_pin');
  });
});
