// A backing service (Redis, PostgreSQL) taken away under a light mixed load, for the fault tests:
// the load, the outage with each replica's recovery timed, and what every outage must look like.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiClient } from './api-client.mjs';
import { until } from './wait.mjs';
import {
  PASSWORD,
  cleanUnavailable,
  clubDate,
  order,
  percentile,
  recordFigure,
  slotFor,
  tally,
  timedCall,
} from './faults.mjs';

/**
 * A light mixed load through the proxy until `stop()`: players reading (their profile, courts,
 * free hours, the calendar, the rules), a player signing in again and again, players booking
 * distinct slots, and an admin switching the light. Every outcome is kept with its start time.
 */
export async function mixedLoad(product, { readers, signingIn, bookers = [], admin }) {
  const outcomes = [];
  let running = true;
  const date = clubDate(3);
  const [year, month] = date.split('-').map(Number);
  const reads = [
    '/api/get_courts/',
    '/api/user_read/',
    `/api/get-available-times/?date=${date}`,
    `/api/booked_times/?year=${year}&month=${month}`,
    '/api/give_rules/',
  ];
  /** The lanes that have had a call answered with a 2xx: the load is up once every lane has. */
  const answered = new Set();
  /** Calls one after another; `next(i)` describes the i-th, or ends the lane with nothing. */
  const lane = async (pauseMs, next) => {
    const id = Symbol('lane');
    for (let i = 0; running; i += 1) {
      const step = next(i);
      if (!step) return;
      const { call, ...about } = step;
      const startedAt = Date.now();
      const outcome = { ...about, startedAt, ...(await call()) };
      outcomes.push(outcome);
      if (outcome.status >= 200 && outcome.status < 300) answered.add(id);
      await sleep(pauseMs); // the lane's pace, not a wait for anything: the load's rate
    }
  };
  const anonymous = apiClient(product.base);
  await anonymous.get('/api/give_rules/'); // the CSRF cookie
  const { base } = product;
  const lanes = [
    ...readers.map(({ client }) =>
      lane(50, (i) => ({
        kind: 'read',
        path: reads[i % reads.length],
        call: () => timedCall(base, client, 'GET', reads[i % reads.length]),
      })),
    ),
    // argon2 makes a login cost ~0.1 s of CPU: one every half second keeps the load light.
    signingIn &&
      lane(500, () => ({
        kind: 'login',
        call: () =>
          timedCall(base, anonymous, 'POST', '/api/login/', { body: { email: signingIn.email, password: PASSWORD } }),
      })),
    // Paced so that the players' 5 slots each last the whole load.
    bookers.length &&
      lane(250, (i) => {
        const player = i % bookers.length;
        const round = Math.floor(i / bookers.length);
        if (round > 4) return undefined;
        const slot = slotFor(player, round);
        return {
          kind: 'booking',
          player: bookers[player],
          ...slot,
          call: () => order(base, bookers[player].client, slot),
        };
      }),
    // Commands wait up to their deadline (8 s) for the agent: a little more before giving up.
    admin &&
      lane(200, (i) => {
        const path = i % 2 ? '/api/turn_off_light/' : '/api/turn_on_light/';
        return { kind: 'command', path, call: () => timedCall(base, admin, 'GET', path, { timeoutMs: 12_000 }) };
      }),
  ].filter(Boolean);
  const done = Promise.all(lanes);
  return {
    outcomes,
    /** Every lane has had a call answered with a 2xx. */
    up: () => answered.size === lanes.length,
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}

/**
 * A backing service taken away under `load`: once every lane of the load has been answered, `stop()`,
 * `downMs` without it, `start()`, then each replica's readiness awaited and 2 s more of load. The
 * load is stopped in every case (a failing test would otherwise leave its lanes calling forever).
 */
export async function outageUnderLoad(product, load, { stop, start, downMs }) {
  try {
    await until(() => load.up(), 'a call of every lane of the load answered with a 2xx', 20_000);
    const downAt = Date.now();
    await stop();
    await sleep(downMs); // the outage itself: its length is the scenario, nothing to wait for
    await start();
    const upAt = Date.now();
    // Each replica's own readiness, not through the proxy: that would hide one that never recovers.
    const recoveredMs = await readyAgain(product, upAt);
    await sleep(2000); // a window that proves an absence: no call started after the recovery fails
    const outcomes = await load.stop();
    return { downAt, upAt, recoveredMs, recoveredAt: upAt + Math.max(...recoveredMs), outcomes };
  } finally {
    await load.stop();
  }
}

/**
 * What every outage must look like: each call answered with a 2xx or a clean 503 (never a 500,
 * never a hang past the client's timeout; a device command lost on its way to the agent is sent
 * again within its deadline, so it too is done or cleanly refused), every replica ready within 10 s
 * of the service's return, every call after that a success. The figures are recorded first.
 */
export function checkOutage(suite, service, { downAt, upAt, recoveredMs, recoveredAt, outcomes }) {
  const during = outcomes.filter((o) => o.startedAt >= downAt && o.startedAt < recoveredAt);
  const recovery = Math.max(...recoveredMs);
  recordFigure(suite, 'calls', outcomes.length, '', JSON.stringify(tally(outcomes)));
  recordFigure(
    suite,
    `calls started while ${service} was down or recovering`,
    during.length,
    '',
    JSON.stringify(tally(during)),
  );
  recordFigure(suite, `${service} down`, upAt - downAt, 'ms');
  recordFigure(
    suite,
    `readiness 200 again after ${service} is back`,
    recovery,
    'ms',
    `replicas: ${recoveredMs.join(' and ')} ms`,
  );
  const answerMs = during.map((o) => o.ms);
  recordFigure(suite, 'slowest answer to a call started in the outage', Math.round(Math.max(0, ...answerMs)), 'ms');
  recordFigure(suite, 'p95 answer to a call started in the outage', Math.round(percentile(answerMs, 0.95) ?? 0), 'ms');

  const describe = (o) =>
    `${o.kind} ${o.path ?? o.timeStart ?? ''}: ${o.status ?? o.error} ${JSON.stringify(o.body ?? '')}`;
  const unclean = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && !cleanUnavailable(o));
  assert.deepEqual(unclean.map(describe), [], 'every call is answered with a 2xx or a clean 503, none hangs');
  assert.ok(recovery < 10_000, `ready within 10 s of ${service} returning: ${recoveredMs}`);
  const failedAfter = outcomes.filter((o) => o.startedAt >= recoveredAt && o.status !== 200);
  assert.deepEqual(failedAfter.map(describe), [], 'every call after the recovery succeeds');
}

/** Polls each replica's own readiness (not through the proxy) and returns how long each took. */
export async function readyAgain(product, since, timeoutMs = 30_000) {
  return Promise.all(
    product.replicas.map(async (replica) => {
      await until(
        () =>
          fetch(`${replica.url}/api/health/`, { signal: AbortSignal.timeout(3000) }).then(
            (response) => response.ok,
            () => false,
          ),
        `${replica.name} ready again`,
        timeoutMs,
      );
      return Date.now() - since;
    }),
  );
}
