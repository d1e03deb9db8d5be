// Booting the gpio-sim VM: KVM where it really runs a stock kernel, else TCG (qemu's emulator).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cpio } from './initramfs.mjs';

// The GPIO checks and then the update path (three bundle installs) took 575-687 s under TCG on a
// busy 2-CPU host; the default leaves a slower machine about as much again.
const TIMEOUT_S = Number(process.env.KORT_QEMU_TIMEOUT_S || 1500);
const VERDICT = /^KORT-GPIO-SIM: (PASS|FAIL.*)$/m;

/** A VM that only prints one line and powers off: does KVM boot this kernel here at all? */
function kvmBoots(kernelDir, work) {
  const probe = new Cpio();
  probe.copy('/bin/busybox', '/bin/busybox');
  probe.char('/dev/console', 5, 1);
  probe.data('/init', Buffer.from('#!/bin/busybox sh\necho KVM-PROBE-OK\n/bin/busybox poweroff -f\n'), 0o100755);
  const image = join(work, 'probe.cpio');
  probe.write(image);
  const result = spawnSync('qemu-system-x86_64', qemuArgs('kvm', kernelDir, image, 256), {
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.stdout.includes('KVM-PROBE-OK')) return { ok: true };
  const why = (result.stderr || result.stdout || '').trim().split('\n').find(Boolean) ?? 'no output';
  return { ok: false, why: result.error?.code === 'ETIMEDOUT' ? 'the probe VM hung' : why };
}

export function chooseAccelerator(kernelDir, work) {
  const wanted = process.env.KORT_QEMU_ACCEL || 'auto';
  if (wanted === 'tcg' || wanted === 'kvm') return { accel: wanted, why: 'KORT_QEMU_ACCEL' };
  try {
    accessSync('/dev/kvm', constants.R_OK | constants.W_OK);
  } catch {
    return { accel: 'tcg', why: 'no usable /dev/kvm' };
  }
  // /dev/kvm can be there and still not run a stock kernel (nested or paravirtual KVM): try it.
  const probe = kvmBoots(kernelDir, work);
  return probe.ok ? { accel: 'kvm', why: 'KVM boots the kernel' } : { accel: 'tcg', why: `KVM failed: ${probe.why}` };
}

function qemuArgs(accel, kernelDir, initrd, memoryMb) {
  return [
    ...['-accel', accel, '-cpu', accel === 'kvm' ? 'host' : 'max', '-smp', '2', '-m', String(memoryMb)],
    ...['-kernel', join(kernelDir, 'vmlinuz'), '-initrd', initrd],
    // panic=-1 + -no-reboot: a VM whose init dies ends at once instead of hanging until the timeout
    ...['-append', 'console=ttyS0 panic=-1 quiet loglevel=3'],
    ...['-nodefaults', '-no-reboot', '-display', 'none', '-serial', 'stdio', '-monitor', 'none', '-net', 'none'],
  ];
}

/** Boots the VM, echoes its console, resolves with the verdict line, the time it took and the console. */
export function boot(accel, kernelDir, initrd, logPath) {
  return new Promise((done) => {
    const started = performance.now();
    const qemu = spawn('qemu-system-x86_64', qemuArgs(accel, kernelDir, initrd, 1024), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let console_ = '';
    let verdict = null;
    let verdictSeconds = null;
    let pending = '';
    const timer = setTimeout(() => {
      verdict ??= `FAIL (no verdict within ${TIMEOUT_S} s: qemu killed)`;
      qemu.kill('SIGKILL');
    }, TIMEOUT_S * 1000);
    const echo = (chunk) => {
      const text = chunk.replace(/\r/g, '');
      console_ += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) process.stdout.write(`  | ${line}\n`);
      const found = VERDICT.exec(console_);
      if (found && verdict === null) {
        verdict = found[1];
        verdictSeconds = (performance.now() - started) / 1000;
      }
    };
    // Decoded per stream, so a character split between two reads is not mangled.
    qemu.stdout.setEncoding('utf8').on('data', echo);
    qemu.stderr.setEncoding('utf8').on('data', echo);
    qemu.on('close', (code) => {
      clearTimeout(timer);
      if (pending) process.stdout.write(`  | ${pending}\n`);
      writeFileSync(logPath, console_);
      done({
        verdict: verdict ?? `FAIL (qemu exited ${code} with no verdict)`,
        verdictSeconds,
        totalSeconds: (performance.now() - started) / 1000,
        console: console_,
      });
    });
  });
}
