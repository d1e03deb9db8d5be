// The fleet bench's staged rollout (bench/fleet.mjs): one signed bundle of the agent as built, made
// once by the release scripts (scripts/agent-keys.mjs, scripts/agent-release.mjs), uploaded by an
// owner through the proxy and rolled out with the default stages (5, 25, 50, 100 %) and no dwell
// (the cluster runs with ROLLOUT_STAGE_MIN=0). Each simulated agent (bench/fleet-agents.mjs) does
// what the real one does when told a target: downloads the bundle with its site's token, checks
// its sha256, restarts into it (a new connection saying the new agentVersion) and reports it proven
// through its outbox (update.installed). Measured: the time from the owner's start to the rollout
// complete (beside the time the API's pacing of its tells takes by itself, TELL_BYTES_PER_SECOND
// per replica), when each stage began, the downloads, and the players' p99 before and during it
// (the storm's player load, bench/fleet-load.mjs).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { playerLoad, window } from './fleet-load.mjs';
import { quantiles, root } from './lib.mjs';

const require = createRequire(import.meta.url);
/** The pace at which each replica tells agents of a new target (services/api/src/releases/rollout-ticker.ts). */
const { TELL_BYTES_PER_SECOND } = require('../services/api/dist/releases/rollout-ticker.js');
const REPLICAS = 2;

/** The version rolled out; the simulated agents start on 0.1.0. */
export const ROLLOUT_VERSION = '0.2.0';
const POLL_MS = 500;
/** The players' load before the owner starts: the p99 the rollout's is compared with. */
const STEADY_MS = 5000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value) => Math.round(value * 10) / 10;

/** A key pair and the bundle (this machine's platform, the agent's dist/ as `npm run build` left it). */
export function prepareRelease() {
  const dir = mkdtempSync(join(tmpdir(), 'kort-bench-release-'));
  const script = (name, ...args) =>
    execFileSync(process.execPath, [join(root, 'scripts', name), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  script('agent-keys.mjs', '--out', dir);
  const platform = `${process.platform}-${process.arch}`;
  script(
    'agent-release.mjs',
    ...['--version', ROLLOUT_VERSION, '--key', join(dir, 'agent-update.key'), '--out', dir],
    ...['--platforms', platform, '--no-compile'],
  );
  const bytes = readFileSync(join(dir, `kort-agent-${ROLLOUT_VERSION}.tar.gz`));
  return {
    version: ROLLOUT_VERSION,
    publicKey: readFileSync(join(dir, 'agent-update.pub'), 'utf8').trim(),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The owner's call, as the dashboard makes it (session cookie, CSRF header). */
function ownerCall(base, owner, method, path, body, contentType = 'application/json') {
  return fetch(`${base}${path}`, {
    method,
    headers: { cookie: owner.cookie, 'x-csrftoken': owner.csrf, 'content-type': contentType },
    body,
    signal: AbortSignal.timeout(60_000),
  });
}

/**
 * The release uploaded and rolled out to the `count` agents of `fleet` (startFleet in fleet.mjs)
 * while `crowd` reads as players; resolves when the rollout is complete or after `timeoutS`.
 */
export async function rolloutRun({ base, owner, crowd, fleet, release, count, timeoutS }) {
  const path = '/api/admin/agent-releases';
  const uploaded = await ownerCall(base, owner, 'POST', path, release.bytes, 'application/gzip');
  if (uploaded.status !== 201) throw new Error(`bundle upload: ${uploaded.status} ${await uploaded.text()}`);

  const updates = [];
  const listener = (message) => (message.type === 'updated' ? updates.push(message) : undefined);
  fleet.listeners.add(listener);
  const load = playerLoad(base, crowd);
  try {
    await sleep(STEADY_MS);
    const startedAt = now();
    const started = await ownerCall(base, owner, 'PUT', `${path}/${release.version}/rollout`, '{}');
    if (started.status !== 200) throw new Error(`rollout start: ${started.status} ${await started.text()}`);
    // The dashboard's list (each release with its rollout's progress) until the rollout is complete.
    const stages = [];
    let state = 'running';
    let progress = null;
    while (now() - startedAt < timeoutS * 1000) {
      const list = await ownerCall(base, owner, 'GET', path).then((answer) => answer.json());
      const rollout = list.find((item) => item.version === release.version)?.rollout;
      state = rollout?.state ?? 'missing';
      progress = rollout?.progress ?? null;
      if (rollout && stages.at(-1)?.percent !== rollout.percent)
        stages.push({ percent: rollout.percent, at_s: round((now() - startedAt) / 1000) });
      if (state !== 'running') break;
      await sleep(POLL_MS);
    }
    const endedAt = now();
    return {
      bundle_mib: round(release.bytes.length / 1024 / 1024),
      state,
      progress,
      to_100_s: state === 'complete' ? round((endedAt - startedAt) / 1000) : null,
      // Every agent told at the API's deliberate pace, and nothing else taking time.
      paced_s: round((count * release.bytes.length) / (REPLICAS * TELL_BYTES_PER_SECOND)),
      stages,
      agents_updated: new Set(updates.filter((u) => u.version === release.version).map((u) => u.site)).size,
      agents: count,
      downloads: quantiles(updates.map((u) => u.download_ms)),
      restarts: quantiles(updates.map((u) => u.restart_ms)),
      players_before: window(load.samples, startedAt - STEADY_MS, startedAt),
      players_during: window(load.samples, startedAt, endedAt),
    };
  } finally {
    fleet.listeners.delete(listener);
    await load.stop();
  }
}
