import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Subject } from 'rxjs';
import type { Repository } from 'typeorm';
import { RELAYS, type AgentSnapshot, type DeviceState, type DeviceStatus, type RelayId } from '@kort/contracts';
import { safeEqual } from '../common/safe-equal';
import { DEFAULT_SITE } from '../common/sites';
import { AppConfig } from '../config/app-config';
import { Site } from './site.entity';

/** A token hash changes only when EDGE_AGENT_TOKEN does, which restarts the replica anyway. */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_SIZE = 256;

/**
 * The last known state of every site's devices, as the agent reported it, kept in Postgres so
 * every replica answers the same, and pushed to dashboards through `changes`.
 */
@Injectable()
export class DevicesService implements OnModuleInit {
  private readonly logger = new Logger('Devices');
  /** Each site's token hash as last read (authenticate). */
  private readonly tokenHashes = new Map<string, { hash: string | null; until: number }>();
  /** Every change of a site's state; the /live gateway forwards it to dashboards. */
  readonly changes = new Subject<DeviceState>();

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    private readonly config: AppConfig,
  ) {}

  /** EDGE_AGENT_TOKEN seeds (or re-keys) the default site. */
  async onModuleInit(): Promise<void> {
    const tokenHash = this.config.edgeAgentToken ? hashToken(this.config.edgeAgentToken) : null;
    await this.sites.query(
      `INSERT INTO sites (id, name, token_hash) VALUES ($1, 'Корт', $2)
       ON CONFLICT (id) DO UPDATE SET token_hash = coalesce(EXCLUDED.token_hash, sites.token_hash)`,
      [DEFAULT_SITE, tokenHash],
    );
  }

  /**
   * The site an agent's token proves, or null. A site's token hash is read from Postgres at most
   * once per TOKEN_CACHE_MS (a site that does not exist too): an agent reconnecting, or a guesser
   * trying tokens, costs a hash and a map lookup, not a query.
   */
  async authenticate(siteId: unknown, token: unknown): Promise<string | null> {
    if (typeof siteId !== 'string' || typeof token !== 'string' || siteId.length > 64) return null;
    const tokenHash = await this.tokenHashOf(siteId);
    if (!tokenHash) return null;
    return safeEqual(tokenHash, hashToken(token)) ? siteId : null;
  }

  private async tokenHashOf(siteId: string): Promise<string | null> {
    const cached = this.tokenHashes.get(siteId);
    if (cached && cached.until > Date.now()) return cached.hash;
    const site = await this.sites.findOne({ where: { id: siteId }, select: { id: true, tokenHash: true } });
    // Bounded: names of sites that do not exist must not grow it without end.
    if (this.tokenHashes.size >= TOKEN_CACHE_SIZE) this.tokenHashes.clear();
    this.tokenHashes.set(siteId, { hash: site?.tokenHash ?? null, until: Date.now() + TOKEN_CACHE_MS });
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

  async state(siteId: string): Promise<DeviceState> {
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

  async status(siteId: string): Promise<DeviceStatus> {
    const state = await this.state(siteId);
    return {
      light_on: state.relays.light ?? false,
      door_open: state.relays.door ?? false,
      online: state.online,
      last_seen: state.lastSeenAt,
    };
  }

  /** Sends the site's current state to the dashboards. */
  async publishState(siteId: string): Promise<void> {
    this.changes.next(await this.state(siteId));
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
