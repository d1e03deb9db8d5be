#!/usr/bin/env node
// `npm test` after its build: each workspace's own tests and the scripts' tests, in two lanes
// (decision 0126). The API's tests keep both cores busy for minutes; the agent's and the scripts'
// tests mostly wait (on real timers, child processes and sockets: vmstat showed the machine a tenth
// busy for most of their minute), so they run beside the API's, and the player app's after them.
// The dashboard's tests run last on their own: some of them take seconds each even then. Output as
// `npm run check`'s: each suite whole when it ends, under its name and time (scripts/lanes.mjs).
//
//   npm test                        everything (builds first)
//   node scripts/run-tests.mjs      the same without the build
import { lanes } from './lanes.mjs';

/** A workspace's own `npm test`. */
const workspace = (name, path) => [name, 'npm', ['test', '--silent', '-w', path]];

const started = Date.now();
const passed = await lanes(
  [
    workspace('contracts', 'services/contracts'),
    workspace('api', 'services/api'),
    workspace('admin-dashboard', 'admin-dashboard'),
  ],
  [
    workspace('edge-agent', 'edge-agent'),
    ['scripts', process.execPath, ['--test', '--test-concurrency=2', 'scripts/']],
    workspace('player-web', 'player-web'),
  ],
);

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (!passed) {
  console.error(`\nnpm test: failed after ${minutes} min (see the FAILED part above)`);
  process.exit(1);
}
console.log(`\nnpm test: every suite passed in ${minutes} min`);
