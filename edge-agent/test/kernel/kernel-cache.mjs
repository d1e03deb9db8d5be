// The kernel for the gpio-sim VM: Debian's generic amd64 image and the modules gpio-sim needs,
// downloaded once per suite with apt-get on a private sources list and kept in the user's cache
// (shell.mjs DOWNLOADS: ~/.cache/kort/gpio-sim-kernel/<suite>).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOADS, onPath, run, seconds, stop } from './shell.mjs';

const SUITE = process.env.KORT_KERNEL_SUITE || 'forky';
const MIRROR = process.env.KORT_DEBIAN_MIRROR || 'http://deb.debian.org/debian';
/** The gpio-sim module and, for its configfs interface, configfs (unless built in). */
const MODULES = ['gpio-sim'];

/**
 * apt-get and apt-cache on a private sources list and state in `dir` (thrown away with it), so the
 * host's apt stays as it is; `apt.get('download', …)` leaves the packages in `dir`.
 */
function privateApt(dir) {
  mkdirSync(join(dir, 'lists/partial'), { recursive: true });
  mkdirSync(join(dir, 'cache/archives/partial'), { recursive: true });
  mkdirSync(join(dir, 'parts'), { recursive: true });
  const list = join(dir, 'sources.list');
  writeFileSync(list, `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${MIRROR} ${SUITE} main\n`);
  const options = [
    `Dir::Etc::sourcelist=${list}`,
    `Dir::Etc::sourceparts=${join(dir, 'parts')}`,
    `Dir::Etc::preferencesparts=${join(dir, 'parts')}`,
    `Dir::Etc::preferences=${join(dir, 'preferences')}`,
    `Dir::State::Lists=${join(dir, 'lists')}`,
    `Dir::Cache=${join(dir, 'cache')}`,
    'APT::Architecture=amd64',
    'Acquire::Languages=none',
    // root downloads into our own folder, which the _apt user may not be able to write
    'APT::Sandbox::User=root',
  ].flatMap((option) => ['-o', option]);
  return {
    get: (...args) => run('apt-get', [...options, '-q', ...args], { cwd: dir }),
    cache: (...args) => run('apt-cache', [...options, ...args]),
  };
}

const dependsOf = (control) =>
  (/^Depends: (.*)$/m.exec(control)?.[1] ?? '').split(',').map((item) => item.trim().split(/[\s|]/)[0]);

/** The module's own list of what it needs loaded first (its .modinfo "depends=" string). */
function moduleDepends(koBytes) {
  const text = koBytes.toString('latin1');
  const match = /\0depends=([^\0]*)\0/.exec(text);
  return match && match[1] ? match[1].split(',').map((name) => name.replace(/_/g, '-')) : [];
}

