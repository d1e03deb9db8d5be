// The fleet bench's table (bench/fleet.mjs): every measure for one site and for the fleet, with
// the targets the fleet must meet and their verdicts.
//
// Targets (a missed one prints FAIL and `npm run bench` exits 2):
// - frameP99Ms: an agent's report → its dashboard's frame, p99, with the fleet connected;
// - backWithinS: every agent back after both replicas were killed, players reading or not;
// - playersP99Ms: the players' p99 while the fleet reconnects, and while it is updated in stages
//   (bench/fleet-rollout.mjs): neither may cost the players more than a fifth of a second;
// - rolloutOverS: a rollout with no dwell (ROLLOUT_STAGE_MIN=0) reaches 100 % at most this long after
//   the time the API's deliberate pace takes alone (its tells paced to TELL_BYTES_PER_SECOND of
//   bundles per replica): what four stages' downloads, restarts, reports and looks may add.
export const FLEET_TARGETS = { frameP99Ms: 100, backWithinS: 90, playersP99Ms: 200, rolloutOverS: 60 };

const round = (value) => Math.round(value * 10) / 10;

/** The rows of the table: each measure for one site and for the fleet, with the fleet's verdict. */
export function rowsOf(one, many) {
  const pass = (ok, miss) => (ok ? 'ok' : `FAIL: ${miss}`);
  const commandsOk = ({ lost, run_twice, wrong_site }) => lost === 0 && run_twice === 0 && wrong_site === 0;
  const commands = ({ lost, run_twice, wrong_site }) => `${lost} / ${run_twice} / ${wrong_site}`;
  const t = FLEET_TARGETS;
  const p99 = (run) => run.storm.players_during.p99_ms;
  const back = (run) => run.storm.all_back_s;
  return [
    { name: 'agents connected at start (s)', one: one.connect_s, fleet: many.connect_s },
    {
      name: 'dashboard frame p99 (ms)',
      one: one.frames.p99_ms,
      fleet: many.frames.p99_ms,
      target: `≤ ${t.frameP99Ms}`,
      verdict: pass(
        many.frames.p99_ms !== null && many.frames.p99_ms <= t.frameP99Ms && many.frames.missing === 0,
        `p99 ${many.frames.p99_ms} ms, ${many.frames.missing} frames missing (target ≤ ${t.frameP99Ms} ms, none missing)`,
      ),
    },
    { name: 'memory per agent (KiB)', one: one.memory_per_agent_kib, fleet: many.memory_per_agent_kib },
    { name: 'replicas answering again (s)', one: one.storm.replicas_back_s, fleet: many.storm.replicas_back_s },
    { name: 'players served again (s)', one: one.storm.proxy_back_s, fleet: many.storm.proxy_back_s },
    {
      name: 'all agents back after restart (s)',
      one: back(one),
      fleet: back(many),
      target: `≤ ${t.backWithinS}`,
      verdict: pass(
        back(many) !== null && back(many) <= t.backWithinS,
        `${back(many) ?? 'not all'} s (target ≤ ${t.backWithinS} s)`,
      ),
    },
    {
      name: 'all back, restart without players',
      one: one.quiet_storm.all_back_s ?? `${one.quiet_storm.agents_back} back`,
      fleet: many.quiet_storm.all_back_s ?? `${many.quiet_storm.agents_back} back`,
      target: `≤ ${t.backWithinS}`,
      verdict: pass(
        many.quiet_storm.all_back_s !== null,
        `${many.quiet_storm.agents_back} of ${many.sites} back after ${t.backWithinS} s (target: all)`,
      ),
    },
    { name: "players' p99 steady (ms)", one: one.storm.players_steady.p99_ms, fleet: many.storm.players_steady.p99_ms },
    {
      name: "players' p99 during the storm (ms)",
      one: p99(one),
      fleet: p99(many),
      target: `≤ ${t.playersP99Ms}`,
      verdict: pass(
        p99(many) !== null && p99(many) <= t.playersP99Ms && many.storm.players_during.failed === 0,
        `p99 ${p99(many)} ms, ${many.storm.players_during.failed} failed (target ≤ ${t.playersP99Ms} ms, none failed)`,
      ),
    },
    {
      name: 'commands lost / run twice / elsewhere',
      one: commands(one.storm.commands),
      fleet: commands(many.storm.commands),
      target: '0 / 0 / 0',
      verdict: pass(commandsOk(many.storm.commands), `${commands(many.storm.commands)} (target none)`),
    },
    ...rolloutRows(one, many, pass),
  ];
}

