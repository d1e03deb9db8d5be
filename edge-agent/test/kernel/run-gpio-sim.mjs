#!/usr/bin/env node
// Runs the GPIO character-device driver against a real Linux kernel's gpio-sim, in qemu: the
// machines the agent is developed on have no GPIO chip and often no kernel modules at all, and the
// jest tests only prove the driver against a fake of the kernel. Then, on the same chips, the real
// update path: two signed bundles built here, installed, updated and rolled back in the VM under the
// agent's own restart loop. Exits 0 only when every check in gpio-sim-checks.cjs and
// update-checks.cjs passed inside the VM; 1 when one failed, 2 when the VM could not be run.
//
//   node edge-agent/test/kernel/run-gpio-sim.mjs
//
// Needs a Debian-like x86_64 host: qemu-system-x86, busybox-static, apt-get, dpkg-deb and xz. The
// kernel is Debian's (the first run downloads it with apt-get from the host's Debian mirror and
// keeps what the VM needs in ~/.cache/kort/gpio-sim-kernel/; delete that folder to fetch it again).
// Environment: KORT_KERNEL_CACHE (instead of ~/.cache/kort), KORT_KERNEL_SUITE (default forky:
// the first Debian suite whose amd64 kernel has CONFIG_GPIO_SIM), KORT_DEBIAN_MIRROR (default
// http://deb.debian.org/debian), KORT_QEMU_ACCEL (auto | kvm | tcg; auto tries KVM with a tiny VM
// first) and KORT_QEMU_TIMEOUT_S (default 1500).
//
// The VM boots from an initramfs and nothing else: busybox, two modules, the host's node and the
// few files of the checkout the driver loads, at the same absolute paths as on the host, so
// require() resolves exactly as it does here. Simpler than sharing the checkout over 9p (four
// more modules, a chroot for node's libraries) and it boots in seconds.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { buildInitramfs } from './initramfs.mjs';
import { kernel } from './kernel-cache.mjs';
import { boot, chooseAccelerator } from './qemu.mjs';
import { AGENT, CACHE, onPath, REPO, seconds, Stop, stop } from './shell.mjs';

function checkPrerequisites() {
  if (process.platform !== 'linux' || process.arch !== 'x64') stop('needs an x86_64 Linux host (qemu runs amd64)');
  if (!onPath('qemu-system-x86_64')) stop('qemu-system-x86_64 not found: sudo apt-get install -y qemu-system-x86');
  // A dynamically linked busybox would need its libc in the initramfs; the static one needs nothing.
  const busybox = spawnSync('ldd', ['/bin/busybox'], { encoding: 'utf8' });
  if (!existsSync('/bin/busybox') || busybox.status === 0) {
    stop('a static /bin/busybox is needed for the VM: sudo apt-get install -y busybox-static');
  }
  if (!onPath('xz')) stop('xz not found (Debian compresses kernel modules with it): sudo apt-get install -y xz-utils');
}

