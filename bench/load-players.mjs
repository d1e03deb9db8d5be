// Many players at once, each a loop of visits as a person makes them: the profile (my games,
// sometimes cancelling one), then the /reserve screen (courts, the month's full days, a day's free
// hours, sometimes an hour's busy courts and a booking), with a pause between steps. Plain fetch
// (undici's keep-alive pool), one request at a time per player, each from an address of its own.
import { createRequire } from 'node:module';
import pg from 'pg';
import { apiMetric, players, quantiles, zoneClock } from './lib.mjs';

const require = createRequire(import.meta.url);
const { bookingRules, messages } = require('@kort/contracts');

const ROUTES = {
  myOrders: 'GET /api/my-orders/',
  courts: 'GET /api/get_courts/',
  bookedTimes: 'GET /api/booked_times/',
  availableTimes: 'GET /api/get-available-times/',
  courtsStatus: 'GET /api/get_courts_status/',
  order: 'POST /api/order-court/:id_cort/',
  cancel: 'POST /api/delete_order/:id_cort/',
};

/**
 * The only answers other than 2xx a player may get: refusals the spec (sections 8 and 9) or
 * docs/decisions.md documents, recognised by route, status and the text the player app shows.
 * Any other answer, a network error or a timeout is an error.
 */
export const EXPECTED_REFUSALS = [
  {
    route: ROUTES.order,
    status: 409,
    detail: messages.slotTaken,
    why: 'another player took the court and hour between this player reading the free hours and booking (bookings_no_overlap)',
  },
  {
    route: ROUTES.order,
    status: 418,
    detail: messages.bookingLimit,
    why: 'the quotas: 1 game a day, 2 a week (spec sections 8 and 9); the player app itself stops at 5 ahead',
  },
  {
    route: ROUTES.cancel,
    status: 409,
    detail: messages.cancelTooLate,
    why: 'less than an hour before the start (the spec refuses it); these players book from tomorrow on, so it should not occur',
  },
];

const HOURS = Array.from(
  { length: bookingRules.lastHour - bookingRules.firstHour + 1 },
  (_, i) => bookingRules.firstHour + i,
);
/** Days ahead a player looks at, from tomorrow: two weeks, as far as people plan a game. */
const HORIZON_DAYS = 14;
const BOOK_SHARE = 0.5; // of visits that go on to book, when a free hour is left
const CANCEL_SHARE = 0.3; // of visits by a player with games that cancel one
const TIMEOUT_MS = 10_000;

class Stopped extends Error {}

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The club's local calendar: the next days' dates and each date's UTC offset, from /api/site_time/. */
async function clubCalendar(base) {
  const {
    detail: { time_zone: timeZone, now },
  } = await (await fetch(`${base}/api/site_time/`)).json();
  const clock = zoneClock(timeZone);
  const dates = Array.from({ length: HORIZON_DAYS }, (_, i) => clock.date(now, i + 1));
  const instant = clock.instant;
  return { timeZone, dates, instant };
}

/** Counts and latencies per route; classifies every answer. */
function tally() {
  const routes = new Map();
  const errorSamples = [];
  let errors = 0;
  const routeOf = (route) => {
    if (!routes.has(route)) routes.set(route, { statuses: {}, expected: 0, errors: 0, ms: [] });
    return routes.get(route);
  };
  return {
    record(route, status, ms, detail) {
      const r = routeOf(route);
      r.statuses[status] = (r.statuses[status] ?? 0) + 1;
      if (ms !== null) r.ms.push(ms);
      if (typeof status === 'number' && status >= 200 && status < 300) return 'ok';
      if (EXPECTED_REFUSALS.some((e) => e.route === route && e.status === status && e.detail === detail)) {
        r.expected += 1;
        return 'expected';
      }
      r.errors += 1;
      errors += 1;
      if (errorSamples.length < 20) errorSamples.push({ route, status, detail: detail ?? null });
      return 'error';
    },
    summary(seconds) {
      return {
        errors,
        error_samples: errorSamples,
        routes: [...routes].map(([route, r]) => ({
          route,
          requests: r.ms.length + (r.statuses.network ?? 0) + (r.statuses.timeout ?? 0),
          rps: Number((r.ms.length / seconds).toFixed(1)),
          statuses: r.statuses,
          expected_refusals: r.expected,
          errors: r.errors,
          ...quantiles(r.ms),
        })),
      };
    },
  };
}

function client(base, session, counts, until) {
  const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf, 'x-forwarded-for': session.address };
  const send = async (route, method, path, body) => {
    if (performance.now() >= until) throw new Stopped();
    const start = performance.now();
    let answer;
    let text;
    try {
      answer = await fetch(base + path, {
        method,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await answer.text();
    } catch (error) {
      counts.record(route, error.name === 'TimeoutError' ? 'timeout' : 'network', null, String(error.cause ?? error));
      return null;
    }
    const ms = performance.now() - start;
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: an error page, recorded below with its first characters
    }
    const outcome = counts.record(route, answer.status, ms, json?.detail ?? text.slice(0, 80));
    return outcome === 'ok' ? json : null;
  };
  return {
    get: (route, path) => send(route, 'GET', path),
    post: (route, path, body) => send(route, 'POST', path, body),
  };
}