/** The rollout's rows: the time to 100 % and the players' p99 while it ran, beside the one before. */
function rolloutRows(one, many, pass) {
  const t = FLEET_TARGETS;
  const r = many.rollout;
  const p99 = r.players_during.p99_ms;
  const updated = (run) => `${run.rollout.agents_updated}/${run.sites}`;
  return [
    {
      name: 'rollout: every agent updated',
      one: updated(one),
      fleet: updated(many),
      target: 'all',
      verdict: pass(r.agents_updated === many.sites, `${updated(many)} agents reported the new version (target all)`),
    },
    { name: "rollout: the API's pace alone (s)", one: one.rollout.paced_s, fleet: r.paced_s },
    {
      name: 'rollout: 5 % → 100 % (s)',
      one: one.rollout.to_100_s,
      fleet: r.to_100_s,
      target: `≤ ${round(r.paced_s + t.rolloutOverS)}`,
      verdict: pass(
        r.to_100_s !== null && r.to_100_s <= r.paced_s + t.rolloutOverS,
        `${r.to_100_s ?? `not complete (${r.state})`} s (target ≤ the pace's ${r.paced_s} s + ${t.rolloutOverS} s)`,
      ),
    },
    {
      name: "players' p99 before the rollout (ms)",
      one: one.rollout.players_before.p99_ms,
      fleet: r.players_before.p99_ms,
    },
    {
      name: "players' p99 during the rollout (ms)",
      one: one.rollout.players_during.p99_ms,
      fleet: p99,
      target: `≤ ${t.playersP99Ms}`,
      verdict: pass(
        p99 !== null && p99 <= t.playersP99Ms && r.players_during.failed === 0,
        `p99 ${p99} ms, ${r.players_during.failed} failed (target ≤ ${t.playersP99Ms} ms, none failed)`,
      ),
    },
  ];
}

export function printFleet(figures) {
  const { settings } = figures;
  console.log(`\nFleet: ${settings.agents} agents (one site each) through nginx to two replicas, beside one site`);
  console.log(`${settings.dashboards} dashboards, ${settings.flips} light switches; restart: both replicas killed\n`);
  const n = `${settings.agents} sites`;
  console.log(`${'measure'.padEnd(36)} ${'1 site'.padStart(10)} ${n.padStart(10)} ${'target'.padStart(10)}  verdict`);
  for (const row of figures.rows)
    console.log(
      `${row.name.padEnd(36)} ${String(row.one ?? '-').padStart(10)} ${String(row.fleet ?? '-').padStart(10)} ${(row.target ?? '').padStart(10)}  ${row.verdict ?? ''}`,
    );
  for (const [label, run] of [
    ['1 site', figures.one_site],
    [n, figures.fleet],
  ]) {
    console.log(`${label}, the storm step by step (s from players served again: answers, p50/p99 ms, agents back):`);
    console.log(
      run.storm.timeline.map((s) => `  ${s.from_s}: ${s.n}, ${s.p50_ms}/${s.p99_ms}, ${s.agents}`).join('\n'),
    );
    const r = run.rollout;
    console.log(
      `${label}, the rollout (${r.bundle_mib} MiB bundle): ${r.stages.map((s) => `${s.percent} % at ${s.at_s} s`).join(', ')}; ` +
        `downloads p50/p99 ${r.downloads.p50_ms}/${r.downloads.p99_ms} ms, download to reported ${r.restarts.p50_ms}/${r.restarts.p99_ms} ms`,
    );
    const c = run.storm.commands;
    console.log(
      `${label}: ${c.calls} commands in the storm: ${c.acknowledged} acknowledged and run once, ${c.failed_not_run} failed to the caller and not run, ${c.ran_after_failure} run though the caller heard a failure; frames of other sites at a dashboard: ${run.frames.foreign_frames}`,
    );
    const failed = run.storm.players_during.failures;
    if (Object.keys(failed).length)
      console.log(
        `${label}: players' requests that failed in the storm ${JSON.stringify(failed)}; nginx in those seconds:\n` +
          (run.storm.proxy_errors_then ?? ['(nothing logged)']).map((line) => `  ${line}`).join('\n'),
      );
  }
}
