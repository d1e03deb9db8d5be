// A journey's database, copied from a migrated and seeded template instead of migrated afresh:
// `npm start` then finds it up to date (its migrate step takes about 1 s instead of 2.6 s, once per
// product a journey starts). The template is named after a hash of the compiled API and contracts,
// so a change to a migration or to the seed makes a new one; the first file that needs it builds it
// under an advisory lock while the others wait, and drops the templates of earlier builds.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The API's own modules, and the TypeORM they were compiled against.
const apiRequire = createRequire(join(root, 'services/api/dist/'));
// Creating, copying and dropping with the API's own helpers (their check of a database's name included).
const { copyDatabase, dropDatabase } = apiRequire('./database/ensure-database.js');
const PREFIX = 'kort_e2e_tpl_';
/** Any fixed number: the lock every journey takes while it builds or copies the template. */
const LOCK = 40_460_001;

function* scripts(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* scripts(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

let digest;
/** What the migrations and the seed are made of: every compiled script of the API and the contracts. */
function buildHash() {
  if (digest) return digest; // once per process: a fault journey starts several products
  const hash = createHash('sha256');
  for (const folder of ['services/api/dist', 'services/contracts/dist']) {
    for (const path of [...scripts(join(root, folder))].sort()) {
      hash.update(path.slice(root.length)).update('\0').update(readFileSync(path)).update('\0');
    }
  }
  digest = hash.digest('hex').slice(0, 16);
  return digest;
}

/**
 * Creates `name` on the server of `serverUrl` (a URL of its maintenance database) as a copy of the
 * template of today's build, building the template first when no journey has yet.
 */
export async function createFromTemplate(serverUrl, name) {
  const template = `${PREFIX}${buildHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!found.rowCount) {
      const stale = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2', [
        `${PREFIX}%`,
        template,
      ]);
      for (const { datname } of stale.rows) {
        // An earlier build's; another run still copying from it keeps it (and drops it next time).
        await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
      }
      await migrateAndSeed(serverUrl, template);
    }
    await copyDatabase(urlOf(serverUrl, template), urlOf(serverUrl, name));
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
function urlOf(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The template, made by the compiled API's own migrate-and-seed, as `npm start` makes a database. */
async function migrateAndSeed(serverUrl, name) {
  const { dataSourceOptions } = apiRequire('./database/data-source-options.js');
  const { prepareDatabase } = apiRequire('./database/migrate.js');
  const { DataSource } = apiRequire('typeorm');
  const databaseUrl = urlOf(serverUrl, name);
  try {
    await prepareDatabase(databaseUrl, () => new DataSource(dataSourceOptions(databaseUrl)).initialize(), {
      seed: true,
    });
  } catch (error) {
    // Half a template would be copied by every later journey: none is better.
    await dropDatabase(databaseUrl);
    throw error;
  }
}
