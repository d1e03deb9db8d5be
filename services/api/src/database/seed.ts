import type { DataSource } from 'typeorm';
import { DEFAULT_COURT_RULES, SETTING_COURT_RULES } from '../rules/court-rules';

/**
 * Reference data every installation needs. Idempotent: an admin's edits are never overwritten.
 * Later issues add shelves and equipment here.
 */
export async function seed(db: DataSource): Promise<void> {
  await db.query(`INSERT INTO courts (id, name) VALUES (1, 'Корт 1'), (2, 'Корт 2') ON CONFLICT (id) DO NOTHING`);
  await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    SETTING_COURT_RULES,
    DEFAULT_COURT_RULES,
  ]);
}
