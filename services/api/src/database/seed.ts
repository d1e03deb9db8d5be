import type { DataSource } from 'typeorm';
import { CLUB_SETTING_DEFAULTS } from '@kort/contracts';
import {
  DEFAULT_CLUB_CONTACTS,
  DEFAULT_COURT_RULES,
  DEFAULT_EQUIPMENT_NAMES,
  SETTING_CLUB_CONTACTS,
  SETTING_EQUIPMENT_NAMES,
  SETTING_COURT_RULES,
  SETTING_STORAGE_ENABLED,
} from '../rules/court-rules';

/**
 * Reference data every installation needs. Idempotent: an admin's edits are never overwritten.
 */
export async function seed(db: DataSource): Promise<void> {
  await db.query(
    `INSERT INTO courts (id, name, sort_order) VALUES (1, 'Корт 1', 1), (2, 'Корт 2', 2) ON CONFLICT (id) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2), ($3, 'true'), ($4, $5) ON CONFLICT (key) DO NOTHING`,
    [SETTING_COURT_RULES, DEFAULT_COURT_RULES, SETTING_STORAGE_ENABLED, SETTING_CLUB_CONTACTS, DEFAULT_CLUB_CONTACTS],
  );
  for (const [shelf, key] of Object.entries(SETTING_EQUIPMENT_NAMES)) {
    await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      key,
      DEFAULT_EQUIPMENT_NAMES[Number(shelf)],
    ]);
  }
  // The club's hours and quotas start as the spec's rules; the dashboard's settings change them.
  for (const [key, value] of Object.entries(CLUB_SETTING_DEFAULTS)) {
    await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      key,
      String(value),
    ]);
  }
  await db.query(
    `INSERT INTO shelves (id, kind) SELECT n, CASE WHEN n <= 9 THEN 'shelf' ELSE 'equipment' END
       FROM generate_series(1, 11) AS n ON CONFLICT (id) DO NOTHING`,
  );
}
