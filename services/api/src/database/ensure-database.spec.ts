import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from './ensure-database';

// Creating and dropping a database puts its name into SQL as an identifier: a name that could close
// the quotes is refused before any connection is made.

const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const urlOf = (name: string) => Object.assign(new URL(server), { pathname: `/${encodeURIComponent(name)}` }).toString();

async function exists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

it('creates a missing database once and drops it', async () => {
  const name = `kort_ensure_${process.pid}_${Date.now().toString(36)}`;
  expect(await ensureDatabase(urlOf(name))).toBe(true);
  expect(await ensureDatabase(urlOf(name))).toBe(false);
  expect(await exists(name)).toBe(true);
  await dropDatabase(urlOf(name));
  expect(await exists(name)).toBe(false);
});

it.each(['kort"; DROP DATABASE postgres; --', 'a b', '', 'x'.repeat(64)])(
  'refuses the name %j for both calls, before connecting',
  async (name) => {
    // An unreachable server: a call that got past the name check would fail with ECONNREFUSED instead.
    const url = urlOf(name).replace(`:${server.port || 5432}`, ':1');
    await expect(dropDatabase(url)).rejects.toThrow(/Unusual database name/);
    await expect(ensureDatabase(url)).rejects.toThrow(/Unusual database name/);
  },
);
