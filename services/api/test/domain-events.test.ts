// What follows a commit (src/events/domain-events.ts): the owners of the rows record what happened on
// the writer's transaction, and one dispatcher runs every subscriber once it has committed. On real
// PostgreSQL, BullMQ workers and the change feed. Its own database, in June 2027.
import { DataSource } from 'typeorm';
import { Waitlist } from '../src/bookings/waitlist';
import { NoShows } from '../src/bookings/no-shows';
import { ChangeFeed } from '../src/cache/change-feed';
import { DomainEvents } from '../src/events/domain-events';
import type { Client } from './support/client';
import { cancel, msk, order, outboxDrained, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';
import { waitFor } from './support/wait';

const NOW = '2027-06-01T06:00:00Z'; // Tuesday 1 June 2027, 09:00 in Moscow

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ NO_SHOW_AFTER_MIN: '15' }, new TestClock(), { ownDatabase: true });
  await api.db.query(`CREATE TABLE event_probe (id int PRIMARY KEY)`);
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

type Person = { client: Client; id: number };
const events = () => api.app.get(DomainEvents);
const probed = async (id: number) =>
  (await api.db.query<unknown[]>(`SELECT 1 FROM event_probe WHERE id = $1`, [id])).length === 1;

describe('the dispatcher', () => {
  /** What a test subscriber of `games.held` saw of the probe row of each event, in and after its transaction. */
  const seen: string[] = [];
  beforeAll(() => {
    events().on('games.held', {
      name: 'probe',
      inTransaction: async (event, tx) => {
        const [row] = await tx.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM event_probe WHERE id = $1`, [
          event.games[0]!.id,
        ]);
        seen.push(`in ${event.games[0]!.id}: ${row!.n}`);
      },
      // Another connection than the writer's: the row is there only once the writer has committed.
      afterCommit: async (event) => {
        seen.push(`after ${event.games[0]!.id}: ${await probed(event.games[0]!.id)}`);
      },
    });
    events().on('games.held', {
      name: 'failing',
      afterCommit: (event) => {
        if (event.games[0]!.id === 3) throw new Error('a subscriber that fails');
      },
    });
  });
  beforeEach(() => (seen.length = 0));

  const held = (id: number) => ({ type: 'games.held' as const, games: [{ id, siteId: 'default' }] });

  test('subscribers run in the transaction as it is recorded, and after it once it has committed', async () => {
    await events().transaction(async (tx) => {
      await tx.query(`INSERT INTO event_probe VALUES (1)`);
      await events().record(tx, held(1));
      expect(seen).toEqual(['in 1: 1']);
      expect(await probed(1)).toBe(false); // not committed yet: nothing after the commit has run
    });
    expect(seen).toEqual(['in 1: 1', 'after 1: true']);
  });

  test('a transaction that rolls back dispatches nothing', async () => {
    const write = events().transaction(async (tx) => {
      await tx.query(`INSERT INTO event_probe VALUES (2)`);
      await events().record(tx, held(2));
      throw new Error('the write is refused');
    });
    await expect(write).rejects.toThrow('the write is refused');
    expect(seen).toEqual(['in 2: 1']);
    expect(await probed(2)).toBe(false);
  });

  test('a subscriber that fails is logged; the write stands and the others still run', async () => {
    await events().transaction(async (tx) => {
      await tx.query(`INSERT INTO event_probe VALUES (3)`);
      await events().record(tx, held(3));
    });
    expect(seen).toEqual(['in 3: 1', 'after 3: true']);
    expect(await probed(3)).toBe(true);
  });

  test('an event recorded on a transaction nobody would dispatch is refused at once', async () => {
    const write = api.app.get(DataSource).transaction((tx) => events().record(tx, held(4)));
    await expect(write).rejects.toThrow('games.held recorded on a transaction not opened by DomainEvents');
  });
});

describe("the writer's own caches, with the database's notifications not arriving", () => {
  const DAY = '2027-06-03';
  const dial = async (who: Person, date = DAY) =>
    ((await who.client.get(`/api/get-available-times/?date=${date}`)).body as { reserved: number[] }).reserved;
  const players = (count: number) => signedInPlayers(api, count) as Promise<Person[]>;
  let viewer: Person;

  beforeAll(async () => {
    await waitFor(() => api.app.get(ChangeFeed).live);
    // The feed's connection stops listening but stays up: the caches keep serving from memory, and
    // only what this replica's own writes drop is read again.
    const feed: unknown = api.app.get(ChangeFeed);
    await (feed as { client: { query(sql: string): Promise<unknown> } }).client.query('UNLISTEN kort_changes');
    [viewer] = (await players(1)) as [Person];
  });

  test('the control: a game written by another process is not seen, since only notifications would say so', async () => {
    const [player] = await players(1);
    expect(await dial(viewer, '2027-06-02')).toEqual([]);
    for (const court of [1, 2]) {
      await api.db.query(
        `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
         VALUES ($1, $2, $3, $3::timestamptz + interval '1 hour', 2)`,
        [player!.id, court, msk('2027-06-02', 10)],
      );
    }
    expect(await dial(viewer, '2027-06-02')).toEqual([]);
  });

  /** Both courts taken at the hour, one in line, and the first court freed: an offer held for them. */
  async function offerHeld(hour: number): Promise<{ waiting: Person; entryId: number }> {
    const [one, two, waiting] = (await players(3)) as [Person, Person, Person];
    expect((await order(one.client, 1, msk(DAY, hour))).status).toBe(200);
    expect((await order(two.client, 2, msk(DAY, hour))).status).toBe(200);
    const entryId = (await waiting.client.post('/api/waitlist/', { time_start: msk(DAY, hour) })).body.id as number;
    expect((await cancel(one.client, 1, msk(DAY, hour))).status).toBe(200);
    await waitFor(
      async () => (await waiting.client.get('/api/waitlist/')).body.detail[0]?.state === 'offered',
      10_000,
      'the offer',
    );
    expect(await dial(viewer)).toContain(hour); // the game and the hold: no court free
    return { waiting, entryId };
  }

  test('a player leaving the line with an offer frees its court on the dial at once', async () => {
    const { waiting, entryId } = await offerHeld(11);
    expect((await waiting.client.delete(`/api/waitlist/${entryId}/`)).status).toBe(200);
    expect(await dial(viewer)).not.toContain(11);
  });

  test("a hold's expiry frees its court on the dial at once", async () => {
    const { entryId } = await offerHeld(12);
    api.clock.set(new Date(Date.parse(NOW) + 16 * 60_000));
    expect(await api.app.get(Waitlist).expire(entryId)).toBe(true);
    expect(await dial(viewer)).not.toContain(12);
  });

  test("a no-show's release frees its court on the dial at once", async () => {
    const [one, two] = (await players(2)) as [Person, Person];
    const ids: number[] = [];
    for (const [court, who] of [one, two].entries()) {
      const booked = await order(who.client, court + 1, msk(DAY, 13));
      expect(booked.status).toBe(200);
      ids.push(booked.body.id as number);
    }
    await outboxDrained(api.db);
    expect(await dial(viewer)).toContain(13);
    // 13:15 with the door's agent connected and fresh, and the first game's door never opened.
    api.clock.set(new Date(msk(DAY, 13, 15)));
    await api.db.query(`UPDATE sites SET online = true, last_seen_at = now() WHERE id = 'default'`);
    expect(await api.app.get(NoShows).check(ids[0]!)).toBe('released');
    expect(await dial(viewer)).not.toContain(13);
  });
});
