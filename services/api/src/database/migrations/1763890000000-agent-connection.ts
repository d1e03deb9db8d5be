import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which connection made the site's agent "online" (its socket id). A disconnect, or the
 * reconciliation, marks the site offline only if that connection is still the registered one, so
 * an old socket's late disconnect can never mark a newer agent offline.
 */
export class AgentConnection1763890000000 implements MigrationInterface {
  name = 'AgentConnection1763890000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites ADD COLUMN agent_connection text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites DROP COLUMN agent_connection`);
  }
}
