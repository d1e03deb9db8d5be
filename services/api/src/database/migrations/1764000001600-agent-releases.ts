import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent releases and their rollouts (docs/decisions/0101-agent-bundle.md, 0106-staged-rollouts.md).
 * A release and a rollout belong to the install, not to a club: one bundle serves every site, and a
 * rollout names the sites it reaches. What each site's agent made of an update is the site's own
 * (`agent_updates`, keyed by site_id).
 */
export class AgentReleases1764000001600 implements MigrationInterface {
  name = 'AgentReleases1764000001600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agent_releases (
        version text PRIMARY KEY,
        manifest jsonb NOT NULL,
        signature text NOT NULL,
        bundle bytea NOT NULL,
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        size integer NOT NULL CHECK (size > 0),
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        uploaded_by integer REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`
      CREATE TABLE agent_rollouts (
        version text PRIMARY KEY REFERENCES agent_releases (version),
        state text NOT NULL CHECK (state IN ('running', 'halted', 'complete', 'rolled-back')),
        percent integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
        stages integer[] NOT NULL,
        site_ids text[],
        force boolean NOT NULL DEFAULT false,
        previous_version text REFERENCES agent_releases (version),
        started_at timestamptz NOT NULL DEFAULT now(),
        stage_started_at timestamptz NOT NULL DEFAULT now(),
        halted_reason text
      )`);
    await db.query(`
      CREATE TABLE agent_updates (
        site_id text PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
        version text NOT NULL,
        state text NOT NULL CHECK (state IN ('current', 'refused', 'rolled-back')),
        why text,
        detail text,
        healthy_since timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agent_updates`);
    await db.query(`DROP TABLE agent_rollouts`);
    await db.query(`DROP TABLE agent_releases`);
  }
}
