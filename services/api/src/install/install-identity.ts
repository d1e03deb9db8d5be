import { Redis } from 'ioredis';
import { Client } from 'pg';

/** The install a database belongs to (its `installation` row, carried by every dump and copy). */
export interface Install {
  id: string;
  /** Its Redis prefix when REDIS_PREFIX is not set. */
  redisPrefix: string;
}

/** What start found under the prefix: its install's id just written, or already there. */
export type RedisClaim = 'claimed' | 'ours';

/** The key, under the prefix, that names the install whose keys these are. */
export const INSTALL_KEY = 'install';
/**
 * The key, under the prefix, each running replica keeps fresh with the database it serves: a copy of
 * the install's database (a staging clone) started on the same prefix meanwhile is refused.
 */
export const LIVE_KEY = 'install:live';
export const LIVE_TTL_MS = 60_000;

/** Redis belongs to another install, or to another running copy of this one: the API does not start. */
export class InstallConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallConflict';
  }
}

export async function readInstall(databaseUrl: string): Promise<Install> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string; redis_prefix: string }>(
      `SELECT id, redis_prefix FROM installation`,
    );
    const row = rows[0];
    if (!row) throw new Error('the installation row is missing (its migration writes it)');
    return { id: row.id, redisPrefix: row.redis_prefix };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where a database is, without its credentials: `host:port/name`. */
export function databasePlace(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}

/**
 * Makes sure the Redis keys under `prefix` are this install's: writes the install's id beside them
 * when none is there, and refuses (InstallConflict, a sentence saying what to do) when another
 * install's id is, or when another database of this install (a copy) is running on them. A database
 * restored from this install's own backup is the same install: its job ids are unique for all time
 * (queues.ts recordKey), so what Redis remembers of the old one is never taken for something new.
 */
export async function claimRedis(
  redisUrl: string,
  prefix: string,
  install: Install,
  databaseUrl: string,
): Promise<RedisClaim> {
  const redis = new Redis(redisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 3, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const written = await redis.set(INSTALL_KEY, install.id, 'NX');
    const holder = written ? install.id : await redis.get(INSTALL_KEY);
    if (holder !== install.id) {
      throw new InstallConflict(
        `Kort cannot start: the Redis keys under "${prefix}" belong to another Kort install (${holder}), and this database is install ${install.id}. ` +
          `Two installs never share keys: give this one a REDIS_PREFIX of its own (or leave REDIS_PREFIX unset), or, if that install is gone for good, delete its keys first ` +
          `(redis-cli --scan --pattern '${prefix}*' | xargs redis-cli del).`,
      );
    }
    const live = await redis.get(LIVE_KEY);
    const here = databasePlace(databaseUrl);
    if (live !== null && live !== here) {
      throw new InstallConflict(
        `Kort cannot start: another copy of this install's database (${live}) is running on the Redis keys under "${prefix}", and this one is ${here}. ` +
          `Give this one a REDIS_PREFIX of its own (a staging copy), or stop the other one first (a restore that replaces it).`,
      );
    }
    return written ? 'claimed' : 'ours';
  } finally {
    redis.disconnect();
  }
}
