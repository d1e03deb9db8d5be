// The gpio-sim VM's initramfs: a "newc" cpio archive (the format the kernel unpacks into its first
// root) holding busybox, the modules, the host's node and the few files of the checkout the driver
// and the checks load, at the same absolute paths as on the host, so require() resolves exactly as
// it does here; and, for the update path, two signed agent bundles and their public key.
import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  writeSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative } from 'node:path';
import { AGENT, HERE, REPO, run, stop } from './shell.mjs';

/** What the driver and the checks load at run time, besides the agent's own dist (their dependencies follow). */
const RUNTIME_PACKAGES = ['epoll', '@kort/contracts'];
/**
 * What the update checks' API stand-in loads besides (socket.io's server). The agents those checks
 * run load nothing of the checkout: their bundles hold their own.
 */
const STAND_IN_PACKAGES = ['socket.io'];
/** Where the update path's files go in the VM (update.json names them). */
const UPDATE_DIR = '/kort-update';

export class Cpio {
  entries = new Map();

  dir(path) {
    for (let at = path; at !== '/' && !this.entries.has(at); at = dirname(at)) {
      this.entries.set(at, { mode: 0o040755 });
    }
  }
  data(path, content, mode = 0o100644) {
    this.dir(dirname(path));
    this.entries.set(path, { mode, content });
  }
  /** The bytes of the regular files under `prefix` (what a part of the archive costs). */
  bytesUnder(prefix) {
    let total = 0;
    for (const [path, entry] of this.entries) {
      if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
      total += entry.file ? statSync(entry.file).size : (entry.content?.length ?? 0);
    }
    return total;
  }
  symlink(path, target) {
    this.dir(dirname(path));
    this.entries.set(path, { mode: 0o120777, content: Buffer.from(target) });
  }
  char(path, major, minor) {
    this.dir(dirname(path));
    this.entries.set(path, { mode: 0o020600, rdev: [major, minor] });
  }
  /** A host file at `path` in the VM, or a tree of them less what `skip` (given host paths) leaves out. */
  copy(hostPath, path = hostPath, skip = () => false) {
    const stat = lstatSync(hostPath);
    if (stat.isSymbolicLink()) {
      this.symlink(path, readlinkSync(hostPath));
    } else if (stat.isDirectory()) {
      this.dir(path);
      for (const name of readdirSync(hostPath)) {
        if (!skip(join(hostPath, name))) this.copy(join(hostPath, name), join(path, name), skip);
      }
    } else {
      this.dir(dirname(path));
      this.entries.set(path, { mode: 0o100000 | (stat.mode & 0o777), file: hostPath });
    }
  }

  write(outPath) {
    const fd = openSync(outPath, 'w');
    let ino = 1;
    let offset = 0;
    const put = (buffer) => {
      writeSync(fd, buffer);
      offset += buffer.length;
    };
    const pad = () => put(Buffer.alloc((4 - (offset % 4)) % 4));
    const header = (name, mode, size, rdev = [0, 0]) => {
      const fields = [ino++, mode, 0, 0, 1, 0, size, 0, 0, rdev[0], rdev[1], Buffer.byteLength(name) + 1, 0];
      put(Buffer.from(`070701${fields.map((field) => field.toString(16).padStart(8, '0')).join('')}${name}\0`));
      pad();
    };
    // Sorted, so every directory comes before what it holds.
    for (const [path, entry] of [...this.entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const content = entry.file ? readFileSync(entry.file) : (entry.content ?? Buffer.alloc(0));
      header(path.slice(1), entry.mode, content.length, entry.rdev);
      put(content);
      pad();
    }
    header('TRAILER!!!', 0, 0);
    closeSync(fd);
    return offset;
  }
}

/** The shared libraries a binary loads, at the paths ldd finds them (the loader's own path too). */
function sharedLibraries(binary) {
  return run('ldd', [binary])
    .split('\n')
    .map((line) => /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line)?.[1])
    .filter(Boolean);
}

/** A package's folder as node resolves it from `fromDir`: the nearest node_modules that has it. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) stop(`cannot find the package ${name} from ${fromDir}: run npm ci`);
  }
}

const typesOrMaps = (path) => /\.(d\.c?ts|map)$/.test(path);

/**
 * The files of the checkout the driver and the checks load, at their host paths: dist, addon,
 * packages, checks. Returns the native binaries among them and the stand-in's package folders.
 */
