import { readFileSync } from 'node:fs';

/**
 * This boot of the machine (Linux's random boot id), or null where there is none. A clock offset
 * measured in another boot says nothing about this one: a Pi without a battery-backed clock may
 * come back from a power cut at another time.
 */
export function bootId(file = '/proc/sys/kernel/random/boot_id'): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}
