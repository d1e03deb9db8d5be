// Fault injection: an API replica killed with SIGKILL (a crash, an OOM kill: no drain)
// while players book through the proxy. Every booking that was confirmed must be in the database,
// a booking refused must not be, the other replica must keep serving at once, and nothing of the
// product may be left running afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useFaultScene } from './support/fault-scene.mjs';
import { metricsOf } from './support/scale-out.mjs';
import { stillRunning } from './support/processes.mjs';
import { order, recordFigure, slotFor, tally, timedCall, withDatabase } from './support/faults.mjs';
import { agentState } from './support/product.mjs';
import { until } from './support/wait.mjs';

const SUITE = 'replica-kill';
const PLAYERS = 60;
const ROUNDS = 5; // each player's bookings, a week apart (slotFor)
const scene = useFaultScene({ players: PLAYERS });

/** An answer that says nothing about whether the booking was written: the replica died under it. */
const unknownOutcome = (outcome) => outcome.error !== undefined || outcome.status === 502 || outcome.status === 504;

test('a replica killed under booking load: confirmed bookings are stored, the other replica serves on', async () => {
  const { product, players } = scene;
  // The agent's replica is the victim: its agent must find the other one too.
  const online = await Promise.all(
    product.replicas.map(async (replica) => (await metricsOf(replica)).kort_agents_online),
  );
  const victim = product.replicas[online.indexOf(1)] ?? product.replicas[0];
  const survivor = product.replicas.find((replica) => replica !== victim);

  // Every player books its slots one after another, all players at once; the victim is killed
  // after a fifth of the answers, with requests in flight on it.
  const outcomes = [];
  let killed;
  const killAfter = Math.floor((PLAYERS * ROUNDS) / 5);
  let killedAt;
  let deadAt;
  let agentMoved;
  const kill = async () => {
    killedAt = Date.now();
    victim.child.kill('SIGKILL');
    // The agent, cut off with its replica, reconnects through the proxy to the one left.
    agentMoved = until(
      async () => (await metricsOf(survivor)).kort_agents_online === 1 && Date.now(),
      'the agent on the survivor',
      20_000,
    );
    await victim.exited;
    deadAt = Date.now();
  };
  await Promise.all(
    players.map(async (player, index) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const slot = slotFor(index, round);
        const startedAt = Date.now();
        const outcome = await order(product.base, player.client, slot);
        outcomes.push({ player, ...slot, startedAt, answeredAt: Date.now(), ...outcome });
        if (outcomes.length === killAfter) killed = kill();
      }
    }),
  );
  await killed;
  assert.equal(victim.child.signalCode, 'SIGKILL', 'the victim died of SIGKILL');

  // Right after the load: reads through the proxy, one after another.
  const reads = [];
  for (let i = 0; i < 20; i += 1) {
    reads.push({
      startedAt: Date.now(),
      ...(await timedCall(product.base, players[i].client, 'GET', '/api/user_read/')),
    });
  }

  const rows = await withDatabase(product, (db) =>
    db
      .query(
        `SELECT id, user_id, court_id, starts_at FROM bookings
          WHERE user_id = ANY($1::int[]) AND cancelled_at IS NULL`,
        [players.map((player) => player.id)],
      )
      .then((result) => result.rows),
  );
  const key = (userId, court, startsAt) => `${userId}/${court}/${new Date(startsAt).getTime()}`;
  const byKey = new Map(rows.map((row) => [key(row.user_id, row.court_id, row.starts_at), row]));
  const stored = (o) => byKey.get(key(o.player.id, o.court, o.timeStart));

  const confirmed = outcomes.filter((o) => o.status === 200);
  const unknown = outcomes.filter(unknownOutcome);
  const refused = outcomes.filter((o) => o.status !== 200 && !unknownOutcome(o));
  const afterDeath = outcomes.filter((o) => o.startedAt >= deadAt);
  const firstServed = outcomes
    .filter((o) => o.startedAt >= killedAt && o.status === 200)
    .reduce((first, o) => Math.min(first, o.answeredAt), Infinity);
  recordFigure(SUITE, 'bookings sent', outcomes.length, '', JSON.stringify(tally(outcomes)));
  recordFigure(
    SUITE,
    'in flight on the victim (502 or cut off): outcome unknown to the player',
    unknown.length,
    '',
    `${unknown.filter(stored).length} of them stored`,
  );
  recordFigure(SUITE, 'victim gone after SIGKILL', deadAt - killedAt, 'ms');
  recordFigure(
    SUITE,
    'first booking confirmed after the kill',
    firstServed - killedAt,
    'ms',
    'sent after the kill, through the proxy',
  );
  recordFigure(SUITE, 'bookings sent after the victim died', afterDeath.length, '', JSON.stringify(tally(afterDeath)));

  assert.ok(unknown.length + refused.length < outcomes.length / 2, 'the load ran mostly on');
  assert.deepEqual(
    confirmed.filter((o) => stored(o)?.id !== o.body.id).map((o) => `${o.timeStart} court ${o.court}: ${o.body.id}`),
    [],
    'every confirmed booking is in the database, with the id the player was given',
  );
  assert.deepEqual(
    refused.filter(stored).map((o) => `${o.timeStart} court ${o.court}: ${o.status}`),
    [],
    'no refused booking is in the database',
  );
  assert.deepEqual(
    afterDeath.filter((o) => o.status !== 200).map((o) => `${o.status ?? o.error} ${JSON.stringify(o.body)}`),
    [],
    'every booking sent after the victim died is confirmed by the other replica',
  );
  assert.deepEqual(
    reads.filter((o) => o.status !== 200).map((o) => o.status ?? o.error),
    [],
    'reads through the proxy succeed',
  );
  assert.ok(firstServed - killedAt < 2000, 'the other replica serves within 2 s of the kill');

  recordFigure(SUITE, 'agent connected to the survivor', (await agentMoved) - killedAt, 'ms', 'from the kill');
  await until(async () => (await agentState(product)).connected, 'the agent to say it is connected');

  // Nothing left behind: every process of the product (nginx's workers included) is gone after
  // the stop, and the victim was reaped.
  const processes = product.processes();
  const stopping = product;
  scene.product = undefined;
  await stopping.stop();
  recordFigure(SUITE, 'processes of the product checked after the stop', processes.length + 1, '', 'none left');
  assert.deepEqual(stillRunning([...processes, victim.child.pid]), [], 'no process of the product is left');
});
