import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type AdminAgentRelease,
  AGENT_VERSION_PATTERN,
  FleetError,
  type ReleaseManifest,
  ROLLOUT_STAGES,
  type RolloutBody,
  SiteError,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { checkBundle } from './bundle-check';
import { type FleetSite, progressOf, type RolloutRow, siteView } from './rollout-rules';

interface ReleaseRow {
  version: string;
  manifest: ReleaseManifest;
  sha256: string;
  size: number;
  uploaded_at: Date;
  uploaded_by: string | null;
}

/** Namespace of the advisory lock under which the rollout changes: by an owner, or by the ticker. */
export const ROLLOUT_LOCK = 0x726f6c6c; // 'roll'

/** Bundles kept in memory per replica: a rollout's and the one before it, which its agents download. */
const BUNDLES_KEPT = 2;

/**
 * Agent releases and their rollouts (tables agent_releases, agent_rollouts; docs/decisions/
 * 0101-agent-bundle.md, 0106-staged-rollouts.md): the owner uploads a signed bundle, then moves a
 * rollout through its stages, halts, resumes or rolls it back. One rollout is in force at a time:
 * the latest one started. Its stage machine runs in releases/rollout-ticker.ts.
 */
@Injectable()
export class AgentReleasesService {
  private readonly logger = new Logger('AgentReleases');
  /** A release's bundle never changes (the version is its key): a stage's agents share one read. */
  private readonly bundles = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async upload(owner: User, bundle: Buffer): Promise<AdminAgentRelease> {
    const key = this.config.agentUpdates.publicKey;
    if (!key) throw new KortError(FleetError.UpdatesOff);
    if (bundle.length === 0) throw new KortError(FleetError.BundleInvalid);
    const checked = await checkBundle(bundle, key);
    const { manifest } = checked;
    const inserted = await this.db.query<{ version: string }[]>(
      `INSERT INTO agent_releases (version, manifest, signature, bundle, sha256, size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (version) DO NOTHING RETURNING version`,
      [manifest.version, manifest, checked.signature, bundle, checked.sha256, bundle.length, owner.id],
    );
    if (inserted.length === 0) throw new KortError(FleetError.ReleaseExists);
    this.logger.log(
      { version: manifest.version, size: bundle.length, sha256: checked.sha256, owner: owner.id },
      'agent release uploaded',
    );
    return this.get(manifest.version);
  }

  async list(): Promise<AdminAgentRelease[]> {
    const releases = await this.releaseRows();
    const [rollouts, sites] = await Promise.all([this.rollouts(), this.fleet()]);
    return releases.map((release) => this.view(release, rollouts.get(release.version) ?? null, sites));
  }

  async get(version: string): Promise<AdminAgentRelease> {
    const [release] = AGENT_VERSION_PATTERN.test(version) ? await this.releaseRows(version) : [];
    if (!release) throw new KortError(FleetError.ReleaseNotFound);
    const [rollouts, sites, active] = await Promise.all([this.rollouts(), this.fleet(), this.activeRollout()]);
    // Each site's target is the rollout in force's (a superseded rollout's would be stale), with
    // this release's refusals and rollbacks shown where they happened.
    return {
      ...this.view(release, rollouts.get(version) ?? null, sites),
      sites: sites.map((site) => siteView(site, active, version)),
    };
  }

  /** The bundle of `version`, for a site's agent (its token checked by the request gate: 'agent-token'). */
  async bundleOf(version: string): Promise<Buffer> {
    const bundle = await this.bundle(version);
    if (!bundle) throw new KortError(FleetError.ReleaseNotFound);
    return bundle;
  }

  /**
   * The bundle's bytes, or null when there is no such release. A stage tells hundreds of agents at
   * once: they share the bundle read once on this replica, not one read of megabytes each.
   */
  bundle(version: string): Promise<Buffer | null> {
    if (!AGENT_VERSION_PATTERN.test(version)) return Promise.resolve(null);
    const kept = this.bundles.get(version);
    if (kept) {
      this.bundles.delete(version);
      this.bundles.set(version, kept); // the most recently used last
      return kept;
    }
    const read = this.db
      .query<{ bundle: Buffer }[]>(`SELECT bundle FROM agent_releases WHERE version = $1`, [version])
      .then(([row]) => row?.bundle ?? null);
    this.bundles.set(version, read);
    // Neither a failed read nor a version not there (yet) is kept.
    void read.then(
      (bundle) => bundle ?? this.bundles.delete(version),
      () => this.bundles.delete(version),
    );
    for (const old of this.bundles.keys()) if (this.bundles.size > BUNDLES_KEPT) this.bundles.delete(old);
    return read;
  }

