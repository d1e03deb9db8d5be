import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { DataSource, type EntityManager } from 'typeorm';
import { EDGE_EVENTS, type ReleaseTarget } from '@kort/contracts';
import { AppConfig } from '../config/app-config';
import { AGENT_CONNECTS_PER_SECOND } from '../devices/agent-admission';
import { EdgeGateway, siteRoom } from '../devices/edge.gateway';
import { OutboxService, type OutboxHandler } from '../devices/outbox.service';
import { AgentReleasesService, ROLLOUT_LOCK } from './agent-releases.service';
import { judgeStage, type RolloutRow, targetOf } from './rollout-rules';

/** How often every replica looks at the rollout (one at a time does the work, under a lock). */
export const ROLLOUT_TICK_MS = 2_000;

/**
 * Bytes of new bundles one replica's agents may be told to download per second. A told agent
 * downloads its bundle (a few megabytes) and restarts into it, reconnecting: a stage of hundreds
 * told at once would download hundreds of megabytes at once through the API's uplink, beside the
 * players, and most of its reconnects would be deferred past AGENT_CONNECTS_PER_SECOND. 4 MB/s is a
 * third of a 100 Mbit/s uplink per replica; a thousand agents with a 1.5 MB bundle are told in
 * about three minutes on two replicas (beside a stage's ROLLOUT_STAGE_MIN, 30 minutes), and a halt
 * stops a stage's tail before it was told.
 */
export const TELL_BYTES_PER_SECOND = 4 * 1024 * 1024;
/** A tell costs its bundle's size, and at least this: never more tells than the replica takes connects. */
const TELL_MIN_BYTES = TELL_BYTES_PER_SECOND / AGENT_CONNECTS_PER_SECOND;
/** The most a replica tells at once after a quiet spell: one look's worth. */
const TELL_BURST_BYTES = (TELL_BYTES_PER_SECOND * ROLLOUT_TICK_MS) / 1000;

/** The API's own version, told to agents with their target (a manifest's minApiVersion is checked against it). */
export const API_VERSION = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The rollout's moving parts (docs/decisions/0106-staged-rollouts.md): the stage machine on a tick
 * (halt, next stage, complete), each agent's target sent on connect and whenever it changes, and
 * the agents' update reports (update.installed / refused / rolled-back, from their outbox) kept per
 * site in agent_updates, in the outbox batch's transaction.
 */
