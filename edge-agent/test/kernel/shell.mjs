// What the gpio-sim runner's parts share: where things are, and how a step that cannot run says so.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const AGENT = resolve(HERE, '../..');
export const REPO = resolve(AGENT, '..');
/** This run's console log and what it built. */
export const CACHE = join(HERE, '.cache');
/**
 * The downloaded kernel, kept per user as other download caches are (npm's in ~/.npm), so a new
 * clone, CI's included, does not fetch the same packages again: KORT_KERNEL_CACHE, else
 * $XDG_CACHE_HOME/kort, else ~/.cache/kort.
 */
export const DOWNLOADS =
  process.env.KORT_KERNEL_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kort');

export class Stop extends Error {}
/** The one line a developer needs when the run cannot even start. */
export const stop = (reason) => {
  throw new Stop(reason);
};

export const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.error?.code === 'ENOENT') stop(`${command} is not installed`);
  if (result.status !== 0) {
    stop(`${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || '').trim().split('\n').at(-1)}`);
  }
  return result.stdout;
}

export function onPath(command) {
  return (process.env.PATH || '').split(':').some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