  /** Starts, moves, halts, resumes or rolls back the rollout of `version`. */
  async rollout(owner: User, version: string, body: RolloutBody): Promise<AdminAgentRelease> {
    // Not a version (a path of anything, NUL included): no release, and nothing asked of PostgreSQL.
    if (!AGENT_VERSION_PATTERN.test(version)) throw new KortError(FleetError.ReleaseNotFound);
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1, 0)`, [ROLLOUT_LOCK]);
      const [release] = await tx.query<{ version: string }[]>(`SELECT version FROM agent_releases WHERE version = $1`, [
        version,
      ]);
      if (!release) throw new KortError(FleetError.ReleaseNotFound);
      if (body.site_ids) await this.knownSites(tx, body.site_ids);
      const active = await this.activeRollout(tx);
      const own = active?.version === version ? active : null;
      if (body.rollback) return this.rollBack(tx, own, version);
      if (own && (body.halt || body.resume || body.percent !== undefined)) {
        // A new stage, or a resume, starts its wait (ROLLOUT_STAGE_MIN) and its count of rollbacks anew.
        await tx.query(
          `UPDATE agent_rollouts SET state = $2, halted_reason = $3, percent = $4, force = $5,
                  stage_started_at = CASE WHEN percent <> $4 OR $6 THEN now() ELSE stage_started_at END
            WHERE version = $1`,
          [
            version,
            body.halt ? 'halted' : 'running',
            body.halt ? 'Остановлен владельцем' : null,
            body.percent ?? own.percent,
            body.force ?? own.force,
            !body.halt && body.resume === true,
          ],
        );
        return;
      }
      if (active && active !== own && (active.state === 'running' || active.state === 'halted'))
        throw new KortError(FleetError.RolloutBusy);
      // A new rollout: what every site not yet reached keeps is the release in force before it. The
      // same release started again keeps the one it had.
      const previous = own
        ? own.previous_version
        : active
          ? active.state === 'rolled-back'
            ? active.previous_version
            : active.version
          : null;
      const stages = [...new Set(body.stages ?? ROLLOUT_STAGES)].sort((a, b) => a - b);
      await tx.query(
        `INSERT INTO agent_rollouts (version, state, percent, stages, site_ids, force, previous_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (version) DO UPDATE SET state = EXCLUDED.state, percent = EXCLUDED.percent,
           stages = EXCLUDED.stages, site_ids = EXCLUDED.site_ids, force = EXCLUDED.force,
           previous_version = EXCLUDED.previous_version, started_at = now(), stage_started_at = now(),
           halted_reason = NULL`,
        [
          version,
          body.halt ? 'halted' : 'running',
          body.percent ?? stages[0] ?? 100,
          stages,
          body.site_ids ?? null,
          body.force ?? false,
          previous === version ? null : previous,
        ],
      );
    });
    this.logger.log({ version, owner: owner.id, change: body }, 'agent rollout changed');
    return this.get(version);
  }

  private async rollBack(tx: EntityManager, own: RolloutRow | null, version: string): Promise<void> {
    if (!own?.previous_version) throw new KortError(FleetError.NoPreviousRelease);
    await tx.query(
      `UPDATE agent_rollouts SET state = 'rolled-back', halted_reason = 'Откат на предыдущую версию для всех'
        WHERE version = $1`,
      [version],
    );
  }

  /** A rollout names sites that exist (an id PostgreSQL's text cannot hold is no site either). */
  private async knownSites(tx: EntityManager, ids: string[]): Promise<void> {
    const asked = [...new Set(ids)];
    const [found] = asked.some((id) => id.includes('\0'))
      ? [{ n: -1 }]
      : await tx.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sites WHERE id = ANY($1::text[])`, [asked]);
    if (found?.n !== asked.length) throw new KortError(SiteError.NotFound);
  }

  /** The rollout in force: the latest one started. */
  async activeRollout(manager: EntityManager | DataSource = this.db): Promise<RolloutRow | null> {
    const [row] = await manager.query<RolloutRow[]>(
      `SELECT version, state, percent, stages, site_ids, force, previous_version, started_at, stage_started_at,
              halted_reason
         FROM agent_rollouts ORDER BY started_at DESC, version DESC LIMIT 1`,
    );
    return row ?? null;
  }

  /** Every site (or the one named) with its agent's version and its last update report. */
  async fleet(manager: EntityManager | DataSource = this.db, siteId?: string): Promise<FleetSite[]> {
    return manager.query<FleetSite[]>(
      `SELECT s.id, s.name, s.online, s.last_seen_at, s.agent_version, u.version AS update_version,
              u.state AS update_state,
              u.why, u.detail, u.healthy_since, u.updated_at
         FROM sites s LEFT JOIN agent_updates u ON u.site_id = s.id
        WHERE $1::text IS NULL OR s.id = $1
        ORDER BY s.name, s.id`,
      [siteId ?? null],
    );
  }

  private async rollouts(): Promise<Map<string, RolloutRow>> {
    const rows = await this.db.query<RolloutRow[]>(
      `SELECT version, state, percent, stages, site_ids, force, previous_version, started_at, stage_started_at,
              halted_reason
         FROM agent_rollouts`,
    );
    return new Map(rows.map((row) => [row.version, row]));
  }

  private releaseRows(version?: string): Promise<ReleaseRow[]> {
    return this.db.query<ReleaseRow[]>(
      `SELECT r.version, r.manifest, r.sha256, r.size, r.uploaded_at, u.name AS uploaded_by
         FROM agent_releases r LEFT JOIN users u ON u.id = r.uploaded_by
        WHERE $1::text IS NULL OR r.version = $1
        ORDER BY r.uploaded_at DESC, r.version DESC`,
      [version ?? null],
    );
  }

  private view(release: ReleaseRow, rollout: RolloutRow | null, sites: FleetSite[]): AdminAgentRelease {
    return {
      id: release.version,
      version: release.version,
      min_api_version: release.manifest.minApiVersion,
      platforms: release.manifest.platforms,
      size: release.size,
      sha256: release.sha256,
      uploaded_at: release.uploaded_at.toISOString(),
      uploaded_by: release.uploaded_by,
      rollout: rollout && {
        state: rollout.state,
        percent: rollout.percent,
        stages: rollout.stages,
        site_ids: rollout.site_ids,
        force: rollout.force,
        started_at: rollout.started_at.toISOString(),
        stage_started_at: rollout.stage_started_at.toISOString(),
        halted_reason: rollout.halted_reason,
        previous_version: rollout.previous_version,
        progress: progressOf(rollout, sites),
      },
    };
  }
}