@Injectable()
export class RolloutTicker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AgentRollout');
  private timer?: NodeJS.Timeout;
  private connects?: Subscription;
  /** The target each site was last told from this replica ("" for none), so only changes are sent. */
  private readonly told = new Map<string, string>();
  private ticking: Promise<void> | null = null;
  /** Bytes of tells left (filled at TELL_BYTES_PER_SECOND up to TELL_BURST_BYTES) and when last filled. */
  private tells = { bytes: TELL_BURST_BYTES, at: Date.now() };

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly releases: AgentReleasesService,
    private readonly edge: EdgeGateway,
    outbox: OutboxService,
  ) {
    outbox.onApplied(this.applyReports);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), ROLLOUT_TICK_MS);
    this.timer.unref();
    this.connects = this.edge.connected.subscribe((siteId) => void this.tellOne(siteId));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.connects?.unsubscribe();
  }

  /** One look at the rollout; concurrent calls share it. */
  tick(): Promise<void> {
    this.ticking ??= this.look()
      .catch((error: unknown) => this.logger.warn({ error: String(error) }, 'rollout not looked at'))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async look(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1, 0) AS locked`, [
        ROLLOUT_LOCK,
      ]);
      if (!lock?.locked) return;
      const rollout = await this.releases.activeRollout(tx);
      if (!rollout) return;
      const sites = await this.releases.fleet(tx);
      const verdict = judgeStage(rollout, sites, Date.now(), this.config.agentUpdates.stageMinutes * 60_000);
      if (verdict.kind === 'halt') {
        await tx.query(`UPDATE agent_rollouts SET state = 'halted', halted_reason = $2 WHERE version = $1`, [
          rollout.version,
          verdict.reason,
        ]);
        this.logger.error({ version: rollout.version, reason: verdict.reason }, 'agent rollout halted by itself');
      } else if (verdict.kind === 'advance') {
        await tx.query(`UPDATE agent_rollouts SET percent = $2, stage_started_at = now() WHERE version = $1`, [
          rollout.version,
          verdict.percent,
        ]);
        this.logger.log({ version: rollout.version, percent: verdict.percent }, 'agent rollout: next stage');
      } else if (verdict.kind === 'complete') {
        await tx.query(`UPDATE agent_rollouts SET state = 'complete' WHERE version = $1`, [rollout.version]);
        this.logger.log({ version: rollout.version }, 'agent rollout complete');
      }
    });
    await this.tellChanged();
  }

  /**
   * Tells every site whose target changed since this replica last looked, if its agent is connected
   * here: each replica tells its own agents (one that moves hears its target on connect), so an
   * agent hears a change once, not once per replica. Paced to TELL_BYTES_PER_SECOND: the others are
   * told at the next looks.
   */
  async tellChanged(): Promise<void> {
    const rollout = await this.releases.activeRollout();
    if (!rollout) return; // none ever started: nobody has a target
    const sites = await this.releases.fleet();
    const targets = await this.targets(rollout);
    const here = this.edge.server.adapter.rooms;
    for (const site of sites) {
      const version = targetOf(rollout, site);
      const key = version ? `${version}:${rollout.force}` : '';
      if (this.told.get(site.id) === key) continue;
      const target = version ? targets.get(version) : undefined;
      if (target && here.has(siteRoom(site.id))) {
        if (!this.takeTell(target.size)) continue;
        this.edge.server.local.to(siteRoom(site.id)).emit(EDGE_EVENTS.release, { ...target, force: rollout.force });
      }
      this.told.set(site.id, key);
    }
  }

  /** Whether a tell of a `size`-byte bundle fits the pace now (one past the burst leaves a debt the next seconds pay). */
  private takeTell(size: number): boolean {
    const now = Date.now();
    const bytes = this.tells.bytes + ((now - this.tells.at) / 1000) * TELL_BYTES_PER_SECOND;
    this.tells = { bytes: Math.min(TELL_BURST_BYTES, bytes), at: now };
    if (this.tells.bytes <= 0) return false;
    this.tells.bytes -= Math.max(size, TELL_MIN_BYTES);
    return true;
  }

  /** A site's agent connected: it hears its target, whatever it was told before. */
  private async tellOne(siteId: string): Promise<void> {
    try {
      const rollout = await this.releases.activeRollout();
      if (!rollout) return;
      // One site's row: a fleet reconnecting after a restart is a thousand of these.
      const [site] = await this.releases.fleet(undefined, siteId);
      const version = site ? targetOf(rollout, site) : null;
      if (!version) return;
      const target = (await this.targets(rollout)).get(version);
      if (target)
        this.edge.server.local.to(siteRoom(siteId)).emit(EDGE_EVENTS.release, { ...target, force: rollout.force });
    } catch (error) {
      this.logger.warn({ site: siteId, error: String(error) }, 'agent target not sent');
    }
  }

  private async targets(rollout: RolloutRow | null): Promise<Map<string, ReleaseTarget>> {
    const versions = [rollout?.version, rollout?.previous_version].filter((v): v is string => !!v);
    if (!versions.length) return new Map();
    const rows = await this.db.query<{ version: string; sha256: string; size: number }[]>(
      `SELECT version, sha256, size FROM agent_releases WHERE version = ANY($1::text[])`,
      [versions],
    );
    return new Map(
      rows.map((row) => [
        row.version,
        { version: row.version, sha256: row.sha256, size: row.size, apiVersion: API_VERSION, force: false },
      ]),
    );
  }

  /** update.* reports from an agent's outbox: the site's last word on an update (its newest report wins). */
  private readonly applyReports: OutboxHandler = async (tx: EntityManager, siteId, events) => {
    const reports = events.filter((event) => event.kind.startsWith('update.') && event.params.version);
    for (const event of reports) {
      const state =
        event.kind === 'update.installed' ? 'current' : event.kind === 'update.refused' ? 'refused' : 'rolled-back';
      await tx.query(
        `INSERT INTO agent_updates (site_id, version, state, why, detail, healthy_since, updated_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $3 = 'current' THEN to_timestamp($6 / 1000.0) END, to_timestamp($6 / 1000.0))
         ON CONFLICT (site_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state, why = EXCLUDED.why,
           detail = EXCLUDED.detail, healthy_since = EXCLUDED.healthy_since, updated_at = EXCLUDED.updated_at
         WHERE agent_updates.updated_at <= EXCLUDED.updated_at`,
        [siteId, event.params.version, state, event.params.why ?? null, event.params.detail ?? null, event.at],
      );
      const log = state === 'current' ? 'log' : 'warn';
      this.logger[log](
        { site: siteId, version: event.params.version, state, why: event.params.why, detail: event.params.detail },
        'agent update report',
      );
    }
  };
}
