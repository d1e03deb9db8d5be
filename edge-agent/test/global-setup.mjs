// Builds the agent (and the contracts it references) once, so the CLI tests run dist/cli.js as
// systemd does, and the GPIO character-device addon, so they load it as a Pi does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default function globalSetup() {
  // Every temp folder of the run (state files, fake sysfs and /dev trees) goes under one folder,
  // which global-teardown.mjs removes; the workers inherit the variable.
  process.env.KORT_TEST_TMP = mkdtempSync(join(tmpdir(), 'kort-agent-tests-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', here('../tsconfig.build.json')], { stdio: 'inherit' });
  const addon = here('../native/gpio-chardev/build/Release/gpio_chardev.node');
  const source = here('../native/gpio-chardev/gpio_chardev.c');
  if (!existsSync(addon) || statSync(addon).mtimeMs < statSync(source).mtimeMs) {
    execFileSync('npm', ['run', '--silent', 'build:gpio'], { cwd: here('..'), stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