/** dist/ and the addon as the agent's tests build them (test/global-setup.mjs): up to date, or built now. */
function buildAgent() {
  const tsc = createRequire(join(REPO, 'package.json')).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', join(AGENT, 'tsconfig.build.json')], { stdio: 'inherit' });
  const addon = join(AGENT, 'native/gpio-chardev/build/Release/gpio_chardev.node');
  const source = join(AGENT, 'native/gpio-chardev/gpio_chardev.c');
  if (!existsSync(addon) || statSync(addon).mtimeMs < statSync(source).mtimeMs) {
    execFileSync('npm', ['run', '--silent', 'build:gpio'], { cwd: AGENT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

/**
 * The update path's material, as a release manager makes it: a key pair (scripts/agent-keys.mjs) and
 * bundles 1.0.0 and 2.0.0 of the dist just built (scripts/agent-release.mjs, this platform only),
 * built side by side (each spends most of its time in npm ls).
 */
async function buildReleases(work) {
  const script = (name) => join(REPO, 'scripts', name);
  const keys = join(work, 'keys');
  execFileSync(process.execPath, [script('agent-keys.mjs'), '--out', keys], { stdio: 'ignore' });
  const platform = `${process.platform}-${process.arch}`;
  const versions = ['1.0.0', '2.0.0'];
  await Promise.all(
    versions.map((version) =>
      promisify(execFile)(process.execPath, [
        script('agent-release.mjs'),
        ...['--version', version, '--key', join(keys, 'agent-update.key'), '--out', work],
        ...['--platforms', platform, '--no-compile'],
      ]).catch((error) => stop(`agent-release.mjs --version ${version} failed: ${String(error.stderr).trim()}`)),
    ),
  );
  const publicKey = readFileSync(join(keys, 'agent-update.pub'), 'utf8').trim();
  // 1.0.0 installed here as README step 2 has it (`kort-agent install`), packed as the Pi's
  // /opt/kort-agent: an install of 940 files under TCG takes minutes, and the update installs once more.
  const installed = join(work, 'kort-agent');
  execFileSync(
    process.execPath,
    [join(AGENT, 'dist/cli.js'), 'install', join(work, 'kort-agent-1.0.0.tar.gz'), '--root', installed],
    { env: { PATH: process.env.PATH, AGENT_UPDATE_PUBLIC_KEY: publicKey }, stdio: 'ignore' },
  );
  return {
    publicKey,
    installed,
    // What the API would announce as its version: the bundles' minApiVersion is the same file's.
    apiVersion: JSON.parse(readFileSync(join(REPO, 'services/api/package.json'), 'utf8')).version,
    bundles: Object.fromEntries(versions.map((version) => [version, join(work, `kort-agent-${version}.tar.gz`)])),
    // The rollback case runs here only when asked: update-process.test.ts proves it on the host.
    rollback: process.env.KORT_VM_ROLLBACK === '1',
  };
}

const MB = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function main() {
  const started = performance.now();
  checkPrerequisites();
  buildAgent();
  const { dir: kernelDir, modules, fetched, fetchSeconds } = kernel();

  const work = mkdtempSync(join(tmpdir(), 'kort-gpio-sim-'));
  try {
    const { accel, why } = chooseAccelerator(kernelDir, work);
    console.log(`qemu: ${accel} (${why})`);

    const releasing = performance.now();
    const update = await buildReleases(work);
    const releaseSeconds = (performance.now() - releasing) / 1000;
    console.log(`releases: ${Object.keys(update.bundles).join(', ')} signed, in ${releaseSeconds.toFixed(1)} s`);

    const building = performance.now();
    const initrd = join(work, 'initramfs.cpio');
    const { size, updateBytes, standInBytes } = buildInitramfs(initrd, kernelDir, modules, update);
    const buildSeconds = (performance.now() - building) / 1000;
    console.log(
      `initramfs: ${MB(size)} (update path: bundles and key ${MB(updateBytes)}, socket.io server ${MB(standInBytes)}) ` +
        `in ${buildSeconds.toFixed(1)} s; booting`,
    );

    mkdirSync(CACHE, { recursive: true });
    const log = join(CACHE, 'last-console.log');
    const { verdict, verdictSeconds, totalSeconds, console: output } = await boot(accel, kernelDir, initrd, log);
    const passed = verdict === 'PASS';
    // What /init measured inside the VM: boot to the checks, then each checks file.
    const phases = [...output.matchAll(/^init: timing (\S+) ([\d.]+ s)$/gm)].map(
      ([, phase, took]) => `${phase} ${took}`,
    );
    console.log(
      `timing: kernel ${fetched ? `download ${fetchSeconds.toFixed(1)} s` : 'cached'}, releases ${releaseSeconds.toFixed(1)} s, ` +
        `initramfs ${buildSeconds.toFixed(1)} s, boot to ${passed ? 'PASS' : 'verdict'} ` +
        `${verdictSeconds === null ? '-' : `${verdictSeconds.toFixed(1)} s`} (${phases.join(', ') || 'no phase timed'}; ` +
        `qemu ${totalSeconds.toFixed(1)} s, ${accel}), whole run ${seconds(started)}`,
    );
    console.log(`gpio-sim: ${verdict} (console: ${relative(process.cwd(), log)})`);
    return passed ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`gpio-sim: cannot run: ${error instanceof Stop ? error.message : (error.stack ?? error)}`);
    process.exit(2);
  },
);
