// Commands in lanes: the commands of a lane one after another, the lanes side by side. Used by
// `npm run check` (scripts/check.mjs) and `npm test` (scripts/run-tests.mjs). Each command's output is
// printed whole when it ends, under its name and time, so that two lanes never interleave their
// lines; the first failure of a lane stops that lane (the other lanes run on, so that one run shows
// every lane's failures).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs one command, `[its name, the program, its arguments]`, from the checkout's root; whether it passed. */
export function run([name, command, args]) {
  const started = Date.now();
  process.stdout.write(`--- ${name}: started\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`\n=== ${name}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

/** Runs a lane's commands in order, stopping at the first that fails; whether all passed. */
async function lane(commands) {
  for (const command of commands) if (!(await run(command))) return false;
  return true;
}

/** Runs the lanes side by side; whether every lane passed. */
export async function lanes(...all) {
  return !(await Promise.all(all.map(lane))).includes(false);
}
