#!/usr/bin/env node
// `npm run build`'s web half: builds each named web app (its own `npm run build`: type check,
// then Vite) unless nothing it is built from changed since the build in its dist/ was made.
// `npm test`, `npm run e2e` and `npm run check` each build first, so a CI run or a developer's
// test-after-check would otherwise type-check and bundle both apps three times (about 70 s each
// time on the development VM). A build's inputs are its workspace's files (dist and node_modules
// aside; its tests too, since the build's type check covers them and `npm run check` relies on
// it), the shared contracts' sources, the lockfile, this script and Node's version; their digest
// is written to dist/.build-inputs after a build that succeeded.
//
//   node scripts/build-web.mjs player-web admin-dashboard      KORT_WEB_REBUILD=1 builds anyway
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Never inputs of a build: its output, installed packages and the test runner's caches. */
const SKIPPED = new Set(['dist', 'node_modules', '.vitest', 'coverage']);
const STAMP = '.build-inputs';

function files(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...files(path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** One digest of every input of the workspace's build: names and contents, in a stable order. */
export function inputsDigest(workspace, base = root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const inputs = [
    ...files(join(base, workspace)),
    ...files(join(base, 'services/contracts/src')),
    join(base, 'package-lock.json'),
  ].sort();
  for (const path of inputs) {
    hash.update(`${relative(base, path)}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function build(workspace) {
  const stamp = join(root, workspace, 'dist', STAMP);
  const digest = inputsDigest(workspace);
  const built = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (built === digest && !process.env.KORT_WEB_REBUILD) {
    console.log(`${workspace}: up to date (nothing it is built from changed since dist/ was built)`);
    return;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Vite empties dist/ first, so a failed build leaves no stamp behind to trust.
  writeFileSync(stamp, `${digest}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const workspaces = process.argv.slice(2);
  if (!workspaces.length) throw new Error('usage: node scripts/build-web.mjs <workspace>…');
  for (const workspace of workspaces) build(workspace);
}