async function visit(api, calendar, courtIds, thinkMs, until) {
  // A pause that would end past the run ends the player's run instead.
  const think = async () => {
    const pause = thinkMs * (0.5 + Math.random());
    if (performance.now() + pause >= until) throw new Stopped();
    await sleep(pause);
  };
  const mine = (await api.get(ROUTES.myOrders, '/api/my-orders/'))?.detail ?? [];
  await think();
  if (mine.length && Math.random() < CANCEL_SHARE) {
    const game = pick(mine);
    await api.post(ROUTES.cancel, `/api/delete_order/${game.id_cort}/`, {
      id_cort: game.id_cort,
      time_start: game.time_start,
      players_count: bookingRules.playersCount,
    });
    await think();
    return;
  }
  await api.get(ROUTES.courts, '/api/get_courts/');
  const date = pick(calendar.dates);
  const [year, month] = date.split('-').map(Number);
  await api.get(ROUTES.bookedTimes, `/api/booked_times/?month=${month}&year=${year}`);
  const day = await api.get(ROUTES.availableTimes, `/api/get-available-times/?date=${date}`);
  await think();
  // The app offers no booking past 5 games ahead (the spec's limit), nor on hours taken or its own.
  if (!day || mine.length >= bookingRules.upcoming || Math.random() >= BOOK_SHARE) return;
  const free = HOURS.filter((h) => !day.reserved.includes(h) && !day.reserved_hours_by_current_user.includes(h));
  if (!free.length) return;
  const hour = pick(free);
  const status = await api.get(ROUTES.courtsStatus, `/api/get_courts_status/?date=${date}&hour=${hour}`);
  await think();
  const court = status && pick(courtIds.filter((id) => !status.busy_courts.includes(id)));
  if (!court) return;
  await api.post(ROUTES.order, `/api/order-court/${court}/`, {
    id_cort: court,
    time_start: calendar.instant(date, hour),
    players_count: bookingRules.playersCount,
  });
  await think();
}

/** Live games that break a quota after the run (must be none: the quotas hold under load). */
async function quotaViolations(databaseUrl, timeZone) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [row],
    } = await db.query(
      `WITH live AS (SELECT user_id, starts_at AT TIME ZONE $1 AS local, ends_at FROM bookings
                      WHERE cancelled_at IS NULL AND user_id IN (SELECT id FROM users WHERE NOT is_sport_school))
       SELECT (SELECT count(*) FROM (SELECT 1 FROM live GROUP BY user_id, date_trunc('day', local)
                                      HAVING count(*) > $2) d)::int AS day,
              (SELECT count(*) FROM (SELECT 1 FROM live GROUP BY user_id, date_trunc('week', local)
                                      HAVING count(*) > $3) w)::int AS week,
              (SELECT count(*) FROM (SELECT 1 FROM live WHERE ends_at > now() GROUP BY user_id
                                      HAVING count(*) > $4) u)::int AS upcoming,
              (SELECT count(*) FROM live)::int AS live_games`,
      [timeZone, bookingRules.perDay, bookingRules.perWeek, bookingRules.upcoming],
    );
    return row;
  } finally {
    await db.end();
  }
}

/** `count` players for `seconds`; returns the figures for latest.json. */
export async function playersBrowsing(base, databaseUrl, { count, seconds, thinkMs }) {
  const loginStart = performance.now();
  // RFC 2544's benchmarking range: an address of its own for each player.
  const address = (i) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const sessions = await players(base, databaseUrl, count, { address, parallel: 4 });
  const loginSeconds = (performance.now() - loginStart) / 1000;
  const calendar = await clubCalendar(base);
  const courtIds = (
    await (await fetch(`${base}/api/get_courts/`, { headers: { cookie: sessions[0].cookie } })).json()
  ).detail.map((court) => court.id_cort);

  const counts = tally();
  const apiCpuBefore = await apiMetric(base, 'process_cpu_seconds_total');
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    sessions.map(async (session) => {
      const api = client(base, session, counts, until);
      await sleep(Math.random() * thinkMs); // players arrive spread out, not in one burst
      try {
        for (;;) await visit(api, calendar, courtIds, thinkMs, until);
      } catch (error) {
        // An answer this script cannot read ends this player's run and counts as an error.
        if (!(error instanceof Stopped)) counts.record('(player script)', 'exception', null, String(error));
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const apiCpu = (await apiMetric(base, 'process_cpu_seconds_total')) - apiCpuBefore;
  const { errors, error_samples, routes } = counts.summary(elapsed);
  const requests = routes.reduce((sum, r) => sum + r.requests, 0);
  const statusOf = (route, status) => routes.find((r) => r.route === route)?.statuses[status] ?? 0;
  const violations = await quotaViolations(databaseUrl, calendar.timeZone);
  const broken = violations.day + violations.week + violations.upcoming;
  return {
    status: errors === 0 && broken === 0 ? 'PASS' : 'FAIL',
    players: count,
    seconds: Number(elapsed.toFixed(1)),
    pause_ms: `${thinkMs / 2}-${(thinkMs * 3) / 2}`, // between steps, uniform
    login_seconds: Number(loginSeconds.toFixed(1)),
    requests,
    rps: Math.round(requests / elapsed),
    errors,
    expected_refusals: routes.reduce((sum, r) => sum + r.expected_refusals, 0),
    booked: statusOf(ROUTES.order, 200),
    cancelled: statusOf(ROUTES.cancel, 200),
    quota_violations: violations,
    // Cores busy while the players ran (the logins before are left out): the API, this process.
    api_cores_browsing: Number((apiCpu / elapsed).toFixed(2)),
    bench_cores_browsing: Number(((cpu.user + cpu.system) / 1e6 / elapsed).toFixed(2)),
    routes,
    error_samples,
    accepted_refusals: EXPECTED_REFUSALS.map(({ route, status, detail, why }) => ({ route, status, detail, why })),
  };
}
