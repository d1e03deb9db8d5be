import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How the site's agent drives its relays, as its last snapshot said: the dashboard marks
 * a simulated agent, on which "Дверь открыта!" moves nothing. Null until an agent reports it.
 */
export class AgentDriver1763870000000 implements MigrationInterface {
  name = 'AgentDriver1763870000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE sites ADD COLUMN agent_driver text CHECK (agent_driver IN ('gpio-chardev', 'gpio-sysfs', 'simulated'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites DROP COLUMN agent_driver`);
  }
}
