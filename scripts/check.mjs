#!/usr/bin/env node
// `npm run check`: the shared contracts built first (the API's typed lint reads their declarations),
// then two lanes at once: ESLint (its type-aware rules are most of the time, on one core) and the
// boundary rules, beside the rest of the build, formatting, the type checks and the OpenAPI lint of
// the built API (on a clean clone: about 100 s and 110 s), run and printed by scripts/lanes.mjs. The
// check fails if either lane failed.
import { lanes, run } from './lanes.mjs';

const bin = (name) => `node_modules/.bin/${name}`;

const first = ['build: contracts', bin('tsc'), ['-b', 'services/contracts/tsconfig.build.json']];

const lanesOfChecks = [
  [
    ['lint', bin('eslint'), ['.']],
    ['boundaries: api', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'services/api/src']],
    ['boundaries: player-web', bin('depcruise'), ['--config', 'player-web/.dependency-cruiser.cjs', 'player-web/src']],
    [
      'boundaries: admin-dashboard',
      bin('depcruise'),
      ['--config', 'admin-dashboard/.dependency-cruiser.cjs', 'admin-dashboard/src'],
    ],
  ],
  [
    ['build', 'npm', ['run', 'build', '--silent']],
    ['format', bin('prettier'), ['--check', '.']],
    ['types: contracts', bin('tsc'), ['-p', 'services/contracts']],
    ['types: api', bin('tsc'), ['-p', 'services/api']],
    ['types: edge-agent', bin('tsc'), ['-p', 'edge-agent']],
    ['openapi', 'npm', ['run', 'openapi:lint', '--silent']],
  ],
];

const passed = (await run(first)) && (await lanes(...lanesOfChecks));
if (!passed) {
  console.error('\nnpm run check: failed (see the FAILED part above)');
  process.exit(1);
}
console.log('\nnpm run check: every check passed');
