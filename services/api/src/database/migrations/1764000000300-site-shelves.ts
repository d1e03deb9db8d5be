import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each site has its own shelves 1-9 and equipment compartments 10-11, numbered as its agent's relays
 * (`shelf-<n>`): a shelf is (site_id, id). Rentals and loans carry their shelf's site. A player
 * rents one shelf per site (at most one at each club they play at); one live rental per shelf and
 * one live loan per compartment, at each site. Today's rows are the default site's, unchanged.
 */
export class SiteShelves1764000000300 implements MigrationInterface {
  name = 'SiteShelves1764000000300';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['shelf_rentals', 'equipment_loans']) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN site_id text`);
      await db.query(`UPDATE ${table} t SET site_id = s.site_id FROM shelves s WHERE s.id = t.shelf_id`);
      await db.query(`ALTER TABLE ${table} ALTER COLUMN site_id SET NOT NULL`);
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_shelf_id_fkey`);
    }
    await db.query(`DROP INDEX shelves_site_idx`);
    await db.query(`ALTER TABLE shelves DROP CONSTRAINT shelves_pkey, ADD PRIMARY KEY (site_id, id)`);
    for (const table of ['shelf_rentals', 'equipment_loans']) {
      await db.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_shelf_fkey FOREIGN KEY (site_id, shelf_id) REFERENCES shelves (site_id, id)`,
      );
    }
    await db.query(`DROP INDEX shelf_rentals_live_shelf`);
    await db.query(`DROP INDEX shelf_rentals_live_user`);
    await db.query(`DROP INDEX equipment_loans_live_shelf`);
    await db.query(
      `CREATE UNIQUE INDEX shelf_rentals_live_shelf ON shelf_rentals (site_id, shelf_id) WHERE ended_at IS NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX shelf_rentals_live_user ON shelf_rentals (site_id, user_id) WHERE ended_at IS NULL`,
    );
    // An account that ends releases its rentals at every site.
    await db.query(`CREATE INDEX shelf_rentals_user_live_idx ON shelf_rentals (user_id) WHERE ended_at IS NULL`);
    await db.query(
      `CREATE UNIQUE INDEX equipment_loans_live_shelf ON equipment_loans (site_id, shelf_id) WHERE ended_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM equipment_loans WHERE site_id <> 'default'`);
    await db.query(`DELETE FROM shelf_rentals WHERE site_id <> 'default'`);
    await db.query(`DELETE FROM shelves WHERE site_id <> 'default'`);
    await db.query(`DROP INDEX equipment_loans_live_shelf`);
    await db.query(`DROP INDEX shelf_rentals_user_live_idx`);
    await db.query(`DROP INDEX shelf_rentals_live_user`);
    await db.query(`DROP INDEX shelf_rentals_live_shelf`);
    for (const table of ['shelf_rentals', 'equipment_loans']) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_shelf_fkey`);
    }
    await db.query(`ALTER TABLE shelves DROP CONSTRAINT shelves_pkey, ADD PRIMARY KEY (id)`);
    await db.query(`CREATE INDEX shelves_site_idx ON shelves (site_id, id)`);
    for (const table of ['shelf_rentals', 'equipment_loans']) {
      await db.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_shelf_id_fkey FOREIGN KEY (shelf_id) REFERENCES shelves (id)`,
      );
      await db.query(`ALTER TABLE ${table} DROP COLUMN site_id`);
    }
    await db.query(`CREATE UNIQUE INDEX shelf_rentals_live_shelf ON shelf_rentals (shelf_id) WHERE ended_at IS NULL`);
    await db.query(`CREATE UNIQUE INDEX shelf_rentals_live_user ON shelf_rentals (user_id) WHERE ended_at IS NULL`);
    await db.query(
      `CREATE UNIQUE INDEX equipment_loans_live_shelf ON equipment_loans (shelf_id) WHERE ended_at IS NULL`,
    );
  }
}
