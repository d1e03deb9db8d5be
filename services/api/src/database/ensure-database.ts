import { Client } from 'pg';

/**
 * The database a URL names, and the URL of the server's maintenance database to create or drop it
 * from. The name goes into SQL as a quoted identifier, which cannot take a parameter: only names
 * of Latin letters, digits, `_` and `-` are accepted, so no name can close the quotes.
 */
function databaseOf(databaseUrl: string): { name: string; maintenanceUrl: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) throw new Error(`Unusual database name: ${JSON.stringify(name)}`);
  url.pathname = '/postgres';
  return { name, maintenanceUrl: url.toString() };
}

/** Creates the database named in the URL if it does not exist (first `npm start` on a machine). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const { name, maintenanceUrl } = databaseOf(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Drops the database named in the URL (tests' own databases), with the same check of its name. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { name, maintenanceUrl } = databaseOf(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database named in `databaseUrl` as a copy of `templateUrl`'s (tests: one migrated and
 * seeded database copied per test file, which takes a fraction of a second). Nobody may be
 * connected to the template while it is copied.
 */
export async function copyDatabase(templateUrl: string, databaseUrl: string): Promise<void> {
  const template = databaseOf(templateUrl);
  const { name, maintenanceUrl } = databaseOf(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
  } finally {
    await client.end();
  }
}
