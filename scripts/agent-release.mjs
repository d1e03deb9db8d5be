#!/usr/bin/env node
// `npm run agent:release -- --version 1.4.2 --key agent-update.key [--out agent-releases]
//   [--platforms linux-arm64,linux-x64] [--min-api 0.1.0]`
// Builds the edge agent into one signed bundle (docs/decisions/0101-agent-bundle.md): its compiled
// code, its production dependencies, and the native parts (our GPIO addon and epoll) built for
// each platform: the host's natively, the other with Debian's cross compiler
// (g++-aarch64-linux-gnu). The manifest lists every file's sha256 and is signed with the Ed25519
// private key, which stays here: the API only ever sees the bundle.
import { execFileSync } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';

const root = resolve(import.meta.dirname, '..');
const require_ = (await import('node:module')).createRequire(import.meta.url);
const { AGENT_PLATFORMS, AGENT_VERSION_PATTERN, BUNDLE_MANIFEST, BUNDLE_SIGNATURE } = require_(
  join(root, 'services/contracts/dist/index.js'),
);

export const USAGE =
  'Usage: npm run agent:release -- --version 1.4.2 --key FILE [--out DIR] [--platforms linux-arm64,linux-x64] [--min-api VERSION]';

const NATIVE = [
  { name: 'gpio_chardev.node', source: join(root, 'edge-agent/native/gpio-chardev'), nan: false },
  { name: 'epoll.node', source: join(root, 'node_modules/epoll'), nan: true },
];
const GYP = join(
  dirname(realpathSync(process.execPath)),
  '..',
  'lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
);
const CROSS = {
  'linux-arm64': { arch: 'arm64', prefix: 'aarch64-linux-gnu-' },
  'linux-x64': { arch: 'x64', prefix: 'x86_64-linux-gnu-' },
};

/** What Node never loads at run time: type declarations, TypeScript sources, source maps and docs. */
const NOT_RUN = /\.(d\.[cm]?ts|[cm]?ts|map|md|markdown)$/;
const runs = (path) => !NOT_RUN.test(path) && !path.endsWith('.tsbuildinfo');

function fail(message) {
  process.stderr.write(`agent:release: ${message}\n`);
  process.exit(1);
}

/** Node's headers for node-gyp, from this Node's own install (no download). */
function nodeDir() {
  const prefix = resolve(dirname(realpathSync(process.execPath)), '..');
  if (existsSync(join(prefix, 'include/node/node.h'))) return prefix;
  if (existsSync('/usr/include/node/node.h')) return '/usr';
  return null;
}

/**
 * One addon for one platform: the host's as npm ci built it (when it is there), any other built in a
 * scratch copy with the cross compiler. Returns the .node file.
 */
function buildNative(addon, platform, scratch) {
  const host = `${process.platform}-${process.arch}`;
  const built = join(addon.source, 'build/Release', addon.name);
  if (platform === host && existsSync(built)) return built;
  const work = join(scratch, platform, addon.name.replace('.node', ''));
  cpSync(addon.source, work, { recursive: true, filter: (path) => !/\/(build|node_modules)$/.test(path) });
  if (addon.nan) {
    mkdirSync(join(scratch, platform, 'node_modules'), { recursive: true });
    cpSync(join(root, 'node_modules/nan'), join(scratch, platform, 'node_modules/nan'), { recursive: true });
  }
  const headers = nodeDir();
  if (!headers) fail("no Node headers found beside this Node (include/node/node.h): install Node's headers");
  const env = { ...process.env };
  const args = [GYP, 'rebuild', `--nodedir=${headers}`];
  if (platform !== host) {
    const cross = CROSS[platform];
    const compiler = `${cross.prefix}g++`;
    try {
      execFileSync('which', [compiler], { stdio: 'ignore' });
    } catch {
      fail(
        `no cross compiler for ${platform} (${compiler}): sudo apt-get install -y g++-${cross.prefix.slice(0, -1)}, ` +
          `or build fewer platforms with --platforms ${host}`,
      );
    }
    Object.assign(env, { CC: `${cross.prefix}gcc`, CXX: compiler, LINK: compiler, AR: `${cross.prefix}ar` });
    args.push(`--arch=${cross.arch}`);
  }
  try {
    execFileSync(process.execPath, args, { cwd: work, env, stdio: 'pipe' });
  } catch (error) {
    process.stderr.write(String(error.stderr ?? ''));
    fail(`${addon.name} did not build for ${platform} (node-gyp's output is above)`);
  }
  return join(work, 'build/Release', addon.name);
}

/** The agent's production dependencies as npm resolved them: [source folder, folder in the bundle]. */
function productionPackages() {
  const out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '-w', '@kort/edge-agent'], {
    cwd: root,
    encoding: 'utf8',
  });
  const paths = out.split('\n').filter(Boolean).slice(1);
  // Workspaces are links under node_modules; their own nested dependencies sit in their folders.
  const links = new Map();
  for (const path of paths) {
    const real = realpathSync(path);
    if (real !== path) links.set(real, path);
  }
  const packages = [];
  for (const path of paths) {
    if (path === join(root, 'node_modules/@kort/edge-agent')) continue;
    let inside = path;
    for (const [real, link] of links) if (path.startsWith(`${real}/`)) inside = link + path.slice(real.length);
    packages.push({
      source: realpathSync(path),
      target: relative(root, inside),
      workspace: links.has(realpathSync(path)),
    });
  }
  return packages;
}

