/**
 * The agent's release folders on the Pi, and the guard that keeps a bad release from staying
 * (docs/decisions/0104-update-health-check.md). This file imports nothing but Node: the installer
 * copies it, compiled, to `<root>/guard.cjs`, so the guard that judges a new release is always the
 * one of the release that proved itself before it.
 *
 *   <root>/releases/<version>/   one folder per release (dist/, node_modules/, package.json, native/)
 *   <root>/current               the link systemd starts (→ releases/<version>)
 *   <root>/trial.json            a new release on trial: {version, previous, deadline, starts}
 *   <root>/rolled-back.json      why the last trial failed; the old release reports it and removes it
 *   <root>/guard.cjs             this file
 *
 * `node guard.cjs check <root>` runs before each start (systemd's ExecStartPre): a release on trial
 * that started MAX_TRIAL_STARTS times without proving itself, or whose deadline passed, is switched
 * back. `node guard.cjs loop <root> [agent args…]` is the agent's own restart loop for a Pi without
 * systemd: check, start `current`, and again after it exits.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Starts a release on trial may take before the guard gives up on it (a crash loop). */
export const MAX_TRIAL_STARTS = 3;

export interface Trial {
  version: string;
  previous: string;
  /** Epoch ms: proven by then, or switched back. */
  deadline: number;
  /** How many times the guard saw it start. */
  starts: number;
  force?: boolean;
}

export interface RolledBack {
  version: string;
  previous: string;
  why: 'health' | 'crash';
  detail: string;
  at: number;
}

export const releaseFolders = (root: string) => ({
  releases: join(root, 'releases'),
  release: (version: string) => join(root, 'releases', version),
  current: join(root, 'current'),
  trial: join(root, 'trial.json'),
  rolledBack: join(root, 'rolled-back.json'),
  guard: join(root, 'guard.cjs'),
  downloads: join(root, 'downloads'),
  settled: join(root, 'settled.json'),
});

/**
 * Bundles this Pi is done with, by `version:sha256` (or `version` for a release that failed its
 * trial here): refused or rolled back once, never downloaded or tried again, across restarts.
 */
export function settledBundles(root: string): Record<string, string> {
  return readJson<Record<string, string>>(releaseFolders(root).settled) ?? {};
}

export function settleBundle(root: string, key: string, outcome: string): void {
  writeJson(releaseFolders(root).settled, { ...settledBundles(root), [key]: outcome });
}

/** The version `current` points at; null when there is no link. */
export function currentVersion(root: string): string | null {
  try {
    return basename(readlinkSync(releaseFolders(root).current));
  } catch {
    return null;
  }
}

/** Points `current` at releases/<version> in one rename: a power cut leaves the old link or the new one. */
export function switchCurrent(root: string, version: string): void {
  const folders = releaseFolders(root);
  const temporary = `${folders.current}.next`;
  rmSync(temporary, { force: true });
  symlinkSync(join('releases', version), temporary);
  renameSync(temporary, folders.current);
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Written whole to a temporary file and renamed, so a reader never sees half of it. */
export function writeJson(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value));
  renameSync(`${file}.tmp`, file);
}

/** Switches a failed trial back to the release before it and says why, for the old release to report. */
export function rollBack(root: string, trial: Trial, why: RolledBack['why'], detail: string): void {
  const folders = releaseFolders(root);
  if (existsSync(folders.release(trial.previous))) switchCurrent(root, trial.previous);
  writeJson(folders.rolledBack, { version: trial.version, previous: trial.previous, why, detail, at: Date.now() });
  rmSync(folders.trial, { force: true });
}

/** What runs before each start: counts the trial's starts and ends a trial that is over. */
export function guardCheck(root: string, now = Date.now()): 'none' | 'trial' | 'rolled-back' {
  const folders = releaseFolders(root);
  const trial = readJson<Trial>(folders.trial);
  if (!trial) return 'none';
  // A trial of a release that is no longer current was ended elsewhere.
  if (currentVersion(root) !== trial.version) {
    rmSync(folders.trial, { force: true });
    return 'none';
  }
  const starts = trial.starts + 1;
  if (starts > MAX_TRIAL_STARTS) {
    rollBack(root, trial, 'crash', `не запустилась ${trial.starts} раза подряд`);
    return 'rolled-back';
  }
  if (now > trial.deadline) {
    rollBack(root, trial, 'health', 'срок проверки вышел до запуска');
    return 'rolled-back';
  }
  writeJson(folders.trial, { ...trial, starts });
  return 'trial';
}

/** The restart loop: the guard, then `current`, again a second after each exit, until SIGTERM. */
function loop(root: string, args: string[]): void {
  let child: ReturnType<typeof spawn> | null = null;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const start = () => {
    const verdict = guardCheck(root);
    if (verdict === 'rolled-back') process.stderr.write(`kort-agent guard: the release on trial was switched back\n`);
    child = spawn(process.execPath, [join(releaseFolders(root).current, 'dist', 'cli.js'), ...args], {
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) process.exit(0);
      process.stderr.write(`kort-agent guard: the agent exited (${signal ?? code}); starting it again\n`);
      setTimeout(start, 1000);
    });
  };
  start();
}

if (require.main === module) {
  const [command, root, ...rest] = process.argv.slice(2);
  if (!root || (command !== 'check' && command !== 'loop')) {
    process.stderr.write('Usage: node guard.cjs check <root> | node guard.cjs loop <root> [agent args…]\n');
    process.exit(2);
  }
  if (command === 'check') {
    const verdict = guardCheck(root);
    if (verdict === 'rolled-back') process.stderr.write('kort-agent guard: the release on trial was switched back\n');
  } else {
    loop(root, rest[0] === '--' ? rest.slice(1) : rest);
  }
}
