// The traffic of the fleet bench's reconnect storm (bench/fleet.mjs): players reading the booking
// rules and the dial, an owner switching lights at several sites, and the audit of those commands
// against what the agents received.
import { BENCH_DAY, quantiles } from './lib.mjs';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PLAYER_PAUSE_MS = 50;
const COMMAND_PAUSE_MS = 200;

/** Each signed-in player in a loop: GET /api/booking_rules/, then the dial's day; every answer timed. */
export function playerLoad(base, sessions) {
  const samples = [];
  let running = true;
  const lanes = sessions.map(async (session, lane) => {
    for (let i = lane; running; i++) {
      const path = i % 2 ? '/api/booking_rules/' : `/api/get-available-times/?date=${BENCH_DAY}`;
      const at = now();
      let status;
      try {
        const answer = await fetch(`${base}${path}`, {
          headers: { cookie: session.cookie },
          signal: AbortSignal.timeout(10_000),
        });
        await answer.arrayBuffer();
        status = answer.status;
      } catch (error) {
        status = error.name;
      }
      samples.push({ at, ms: now() - at, status });
      await sleep(PLAYER_PAUSE_MS);
    }
  });
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(lanes);
    },
  };
}

/**
 * The players' requests started in [from, to): p50/p99 of those answered 200, and the others by
 * status (a 502 from the proxy, a timeout).
 */
export function window(samples, from, to) {
  const inside = samples.filter((sample) => sample.at >= from && sample.at < to);
  const answered = inside.filter((sample) => sample.status === 200);
  const failures = {};
  for (const { status } of inside) if (status !== 200) failures[status] = (failures[status] ?? 0) + 1;
  return {
    requests: inside.length,
    ok: answered.length,
    failed: inside.length - answered.length,
    failures,
    ...quantiles(answered.map((sample) => sample.ms)),
  };
}

/**
 * One lane per site: the owner switches its light on and off (GET /api/turn_on_light/?site_id=…, the
 * dashboard's call), one call at a time. Each call keeps its answer and wall-clock span, to be found
 * again in the command log.
 */
export function commandLanes(base, owner, sites) {
  const calls = [];
  let running = true;
  const lanes = sites.map(async (site) => {
    for (let i = 0; running; i++) {
      const on = i % 2 === 0;
      const call = { site, action: on ? 'light.on' : 'light.off', start: Date.now(), end: null, status: null };
      calls.push(call);
      try {
        const answer = await fetch(`${base}/api/${on ? 'turn_on_light' : 'turn_off_light'}/?site_id=${site}`, {
          headers: { cookie: owner.cookie, 'x-csrftoken': owner.csrf },
          signal: AbortSignal.timeout(30_000),
        });
        call.status = answer.status;
        call.detail = (await answer.json().catch(() => null))?.detail ?? null;
      } catch (error) {
        call.status = error.name;
      }
      call.end = Date.now();
      await sleep(COMMAND_PAUSE_MS);
    }
  });
  return {
    calls,
    stop: async () => {
      running = false;
      await Promise.all(lanes);
    },
  };
}

/**
 * Every call matched to the command rows the API logged for it (same site and action, requested
 * within the call's span), and those to the agents' receipts by command id: a receipt at another
 * site's agent counts as run at the wrong site. A call answered 200 must have been received exactly once; a call that
 * failed may not have been received, and if it was, that is counted apart. No command id may be
 * received twice, and nothing may be received that the API did not log.
 */
export async function auditCommands(client, calls, received) {
  const since = Math.min(...calls.map((call) => call.start));
  const { rows } = await client.query(
    `SELECT id, site_id, action, (extract(epoch FROM requested_at) * 1000)::float8 AS at, status
       FROM commands WHERE requested_at >= to_timestamp($1 / 1000.0) - interval '1 second' AND action LIKE 'light.%'`,
    [since],
  );
  const receipts = new Map();
  for (const receipt of received) receipts.set(receipt.id, [...(receipts.get(receipt.id) ?? []), receipt]);
  const result = {
    calls: calls.length,
    answers: {},
    acknowledged: 0,
    failed_not_run: 0,
    ran_after_failure: 0,
    lost: 0,
    run_twice: 0,
    wrong_site: 0,
    resent_by_proxy: 0,
    unknown_receipts: 0,
    /** A few of the calls that were not simply acknowledged or failed, to look into. */
    examples: [],
  };
  const covers = (call, row) =>
    row.site_id === call.site &&
    row.action === call.action &&
    row.at >= call.start - 5 &&
    row.at <= (call.end ?? Infinity) + 5;
  const logged = new Set();
  for (const call of calls) {
    result.answers[call.status] = (result.answers[call.status] ?? 0) + 1;
    const mine = rows.filter((row) => covers(call, row));
    if (mine.length > 1) result.resent_by_proxy += 1;
    let runs = 0;
    for (const row of mine) {
      logged.add(row.id);
      const got = receipts.get(row.id) ?? [];
      runs += got.length;
      if (got.some((receipt) => receipt.site !== row.site_id)) result.wrong_site += 1;
    }
    let verdict;
    if (runs > 1) verdict = 'run_twice';
    else if (call.status === 200) verdict = runs === 1 ? 'acknowledged' : 'lost';
    else if (typeof call.status !== 'number')
      verdict = 'lost'; // no answer at all
    else verdict = runs === 1 ? 'ran_after_failure' : 'failed_not_run';
    result[verdict] += 1;
    if (!['acknowledged', 'failed_not_run'].includes(verdict) && result.examples.length < 5)
      result.examples.push({
        verdict,
        site: call.site,
        answer: call.status,
        detail: call.detail,
        took_ms: call.end - call.start,
        // Each command the API logged for the call: when (ms after the call began), its status, and
        // where and when (ms after the call began) an agent received it.
        logged: mine.map((row) => ({
          id: row.id,
          site: row.site_id,
          at_ms: Math.round(row.at - call.start),
          status: row.status,
          received: (receipts.get(row.id) ?? []).map((receipt) => receipt.site),
        })),
      });
  }
  for (const id of receipts.keys()) if (!logged.has(id)) result.unknown_receipts += 1;
  return result;
}
