// The reliability suites as a benchmark part (`--only suites`): the authorization matrix, a longer
// fuzz run than CI's (BENCH_FUZZ_RUNS per operation and identity, default 100) and the fault
// injection files, each run as CI runs it; their figures go into bench/results/latest.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

const FUZZ_RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 100);

function run(label, command, args, options) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (result.status !== 0) process.stderr.write(`[FAIL] ${label}\n${result.stdout}${result.stderr}\n`);
  return { passed: result.status === 0, seconds };
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

export async function reliabilitySuites() {
  const fuzzFile = join(tmpdir(), `kort-bench-fuzz-${process.pid}.json`);
  const authzFile = join(tmpdir(), `kort-bench-authz-${process.pid}.json`);
  const api = join(root, 'services/api');
  const jest = join(root, 'node_modules/.bin/jest');
  const env = { ...process.env, FUZZ_RUNS: String(FUZZ_RUNS), FUZZ_FIGURES: fuzzFile, AUTHZ_FIGURES: authzFile };
  const authz = run('authorization matrix', jest, ['test/authz-matrix.test.ts'], { cwd: api, env });
  const fuzz = run('fuzzing', jest, ['test/fuzz.test.ts'], { cwd: api, env });
  const faultFiles = readdirSync(join(root, 'e2e'))
    .filter((name) => /^faults-.*\.test\.mjs$/.test(name))
    .map((name) => join('e2e', name));
  const faults = run('fault injection', process.execPath, ['--test', '--test-concurrency=1', ...faultFiles], {
    cwd: root,
  });
  const fuzzFigures = readJson(fuzzFile);
  const figures = {
    authorization_matrix: { ...readJson(authzFile), ...authz },
    fuzzing: {
      ...fuzz,
      runs_per_identity: FUZZ_RUNS,
      ...(fuzzFigures && {
        inputs: fuzzFigures.inputs,
        operations: fuzzFigures.operations,
        requests: fuzzFigures.requests,
        failures: fuzzFigures.failures,
        seed: fuzzFigures.seed,
      }),
    },
    faults: { ...faults, files: faultFiles.length, figures: readJson(join(root, 'e2e/artifacts/fault-figures.json')) },
  };
  rmSync(fuzzFile, { force: true });
  rmSync(authzFile, { force: true });
  return figures;
}

export function printSuites(figures) {
  const { authorization_matrix: authz, fuzzing: fuzz, faults } = figures;
  const mark = (passed) => (passed ? 'PASS' : '[FAIL]');
  console.log('\nReliability suites (docs/reliability.md)');
  console.log(
    `  authorization matrix: ${authz.cells ?? '?'} cells over ${authz.routes ?? '?'} routes, ` +
      `${authz.violations?.length ?? '?'} violations, ${authz.seconds} s ${mark(authz.passed)}`,
  );
  console.log(
    `  fuzzing: ${fuzz.inputs ?? '?'} inputs over ${fuzz.operations ?? '?'} operations ` +
      `(${fuzz.runs_per_identity} runs per identity), ${fuzz.failures?.length ?? '?'} failures, ${fuzz.seconds} s ${mark(fuzz.passed)}`,
  );
  console.log(`  fault injection: ${faults.files} files, ${faults.seconds} s ${mark(faults.passed)}`);
}
