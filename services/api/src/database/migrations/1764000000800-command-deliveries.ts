import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * commands.deliveries: how many times the API sent a command to its agent
 * (docs/decisions/0085-command-redelivery.md). More than one: a delivery lost on the way (a
 * broadcast while Redis came back) was sent again with the same id, which the agent acknowledges
 * without running twice. Null: a row the agent wrote, or one from before.
 */
export class CommandDeliveries1764000000800 implements MigrationInterface {
  name = 'CommandDeliveries1764000000800';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE commands ADD COLUMN deliveries integer CHECK (deliveries >= 0)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE commands DROP COLUMN deliveries`);
  }
}