function addCheckout(cpio) {
  cpio.copy(join(AGENT, 'package.json'));
  cpio.copy(join(AGENT, 'dist'), join(AGENT, 'dist'), typesOrMaps);
  const addon = join(AGENT, 'native/gpio-chardev/build/Release/gpio_chardev.node');
  cpio.copy(addon);
  for (const name of readdirSync(HERE).filter((entry) => entry.endsWith('.cjs'))) cpio.copy(join(HERE, name));

  const natives = [addon];
  const seen = new Set();
  const addPackage = (name, fromDir) => {
    const linked = packageDir(name, fromDir); // node_modules/@kort/contracts is a link to services/contracts
    const real = realpathSync(linked);
    if (seen.has(real)) return;
    seen.add(real);
    if (linked !== real) cpio.symlink(linked, relative(dirname(linked), real));
    // Sources, tests and types stay out (only the built files run), unless the package runs from its
    // src/ (debug does), and so does socket.io's browser client (the stand-in serves no browser);
    // dependencies come one by one.
    const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8'));
    const runsFromSrc = /^(\.\/)?src\//.test(manifest.main ?? '');
    const unused = new Set(
      [...(runsFromSrc ? [] : ['src']), 'test', 'example', 'client-dist'].map((name) => join(real, name)),
    );
    cpio.copy(real, real, (path) => unused.has(path) || path.endsWith('/node_modules') || typesOrMaps(path));
    // nan is epoll's compile-time headers only
    for (const dependency of Object.keys(manifest.dependencies ?? {}).filter((dep) => dep !== 'nan')) {
      addPackage(dependency, real);
    }
    const build = join(real, 'build/Release');
    if (existsSync(build))
      natives.push(
        ...readdirSync(build)
          .filter((f) => f.endsWith('.node'))
          .map((f) => join(build, f)),
      );
  };
  RUNTIME_PACKAGES.forEach((name) => addPackage(name, AGENT));
  const before = new Set(seen);
  STAND_IN_PACKAGES.forEach((name) => addPackage(name, AGENT));
  return { natives, standIn: [...seen].filter((dir) => !before.has(dir)) };
}

/**
 * Writes the archive to `out`. `update`: {publicKey, apiVersion, bundles: {<version>: host file},
 * installed: the host folder where 1.0.0 was installed (packed as /opt/kort-agent), rollback},
 * packed under /kort-update with an update.json for update-checks.cjs. Returns the archive's size and
 * what the update path adds to it (the bundles and the API stand-in's packages).
 */
export function buildInitramfs(out, kernelDir, modules, update) {
  const cpio = new Cpio();
  cpio.copy('/bin/busybox', '/bin/busybox');
  cpio.char('/dev/console', 5, 1);
  for (const dir of ['/proc', '/sys', '/tmp', '/usr/bin', '/etc']) cpio.dir(dir);
  cpio.data('/init', readFileSync(join(HERE, 'init.sh')), 0o100755);
  cpio.copy(join(kernelDir, 'modules', 'load-order'), '/lib/modules/load-order');
  for (const name of modules) cpio.copy(join(kernelDir, 'modules', `${name}.ko`), `/lib/modules/${name}.ko`);

  const node = realpathSync(process.execPath);
  cpio.copy(node, node);
  if (process.execPath !== node) cpio.symlink(process.execPath, node);
  const { natives, standIn } = addCheckout(cpio);
  for (const binary of [node, ...natives]) {
    // At ldd's paths, which the VM's loader searches by default (there is no ld.so.cache there).
    for (const library of sharedLibraries(binary)) cpio.data(library, readFileSync(library), 0o100755);
  }

  const bundles = {};
  for (const [version, file] of Object.entries(update.bundles)) {
    const data = readFileSync(file);
    bundles[version] = {
      file: `${UPDATE_DIR}/${basename(file)}`,
      sha256: createHash('sha256').update(data).digest('hex'),
      size: data.length,
    };
    cpio.copy(file, bundles[version].file);
  }
  cpio.copy(update.installed, '/opt/kort-agent');
  const kit = { publicKey: update.publicKey, apiVersion: update.apiVersion, bundles, rollback: update.rollback };
  cpio.data(`${UPDATE_DIR}/update.json`, Buffer.from(`${JSON.stringify(kit, null, 1)}\n`));

  const quote = (value) => `'${value.replace(/'/g, `'\\''`)}'`;
  const env = {
    KORT_REPO: REPO,
    KORT_CHECKS: join(HERE, 'gpio-sim-checks.cjs'),
    KORT_UPDATE_CHECKS: join(HERE, 'update-checks.cjs'),
    KORT_UPDATE: `${UPDATE_DIR}/update.json`,
  };
  cpio.data(
    '/etc/kort-gpio-sim.env',
    Buffer.from(
      Object.entries(env)
        .map(([name, value]) => `${name}=${quote(value)}\n`)
        .join(''),
    ),
  );
  const updateBytes = cpio.bytesUnder(UPDATE_DIR);
  const standInBytes = standIn.reduce((total, dir) => total + cpio.bytesUnder(dir), 0);
  return { size: cpio.write(out), updateBytes, standInBytes };
}
