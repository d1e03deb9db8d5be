import type { EntityManager } from 'typeorm';
import { CLUB_SETTING_DEFAULTS, DEFAULT_SITE_ID, PAYMENT_SETTING_TEXTS } from '@kort/contracts';
import {
  DEFAULT_CLUB_CONTACTS,
  DEFAULT_COURT_RULES,
  DEFAULT_EQUIPMENT_NAMES,
  SETTING_CLUB_CONTACTS,
  SETTING_EQUIPMENT_NAMES,
  SETTING_COURT_RULES,
  SETTING_STORAGE_ENABLED,
} from '../rules/court-rules';

type Db = Pick<EntityManager, 'query'>;

/**
 * Reference data every installation needs: the default site's courts 1-2, shelves 1-9 and
 * equipment 10-11, and its settings. Idempotent: an admin's edits are never overwritten.
 */
export async function seed(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO courts (id, name, sort_order, site_id) VALUES (1, 'Корт 1', 1, $1), (2, 'Корт 2', 2, $1)
       ON CONFLICT (id) DO NOTHING`,
    [DEFAULT_SITE_ID],
  );
  await seedSettings(db, DEFAULT_SITE_ID);
  await db.query(
    `INSERT INTO shelves (id, kind, site_id) SELECT n, CASE WHEN n <= 9 THEN 'shelf' ELSE 'equipment' END, $1
       FROM generate_series(1, 11) AS n ON CONFLICT (site_id, id) DO NOTHING`,
    [DEFAULT_SITE_ID],
  );
}

/**
 * What a site the owner creates starts with: two courts and the spec's rules, hours and quotas
 * (its admin shapes them from there); its shelves come from shelves/site-shelves.ts.
 */
export async function seedNewSite(db: Db, siteId: string): Promise<void> {
  await db.query(`INSERT INTO courts (name, sort_order, site_id) VALUES ('Корт 1', 1, $1), ('Корт 2', 2, $1)`, [
    siteId,
  ]);
  await seedSettings(db, siteId);
}

async function seedSettings(db: Db, siteId: string): Promise<void> {
  const values: [string, string][] = [
    [SETTING_COURT_RULES, DEFAULT_COURT_RULES],
    [SETTING_STORAGE_ENABLED, 'true'],
    [SETTING_CLUB_CONTACTS, DEFAULT_CLUB_CONTACTS],
    ...Object.entries(SETTING_EQUIPMENT_NAMES).map(([shelf, key]): [string, string] => [
      key,
      DEFAULT_EQUIPMENT_NAMES[Number(shelf)] ?? '',
    ]),
    // The club's hours and quotas start as the spec's rules; the dashboard's settings change them.
    ...Object.entries(CLUB_SETTING_DEFAULTS).map(([key, value]): [string, string] => [key, String(value)]),
    // Payments: the refund rule, the hold and the receipts (used once the site has prices).
    ...Object.entries(PAYMENT_SETTING_TEXTS),
  ];
  await db.query(
    `INSERT INTO settings (site_id, key, value) SELECT $1, key, value FROM unnest($2::text[], $3::text[]) AS s (key, value)
       ON CONFLICT (site_id, key) DO NOTHING`,
    [siteId, values.map(([key]) => key), values.map(([, value]) => value)],
  );
}