function fetchKernel(target) {
  const work = mkdtempSync(join(tmpdir(), 'kort-kernel-'));
  try {
    const apt = privateApt(work);
    console.log(`kernel: apt-get update (${MIRROR} ${SUITE} main)`);
    apt.get('update');
    const image = dependsOf(apt.cache('show', '--no-all-versions', 'linux-image-amd64')).find((name) =>
      name.startsWith('linux-image-'),
    );
    if (!image) stop(`linux-image-amd64 in ${SUITE} names no linux-image-* package`);
    // Since 7.x the image package only depends on the kernel (linux-binary-*), its config
    // (linux-base-*) and the modules (linux-modules-*); before, it held them all.
    const parts = dependsOf(apt.cache('show', '--no-all-versions', image)).filter((name) =>
      /^linux-(base|binary|modules)-/.test(name),
    );
    const version = /^Version: (.*)$/m.exec(apt.cache('show', '--no-all-versions', image))[1];
    console.log(`kernel: downloading ${[image, ...parts].join(', ')} ${version}`);
    apt.get('download', image, ...parts);
    const root = join(work, 'root');
    for (const deb of readdirSync(work).filter((name) => name.endsWith('.deb'))) {
      run('dpkg-deb', ['-x', join(work, deb), root]);
    }
    const modulesRoot = [join(root, 'usr/lib/modules'), join(root, 'lib/modules')].find(existsSync);
    const release = modulesRoot && readdirSync(modulesRoot)[0];
    // The split packages keep config and vmlinuz beside the modules, the classic one in /boot.
    const [config, vmlinuz] = ['config', 'vmlinuz'].map((name) =>
      [join(modulesRoot ?? '', release ?? '', name), join(root, 'boot', `${name}-${release}`)].find(existsSync),
    );
    if (!release || !config || !vmlinuz) stop(`${image} ${version}: no kernel config, vmlinuz or modules found`);
    const configText = readFileSync(config, 'utf8');
    const wanted = ['CONFIG_GPIO_SIM', 'CONFIG_CONFIGFS_FS', 'CONFIG_GPIO_CDEV', 'CONFIG_TRACING'];
    const lines = wanted.map((key) => new RegExp(`^${key}=[ym]$`, 'm').exec(configText)?.[0] ?? `# ${key} is not set`);
    if (lines.some((line) => line.startsWith('#'))) {
      stop(
        `${image} ${version} (${SUITE}) lacks what the checks need: ${lines.join(', ')}; ` +
          'set KORT_KERNEL_SUITE to a suite whose kernel has them (forky: 7.2.12 has)',
      );
    }

    mkdirSync(join(target, 'modules'), { recursive: true });
    const moduleFiles = new Map();
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (/\.ko(\.(xz|zst|gz))?$/.test(entry.name)) {
          moduleFiles.set(entry.name.replace(/\.ko.*$/, '').replace(/_/g, '-'), join(dir, entry.name));
        }
      }
    };
    walk(join(modulesRoot, release, 'kernel'));
    // Dependencies first: the order insmod needs them in.
    const order = [];
    const add = (name) => {
      if (order.includes(name)) return;
      const file = moduleFiles.get(name);
      if (!file) return; // built into the kernel (=y)
      const bytes = file.endsWith('.xz')
        ? execFileSync('xz', ['-dc', file], { maxBuffer: 64 << 20 })
        : file.endsWith('.zst')
          ? execFileSync('zstd', ['-dc', file], { maxBuffer: 64 << 20 })
          : readFileSync(file);
      moduleDepends(bytes).forEach(add);
      writeFileSync(join(target, 'modules', `${name}.ko`), bytes);
      order.push(name);
    };
    MODULES.forEach(add);
    writeFileSync(join(target, 'modules', 'load-order'), order.map((name) => `${name}\n`).join(''));
    writeFileSync(join(target, 'vmlinuz'), readFileSync(vmlinuz));
    writeFileSync(join(target, 'config'), configText);
    writeFileSync(
      join(target, 'kernel.txt'),
      `package=${image}\nversion=${version}\nsuite=${SUITE}\nrelease=${release}\n${lines.join('\n')}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The cached kernel, fetched on first use. A half-written cache is never taken for a whole one. */
export function kernel() {
  const dir = join(DOWNLOADS, 'gpio-sim-kernel', SUITE);
  const started = performance.now();
  let fetched = false;
  if (!existsSync(join(dir, 'kernel.txt'))) {
    if (!onPath('apt-get') || !onPath('dpkg-deb')) stop('the kernel is not cached and apt-get/dpkg-deb are missing');
    // Its own folder: two runs fetching at once each rename a whole one into place.
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    try {
      fetchKernel(partial);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw error;
    }
    if (existsSync(join(dir, 'kernel.txt'))) rmSync(partial, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
    }
    fetched = true;
  }
  const info = Object.fromEntries(
    readFileSync(join(dir, 'kernel.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const modules = readFileSync(join(dir, 'modules', 'load-order'), 'utf8')
    .split('\n')
    .filter(Boolean);
  console.log(
    `kernel: ${info.package} ${info.version} (${info.suite}), ${fetched ? `downloaded in ${seconds(started)}` : 'cached'}; ` +
      `modules: ${modules.join(', ') || 'none (built in)'}`,
  );
  return { dir, info, modules, fetched, fetchSeconds: fetched ? (performance.now() - started) / 1000 : 0 };
}
