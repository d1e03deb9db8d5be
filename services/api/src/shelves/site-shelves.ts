import type { EntityManager } from 'typeorm';
import { EQUIPMENT_SHELVES, PLAYER_SHELVES } from '@kort/contracts';

/**
 * Gives a site the standard storage: shelves 1-9 for rent and equipment compartments 10-11, wired
 * to its agent's relays `shelf-1` … `shelf-11` (a new site gets them when it is created). Idempotent:
 * a shelf the site already has keeps its block and marks.
 */
export async function installShelves(db: Pick<EntityManager, 'query'>, siteId: string): Promise<void> {
  const ids = [...PLAYER_SHELVES, ...EQUIPMENT_SHELVES];
  await db.query(
    `INSERT INTO shelves (site_id, id, kind)
     SELECT $1, id, CASE WHEN id = ANY($3::int[]) THEN 'equipment' ELSE 'shelf' END FROM unnest($2::int[]) AS id
     ON CONFLICT (site_id, id) DO NOTHING`,
    [siteId, ids, [...EQUIPMENT_SHELVES]],
  );
}
