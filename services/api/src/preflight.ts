import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { AppConfig } from './config/app-config';
import { migrations } from './database/data-source-options';

const CONNECT_TIMEOUT_MS = 3000;
/** Errors that mean nothing is listening there (as opposed to a server that answered "no"). */
const NOT_RUNNING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'TIMEOUT']);

/** The service as `docker compose` names it, for the command in the message. */
type ComposeService = 'postgres' | 'redis';

export class PreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreflightError';
  }
}

/**
 * Checks, before anything else starts, that the services the API needs answer, and says in one
 * sentence what is wrong otherwise: a newcomer without Redis or an operator whose database was not
 * migrated gets the fix, not thirty seconds of retries and a stack trace.
 */
export async function preflight(
  config: AppConfig,
  needs: {
    /** 'server': PostgreSQL answers (the migrate command creates the database); 'migrated': the
     * database exists with every migration applied (the API). */
    postgres?: 'server' | 'migrated';
    redis?: boolean;
  },
): Promise<void> {
  const down: Array<[name: string, where: string, service: ComposeService]> = [];
  if (needs.postgres) {
    const problem = await postgresProblem(config.databaseUrl, needs.postgres === 'server');
    if (problem === 'not running') down.push(['PostgreSQL', new URL(config.databaseUrl).host, 'postgres']);
    else if (problem) throw new PreflightError(problem);
  }
  if (needs.redis && !(await redisAnswers(config.redisUrl))) {
    down.push(['Redis', new URL(config.redisUrl).host, 'redis']);
  }
  if (down.length) {
    const what = down.map(([name, where]) => `${name} is not running at ${where}`).join(' and ');
    const services = down.map(([, , service]) => service).join(' ');
    throw new PreflightError(
      `Kort cannot start: ${what}; start ${down.length > 1 ? 'them' : 'it'} with \`docker compose up -d ${services}\` (or point ${down
        .map(([name]) => (name === 'Redis' ? 'REDIS_URL' : 'DATABASE_URL'))
        .join(' and ')} at ${down.length > 1 ? 'running servers' : 'a running server'}).`,
    );
  }
  if (needs.postgres === 'migrated') await requireMigrated(config.databaseUrl);
}

/** `'not running'`, a sentence about what the server answered, or null when it accepts us. */
async function postgresProblem(databaseUrl: string, databaseMayBeMissing: boolean): Promise<string | null> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  try {
    await client.connect();
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === '3D000' && databaseMayBeMissing) return null;
    if (code === '3D000') {
      return `Kort cannot start: the database "${database}" does not exist yet; create and migrate it with \`npm run migrate:prod\` (\`npm run migrate\` in development).`;
    }
    if (!code || NOT_RUNNING.has(code) || /timeout/i.test(message)) return 'not running';
    return `Kort cannot start: PostgreSQL at ${new URL(databaseUrl).host} refused the connection (${message}); check DATABASE_URL.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(redisUrl: string): Promise<boolean> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Replicas never migrate: the separate migrate command runs first (README, "Upgrade"). */
async function requireMigrated(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const table = await client.query<{ present: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
    const applied = table.rows[0]?.present
      ? new Set((await client.query<{ name: string }>('SELECT name FROM migrations')).rows.map((row) => row.name))
      : new Set<string>();
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    if (pending.length) {
      throw new PreflightError(
        `Kort cannot start: the database has ${pending.length} migration(s) still to apply; run \`npm run migrate:prod\` (the compose service \`migrate\`) first.`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