function walk(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) walk(path, base, out);
    else if (stats.isFile()) out.push({ path: relative(base, path), mode: stats.mode & 0o777, size: stats.size });
  }
  return out;
}

export async function buildRelease({ version, keyFile, outDir, platforms, minApi, compile = true }) {
  if (!AGENT_VERSION_PATTERN.test(version ?? ''))
    fail(`--version must look like 1.4.2 (got ${version ?? 'nothing'})\n${USAGE}`);
  if (!keyFile) fail(`--key names the Ed25519 private key (npm run agent:keys makes one)\n${USAGE}`);
  let key;
  try {
    key = createPrivateKey(readFileSync(keyFile));
  } catch (error) {
    fail(`cannot read the private key ${keyFile}: ${error.message}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') fail(`${keyFile} is not an Ed25519 private key`);
  for (const platform of platforms)
    if (!AGENT_PLATFORMS.includes(platform))
      fail(`unknown platform ${platform} (known: ${AGENT_PLATFORMS.join(', ')})`);

  if (compile) {
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'edge-agent/tsconfig.build.json'],
        {
          cwd: root,
          stdio: 'inherit',
        },
      );
    } catch {
      fail('the agent does not compile (the errors are above)');
    }
  }
  const scratch = mkdtempSync(join(tmpdir(), 'kort-release-'));
  try {
    const files = join(scratch, 'bundle/files');
    mkdirSync(files, { recursive: true });
    const agentPackage = JSON.parse(readFileSync(join(root, 'edge-agent/package.json'), 'utf8'));
    const kept = { ...agentPackage };
    delete kept.devDependencies;
    delete kept.scripts;
    writeFileSync(
      join(files, 'package.json'),
      `${JSON.stringify({ ...kept, version, scripts: { start: 'node dist/cli.js' } }, null, 2)}\n`,
    );
    cpSync(join(root, 'edge-agent/dist'), join(files, 'dist'), {
      recursive: true,
      filter: runs,
    });
    cpSync(join(root, 'edge-agent/systemd'), join(files, 'systemd'), { recursive: true });
    for (const pkg of productionPackages()) {
      const target = join(files, pkg.target);
      if (pkg.workspace) {
        mkdirSync(target, { recursive: true });
        copyFileSync(join(pkg.source, 'package.json'), join(target, 'package.json'));
        cpSync(join(pkg.source, 'dist'), join(target, 'dist'), {
          recursive: true,
          filter: runs,
        });
        continue;
      }
      // Nested node_modules are packages of their own in the list; a native build is per platform.
      const native = existsSync(join(pkg.source, 'binding.gyp'));
      cpSync(pkg.source, target, {
        recursive: true,
        filter: (path) => {
          const parts = relative(pkg.source, path).split('/');
          return !parts.includes('node_modules') && !(native && parts[0] === 'build') && runs(path);
        },
      });
    }
    for (const platform of platforms) {
      mkdirSync(join(files, 'native', platform), { recursive: true });
      for (const addon of NATIVE)
        copyFileSync(
          buildNative(addon, platform, join(scratch, 'native')),
          join(files, 'native', platform, addon.name),
        );
    }

    const listed = {};
    for (const file of walk(files)) {
      const { sha256 } = await hashOf(join(files, file.path));
      listed[file.path] = { sha256, size: file.size, mode: file.mode };
    }
    const manifest = {
      format: 1,
      version,
      minApiVersion: minApi,
      createdAt: new Date().toISOString(),
      platforms,
      nodeAbi: process.versions.modules,
      files: listed,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    writeFileSync(join(scratch, 'bundle', BUNDLE_MANIFEST), manifestBytes);
    writeFileSync(join(scratch, 'bundle', BUNDLE_SIGNATURE), `${sign(null, manifestBytes, key).toString('base64')}\n`);
    mkdirSync(outDir, { recursive: true });
    const bundle = join(outDir, `kort-agent-${version}.tar.gz`);
    await tar.c({ gzip: { level: 9 }, file: bundle, cwd: join(scratch, 'bundle'), portable: true, noMtime: true }, [
      BUNDLE_MANIFEST,
      BUNDLE_SIGNATURE,
      'files',
    ]);
    const { sha256, size } = await hashOf(bundle);
    return { bundle, sha256, size, files: Object.keys(listed).length, platforms };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function hashOf(path) {
  const { createHash } = await import('node:crypto');
  const data = readFileSync(path);
  return { sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      version: { type: 'string' },
      key: { type: 'string' },
      out: { type: 'string', default: 'agent-releases' },
      platforms: { type: 'string', default: AGENT_PLATFORMS.join(',') },
      'min-api': { type: 'string' },
      // The agent's dist/ as it is (tests build it once for many bundles).
      'no-compile': { type: 'boolean' },
    },
  });
  const apiVersion = JSON.parse(readFileSync(join(root, 'services/api/package.json'), 'utf8')).version;
  const made = await buildRelease({
    version: values.version,
    keyFile: values.key,
    outDir: resolve(values.out),
    platforms: values.platforms.split(',').filter(Boolean),
    minApi: values['min-api'] ?? apiVersion,
    compile: !values['no-compile'],
  });
  process.stdout.write(
    `${made.bundle}\n  ${made.files} files, ${(made.size / 1024 / 1024).toFixed(1)} MB, sha256 ${made.sha256}\n  platforms: ${made.platforms.join(', ')}\n` +
      '  upload it in the dashboard (Обновления агентов) or: POST /api/admin/agent-releases\n',
  );
}
