import { DataSource } from 'typeorm';
import { DATABASE_FUNCTIONS, DATABASE_TRIGGERS } from '../src/database/functions';
import { dataSourceOptions } from '../src/database/data-source-options';

// The logic that lives in PostgreSQL is read in src/database/functions/, not by replaying the
// migrations: the migrated database must hold exactly those functions and triggers.

let db: DataSource;

beforeAll(async () => {
  db = await new DataSource(dataSourceOptions(process.env.DATABASE_URL!)).initialize();
});
afterAll(() => db?.destroy());

/** The body between the dollar quotes, as PostgreSQL keeps it (`prosrc`). */
const bodyOf = (definition: string): string => {
  const match = /\$\$([\s\S]*)\$\$/.exec(definition);
  if (!match) throw new Error(`no $$ body in ${definition.slice(0, 80)}`);
  return match[1]!;
};

it('has every function of src/database/functions, each exactly as its file defines it', async () => {
  const rows = await db.query<{ name: string; body: string }[]>(
    `SELECT proname AS name, prosrc AS body FROM pg_proc
       WHERE pronamespace = 'public'::regnamespace AND proname LIKE 'kort\\_%' ORDER BY proname`,
  );
  expect(rows.map((row) => row.name)).toEqual(Object.keys(DATABASE_FUNCTIONS).sort());
  for (const row of rows)
    expect({ [row.name]: row.body }).toEqual({ [row.name]: bodyOf(DATABASE_FUNCTIONS[row.name]!) });
});

it('has every trigger of src/database/functions/index.ts and no other', async () => {
  const rows = await db.query<{ table: string; definition: string }[]>(
    `SELECT tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS definition FROM pg_trigger
       WHERE NOT tgisinternal ORDER BY 1, tgname`,
  );
  const found: Record<string, string[]> = {};
  for (const row of rows) (found[row.table] ??= []).push(row.definition);
  const sorted = (triggers: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(triggers).map(([table, list]) => [table, [...list].sort()]));
  expect(sorted(found)).toEqual(sorted(DATABASE_TRIGGERS));
});
