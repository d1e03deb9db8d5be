import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Subject } from 'rxjs';
import type { Repository } from 'typeorm';
import {
  DEFAULT_SITE_ID,
  RELAYS,
  type AgentSnapshot,
  type DeviceState,
  type DeviceStatus,
  type RelayId,
} from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import { Site } from '../sites/site.entity';
import type { SiteRef } from '../sites/site-ref';

/** Bounded: names of sites that do not exist must not grow it without end (a fleet fits). */
const TOKEN_CACHE_SIZE = 4096;

/**
 * The last known state of every site's devices, as the agent reported it, kept in Postgres so
 * every replica answers the same, and pushed to dashboards through `changes`.
 */
@Injectable()
export class DevicesService implements OnModuleInit {
  private readonly logger = new Logger('Devices');
  /** Each site's token hash as last read (authenticate); a re-key drops it on every replica. */
  private readonly tokenHashes: LocalCache<string | null>;
  /** Every change of a site's state; the /live gateway forwards it to dashboards. */
  readonly changes = new Subject<DeviceState>();
  /** A site whose agent token was replaced: the /edge gateway disconnects its agent everywhere. */
  readonly rekeyed = new Subject<string>();

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
  ) {
    this.tokenHashes = feed.cache('sites', { maxEntries: TOKEN_CACHE_SIZE });
  }

  /** EDGE_AGENT_TOKEN seeds (or re-keys) the default site's agent; the site is made in SITE_TIMEZONE if missing. */
  async onModuleInit(): Promise<void> {
    const tokenHash = this.config.edgeAgentToken ? hashToken(this.config.edgeAgentToken) : null;
    await this.sites.query(
      `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ($1, 'Корт', $1, $3, $2)
       ON CONFLICT (id) DO UPDATE SET token_hash = coalesce(EXCLUDED.token_hash, sites.token_hash)`,
      [DEFAULT_SITE_ID, tokenHash, this.config.siteTimezone],
    );
  }

  /**
   * A new agent token for a site (the owner's call): only its hash is kept; the old one stops
   * working at once on every replica (the change feed drops their cached hash), and the agent
   * connected with it is disconnected wherever it is (EdgeGateway hears `rekeyed`).
   */
  async rekey(siteId: string, token: string): Promise<void> {
    await this.sites.manager.transaction(async (tx) => {
      const changed = await tx.update(Site, siteId, { tokenHash: hashToken(token) });
      if (!changed.affected) throw new Error(`site ${siteId} does not exist`);
      await tx.query(`SELECT pg_notify('kort_changes', $1)`, [`sites:${siteId}`]);
    });
    this.feed.wrote('sites');
    this.rekeyed.next(siteId);
  }

  /**
   * The site an agent's token proves, or null. A wrong token is refused against the site's token
   * hash kept in memory (a site that does not exist too): a guesser costs a hash and a map lookup,
   * not a query. A token that matches is confirmed against the stored hash, so a token replaced a
   * moment ago is refused whichever replica the old agent reaches.
   */
  async authenticate(siteId: unknown, token: unknown): Promise<string | null> {
    if (typeof siteId !== 'string' || typeof token !== 'string' || siteId.length > 64) return null;
    const presented = hashToken(token);
    const cached = await this.tokenHashes.get(siteId, () => this.storedTokenHash(siteId));
    if (!cached || !safeEqual(cached, presented)) return null;
    const stored = await this.storedTokenHash(siteId);
    return stored && safeEqual(stored, presented) ? siteId : null;
  }

  private async storedTokenHash(siteId: string): Promise<string | null> {
    const site = await this.sites.findOne({ where: { id: siteId }, select: { id: true, tokenHash: true } });
    return site?.tokenHash ?? null;
  }

  /** Sites marked online, with the connection that marked them. */
  async onlineSites(): Promise<{ id: string; connection: string | null }[]> {
    const sites = await this.sites.find({ where: { online: true }, select: { id: true, agentConnection: true } });
    return sites.map((site) => ({ id: site.id, connection: site.agentConnection }));
  }

  /** The agent connected as `connection` (a socket id): it is the site's agent from now on. */
  async setOnline(siteId: string, connection: string): Promise<void> {
    await this.sites.update(siteId, { online: true, agentConnection: connection, lastSeenAt: new Date() });
    this.logger.log({ site: siteId }, 'agent online');
    await this.publishState(siteId);
  }

  /**
   * The agent connected as `connection` is gone. Nothing happens if another connection has become
   * the site's agent since: a disconnect that arrives late must not mark the newer agent offline.
   */
  async setOffline(siteId: string, connection: string | null): Promise<void> {
    const changed = await this.sites
      .createQueryBuilder()
      .update()
      .set({ online: false, lastSeenAt: new Date() })
      .where('id = :siteId AND online AND agent_connection IS NOT DISTINCT FROM :connection', { siteId, connection })
      .execute();
    if (!changed.affected) return;
    this.logger.log({ site: siteId }, 'agent offline');
    await this.publishState(siteId);
  }

  /**
   * The agent's connection answered its heartbeat (socket.io's ping, every 10 s): it was heard now.
   * The dashboards' "last signal" follows it live; a connection no longer the site's agent is ignored.
   */
  async heard(siteId: string, connection: string): Promise<void> {
    const changed = await this.sites
      .createQueryBuilder()
      .update()
      .set({ lastSeenAt: new Date() })
      .where('id = :siteId AND online AND agent_connection = :connection', { siteId, connection })
      .execute();
    if (changed.affected) await this.publishState(siteId);
  }

  async applySnapshot(siteId: string, snapshot: AgentSnapshot): Promise<void> {
    await this.sites.manager.transaction(async (tx) => {
      for (const [device, on] of Object.entries(snapshot.relays)) await upsertRelay(tx, siteId, device, on);
      await tx.update(Site, siteId, {
        doorClosed: snapshot.doorClosed,
        agentVersion: snapshot.agentVersion,
        // An agent from before the driver report leaves it unknown rather than keep an old one.
        agentDriver: snapshot.driver ?? null,
        lastSeenAt: new Date(),
      });
    });
    await this.publishState(siteId);
  }

  async applyRelay(siteId: string, device: RelayId, on: boolean): Promise<void> {
    await upsertRelay(this.sites.manager, siteId, device, on);
    await this.sites.update(siteId, { lastSeenAt: new Date() });
    await this.publishState(siteId);
  }

  async applyDoorSensor(siteId: string, closed: boolean): Promise<void> {
    await this.sites.update(siteId, { doorClosed: closed, lastSeenAt: new Date() });
    await this.publishState(siteId);
  }

  /** The site's devices as its agent last reported them. */
  async state({ id: siteId }: Pick<SiteRef, 'id'>): Promise<DeviceState> {
    // Without an id the lookup below would answer whichever site comes first.
    if (typeof siteId !== 'string') throw new Error('device state asked without a site');
    const site = await this.sites.findOneByOrFail({ id: siteId });
    const rows = await this.sites.query<{ device: string; is_on: boolean }[]>(
      `SELECT device, is_on FROM device_states WHERE site_id = $1`,
      [siteId],
    );
    const relays = Object.fromEntries(RELAYS.map((relay) => [relay, false])) as Record<RelayId, boolean>;
    for (const row of rows) if (row.device in relays) relays[row.device as RelayId] = row.is_on;
    return {
      site: site.id,
      online: site.online,
      lastSeenAt: site.lastSeenAt?.toISOString() ?? null,
      relays,
      doorClosed: site.doorClosed,
      driver: site.agentDriver,
      lastOffline:
        site.lastOfflineFrom && site.lastOfflineTo
          ? { from: site.lastOfflineFrom.toISOString(), to: site.lastOfflineTo.toISOString() }
          : null,
    };
  }

  /** The spec's get_device_status of the site. */
  async status(site: Pick<SiteRef, 'id'>): Promise<DeviceStatus> {
    const state = await this.state(site);
    return {
      light_on: state.relays.light ?? false,
      door_open: state.relays.door ?? false,
      online: state.online,
      last_seen: state.lastSeenAt,
    };
  }

  /** Sends the site's current state to the dashboards. */
  async publishState(siteId: string): Promise<void> {
    this.changes.next(await this.state({ id: siteId }));
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function upsertRelay(
  db: { query: (sql: string, parameters: unknown[]) => Promise<unknown> },
  siteId: string,
  device: string,
  on: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO device_states (site_id, device, is_on, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (site_id, device) DO UPDATE SET is_on = EXCLUDED.is_on, updated_at = EXCLUDED.updated_at`,
    [siteId, device, on],
  );
}
