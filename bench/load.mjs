// The load part of `npm run bench` (`--only load`): many players browsing and booking at once,
// many dashboard sockets receiving live state, many sites' edge agents connected, against the one
// API process run.mjs started. Each scenario runs alone, one after another, so its figures are its
// own; a scenario that breaks is reported as FAIL with its error and the next one still runs.
// Figures are marked PASS or FAIL but never stop the run.
import os from 'node:os';
import { apiMetric, players } from './lib.mjs';
import { playersBrowsing } from './load-players.mjs';
import { dashboardSockets, edgeSites } from './load-sockets.mjs';

const setting = (name, fallback) => Number(process.env[name] ?? fallback);

/** Sizes from the environment; the defaults are the issue's. */
export function loadSettings() {
  return {
    players: setting('BENCH_LOAD_PLAYERS', 200),
    seconds: setting('BENCH_LOAD_SECONDS', 60),
    think_ms: setting('BENCH_LOAD_THINK_MS', 1000),
    sockets: setting('BENCH_LOAD_SOCKETS', 1000),
    flips: setting('BENCH_LOAD_FLIPS', 30),
    sites: setting('BENCH_LOAD_SITES', 100),
    commands: setting('BENCH_LOAD_COMMANDS', 100),
  };
}

const loads = () => os.loadavg().map((load) => Number(load.toFixed(2)));

/** Runs one scenario and notes the cores the API (its /metrics) and this process used meanwhile. */
async function scenario(base, run) {
  const apiBefore = await apiMetric(base, 'process_cpu_seconds_total');
  const benchBefore = process.cpuUsage();
  const start = performance.now();
  let figures;
  try {
    figures = await run();
  } catch (error) {
    figures = { status: 'FAIL', error: String(error?.stack ?? error) };
  }
  const seconds = (performance.now() - start) / 1000;
  const apiAfter = await apiMetric(base, 'process_cpu_seconds_total').catch(() => null);
  const bench = process.cpuUsage(benchBefore);
  return {
    ...figures,
    wall_seconds: Number(seconds.toFixed(1)),
    // Cores busy on average (2 = both of a 2-core machine): the API process, and this process
    // (the simulated clients), which competes with it on the same machine.
    api_cores: apiAfter === null || apiBefore === null ? null : Number(((apiAfter - apiBefore) / seconds).toFixed(2)),
    bench_cores: Number(((bench.user + bench.system) / 1e6 / seconds).toFixed(2)),
    load_average_after: loads(),
  };
}

export async function loadPart(base, databaseUrl, agentToken, settings = loadSettings()) {
  const result = { settings, load_average_before: loads() };
  const [admin] = await players(base, databaseUrl, 1, { role: 'owner', address: () => '198.19.0.1' });
  result.players = await scenario(base, () =>
    playersBrowsing(base, databaseUrl, {
      count: settings.players,
      seconds: settings.seconds,
      thinkMs: settings.think_ms,
    }),
  );
  result.dashboards = await scenario(base, () =>
    dashboardSockets(base, admin, agentToken, { count: settings.sockets, flips: settings.flips }),
  );
  result.sites = await scenario(base, () =>
    edgeSites(base, databaseUrl, admin, agentToken, { count: settings.sites, commands: settings.commands }),
  );
  return result;
}

const ms = (value) => value ?? '—';
const spreadRow = (measure, q) => ({
  measure,
  n: q.n,
  'p50 ms': ms(q.p50_ms),
  'p90 ms': ms(q.p90_ms),
  'p99 ms': ms(q.p99_ms),
  'max ms': ms(q.max_ms),
});
const cores = (s) =>
  `API ${ms(s.api_cores)} cores, bench clients ${ms(s.bench_cores)} cores, load ${s.load_average_after?.join(' ')}`;

export function printLoad(load) {
  const { players: p, dashboards: d, sites: s, settings } = load;
  console.log(`\nLoad: machine load average before ${load.load_average_before.join(' ')}`);

  console.log(
    `\n[${p.status}] ${settings.players} players for ${settings.seconds} s (pause ${p.pause_ms ?? '—'} ms between steps, ` +
      `${ms(p.login_seconds)} s of logins before): ` +
      `${ms(p.requests)} requests, ${ms(p.rps)} req/s, errors ${ms(p.errors)}, expected refusals ` +
      `${ms(p.expected_refusals)}, ${ms(p.booked)} booked, ${ms(p.cancelled)} cancelled; while browsing API ` +
      `${ms(p.api_cores_browsing)} cores, bench clients ${ms(p.bench_cores_browsing)} cores, load ${p.load_average_after?.join(' ')}\n`,
  );
  if (p.error) console.log(p.error);
  if (p.routes) {
    console.table(
      p.routes.map((r) => ({
        route: r.route,
        requests: r.requests,
        'req/s': r.rps,
        statuses: Object.entries(r.statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
        expected: r.expected_refusals,
        errors: r.errors,
        'p50 ms': ms(r.p50_ms),
        'p90 ms': ms(r.p90_ms),
        'p99 ms': ms(r.p99_ms),
        'max ms': ms(r.max_ms),
      })),
    );
    const v = p.quota_violations;
    console.log(
      `Quotas after the run: ${v.live_games} live games; players over 1 a day ${v.day}, 2 a week ${v.week}, 5 ahead ${v.upcoming}`,
    );
    for (const e of p.error_samples) console.log(`  error: ${e.route} → ${e.status} ${e.detail ?? ''}`);
  }

  console.log(
    `\n[${d.status}] ${settings.sockets} dashboard sockets on /live, ${settings.flips} light switches: ` +
      `${ms(d.connected)} connected in ${ms(d.connect_seconds)} s (the API counts ${ms(d.server_live_sockets)}), ` +
      `${ms(d.deliveries)}/${ms(d.deliveries_expected)} frames, ${ms(d.sockets_with_every_flip)} sockets got every switch; ${cores(d)}\n`,
  );
  if (d.error) console.log(d.error);
  if (d.agent_report_to_frame)
    console.table([
      spreadRow('agent report → device.state frame, every socket', d.agent_report_to_frame),
      spreadRow('  first socket of each switch', d.first_socket_per_flip),
      spreadRow('  last socket of each switch', d.last_socket_per_flip),
    ]);
  for (const failure of d.connect_failures ?? []) console.log(`  connect failed: ${failure}`);

  console.log(
    `\n[${s.status}] ${settings.sites} edge agents on /edge (${ms(s.connected)} connected in ${ms(s.connect_seconds)} s, ` +
      `the API counts ${ms(s.server_agents_online)}), ${settings.commands} light commands: ${ms(s.received_by_own_site)} ` +
      `reached their own site, misroutes ${ms(s.misroutes)}, twice ${ms(s.received_twice)}; ${cores(s)}`,
  );
  if (s.error) console.log(s.error);
  if (s.reports) {
    console.log(
      `  reports of ${s.reports.sites} other sites: ${s.reports.seen_by_dashboard} seen as their own site's state, ` +
        `misattributed frames ${s.reports.misattributed_frames}, stored for another site ${s.reports.stored_for_other_site}`,
    );
    console.log(`  scope: ${s.routing_scope}\n`);
    console.table([
      spreadRow('admin call → command at the site agent', s.call_to_agent),
      spreadRow('admin call → HTTP answer', s.call_to_answer),
      spreadRow('site agent report → dashboard frame', s.reports.report_to_frame),
    ]);
  }
  for (const [name, figures] of [
    ['players', p],
    ['dashboards', d],
    ['sites', s],
  ])
    if (figures.status === 'FAIL') console.error(`FAIL: load ${name} (see above and bench/results/latest.json)`);
}
