// Builds the agent (and the contracts it references) once, so the CLI tests run dist/cli.js as
// systemd does.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function globalSetup() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', fileURLToPath(new URL('../tsconfig.build.json', import.meta.url))], {
    stdio: 'inherit',
  });
}
