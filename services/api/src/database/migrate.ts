import type { DataSource } from 'typeorm';
import { ensureDatabase } from './ensure-database';
import { seed } from './seed';

/** Creates the database if missing, applies pending migrations, then (unless told not to) seeds. */
export async function prepareDatabase(
  databaseUrl: string,
  open: () => Promise<DataSource>,
  options: { seed: boolean },
): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const db = await open();
  try {
    const applied = await db.runMigrations({ transaction: 'each' });
    if (options.seed) await seed(db);
    return applied.map((migration) => migration.name);
  } finally {
    await db.destroy();
  }
}
