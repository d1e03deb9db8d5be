import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Subject } from 'rxjs';
import type { Repository } from 'typeorm';
import {
  DEFAULT_SITE_ID,
  RELAYS,
  type AgentDriver,
  type AgentSnapshot,
  type DeviceState,
  type DeviceStatus,
  type RelayId,
} from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import { DomainEvents } from '../events/domain-events';
import { Site } from '../sites/site.entity';
import type { SiteRef } from '../sites/site-ref';

/** An agent's good token, told to come back later (AgentAdmission): not a refusal of the token. */
export const DEFERRED = Symbol('deferred');

/** Bounded: names of sites that do not exist must not grow it without end (a fleet fits). */
const TOKEN_CACHE_SIZE = 4096;
/**
 * A connected agent's "last signal" is written at most this often: its pings come every 10 s, and
 * a thousand agents writing each one were a hundred row updates a second. Whether it is connected
 * is the online flag, written on connect and disconnect, not this.
 */
export const HEARD_EVERY_MS = 15_000;
/** The heartbeats heard on this replica are written together, in one statement this often. */
const HEARD_FLUSH_MS = 1_000;

/** A sites row's columns of the state, as a select or a RETURNING list (with `relaysAfter`). */
const STATE_COLUMNS = 'id, online, last_seen_at, door_closed, agent_driver, last_offline_from, last_offline_to';

/**
 * The relays of the row `site` as a JSON object: those the same statement wrote (the CTE `changed`,
 * its device and is_on: a statement does not see its own writes) over the stored ones.
 */
function relaysAfter(changed: 'changed' | null): string {
  const stored = changed
    ? `SELECT device, is_on FROM changed
        UNION ALL
       SELECT d.device, d.is_on FROM device_states d
        WHERE d.site_id = site.id AND d.device NOT IN (SELECT device FROM changed)`
    : `SELECT d.device, d.is_on FROM device_states d WHERE d.site_id = site.id`;
  return `coalesce((SELECT json_object_agg(r.device, r.is_on) FROM (${stored}) r), '{}')`;
}

/**
 * The last known state of every site's devices, as the agent reported it, kept in Postgres so
 * every replica answers the same, and pushed to dashboards through `changes`.
 */
@Injectable()
export class DevicesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Devices');
  /** Each site's token hash as last read (authenticate); a re-key drops it on every replica. */
  private readonly tokenHashes: LocalCache<string | null>;
  /** Every change of a site's state; the /live gateway forwards it to dashboards. */
  readonly changes = new Subject<DeviceState>();
  /** A site whose agent token was replaced: the /edge gateway disconnects its agent everywhere. */
  readonly rekeyed = new Subject<string>();
  /** When each site's last signal was last written from this replica (ms since the epoch). */
  private readonly heardAt = new Map<string, number>();
  /** Sites heard since the last flush, with the connection heard. */
  private readonly unheard = new Map<string, string>();
  private heardTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    private readonly config: AppConfig,
    feed: ChangeFeed,
    private readonly events: DomainEvents,
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

  onModuleDestroy(): void {
    clearTimeout(this.heardTimer);
  }

  /**
   * A new agent token for a site (the owner's call): only its hash is kept; the old one stops
   * working at once on every replica (the change feed drops their cached hash), and the agent
   * connected with it is disconnected wherever it is (EdgeGateway hears `rekeyed`).
   */
  async rekey(siteId: string, token: string): Promise<void> {
    await this.events.transaction(async (tx) => {
      const [changed] = await tx.query<[{ id: string }[], number]>(
        `UPDATE sites SET token_hash = $2 WHERE id = $1 RETURNING id`,
        [siteId, hashToken(token)],
      );
      if (changed.length === 0) throw new Error(`site ${siteId} does not exist`);
      await tx.query(`SELECT pg_notify('kort_changes', $1)`, [`sites:${siteId}`]);
      await this.events.record(tx, { type: 'club.changed', siteId, part: 'sites' });
    });
    this.rekeyed.next(siteId);
  }

  /**
   * The site an agent's token proves, null when it proves none, or DEFERRED when `proceed` says not
   * now. A wrong token is refused against the site's token hash kept in memory (a site that does
   * not exist too): a guesser costs a hash and a map lookup, not a query. A token that matches is
   * confirmed against the stored hash, so a token replaced a moment ago is refused whichever replica
   * the old agent reaches. `proceed` is asked once the token is known to match and before that
   * read: only an agent with a good token can take a replica's connect rate.
   */
  async authenticate(
    siteId: unknown,
    token: unknown,
    proceed: () => boolean = () => true,
  ): Promise<string | null | typeof DEFERRED> {
    if (typeof siteId !== 'string' || typeof token !== 'string' || siteId.length > 64) return null;
    const presented = hashToken(token);
    let read = false;
    const cached = await this.tokenHashes.get(siteId, () => {
      read = true;
      return this.storedTokenHash(siteId);
    });
    if (!cached || !safeEqual(cached, presented)) return null;
    if (!proceed()) return DEFERRED;
    // A hash read for this very check is the stored one: a second read would tell nothing new.
    if (read) return siteId;
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
    await this.writeAndPublish(
      `WITH site AS (
         UPDATE sites SET online = true, agent_connection = $2, last_seen_at = now() WHERE id = $1 RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter(null)} AS relays FROM site`,
      [siteId, connection],
    );
    this.heardAt.set(siteId, Date.now());
    this.logger.log({ site: siteId }, 'agent online');
  }

  /**
   * The agent connected as `connection` is gone. Nothing happens if another connection has become
   * the site's agent since: a disconnect that arrives late must not mark the newer agent offline.
   */
  async setOffline(siteId: string, connection: string | null): Promise<void> {
    const [changed] = await this.sites.query<[{ id: string }[], number]>(
      `UPDATE sites SET online = false, last_seen_at = now()
        WHERE id = $1 AND online AND agent_connection IS NOT DISTINCT FROM $2 RETURNING id`,
      [siteId, connection],
    );
    if (changed.length === 0) return;
    this.heardAt.delete(siteId);
    this.logger.log({ site: siteId }, 'agent offline');
    await this.publishState(siteId);
  }

  /**
   * Sites whose agents are gone (each with the connection that marked it online), in one statement:
   * after a restart every site may be among them. A site whose agent has connected again since
   * (another connection) is left online.
   */
  async setOfflineMany(gone: { id: string; connection: string | null }[]): Promise<string[]> {
    if (gone.length === 0) return [];
    const [rows] = await this.sites.query<[{ id: string }[], number]>(
      `UPDATE sites s SET online = false, last_seen_at = now()
         FROM unnest($1::text[], $2::text[]) AS g(id, connection)
        WHERE s.id = g.id AND s.online AND s.agent_connection IS NOT DISTINCT FROM g.connection
        RETURNING s.id`,
      [gone.map((site) => site.id), gone.map((site) => site.connection)],
    );
    const ids = rows.map((row) => row.id);
    for (const id of ids) this.heardAt.delete(id);
    if (ids.length) this.logger.log({ sites: ids.length }, 'agents offline: no connection left anywhere');
    for (const state of await this.states(ids)) this.changes.next(state);
    return ids;
  }

  /**
   * The agent's connection answered its heartbeat (socket.io's ping, every 10 s): it was heard now.
   * The dashboards' "last signal" follows it, written at most every HEARD_EVERY_MS per site and for
   * all the sites heard on this replica in one statement a second; a connection no longer the
   * site's agent is ignored.
   */
  heard(siteId: string, connection: string): void {
    if (Date.now() - (this.heardAt.get(siteId) ?? 0) < HEARD_EVERY_MS) return;
    this.unheard.set(siteId, connection);
    this.heardTimer ??= setTimeout(() => void this.writeHeard(), HEARD_FLUSH_MS).unref();
  }

  /** Never rejects: a failed write is logged, and the next heartbeat tries again. */
  private async writeHeard(): Promise<void> {
    this.heardTimer = undefined;
    const heard = [...this.unheard];
    this.unheard.clear();
    const now = Date.now();
    for (const [siteId] of heard) this.heardAt.set(siteId, now);
    try {
      const [rows] = await this.sites.query<[{ id: string }[], number]>(
        `UPDATE sites s SET last_seen_at = now()
           FROM unnest($1::text[], $2::text[]) AS h(id, connection)
          WHERE s.id = h.id AND s.online AND s.agent_connection = h.connection
          RETURNING s.id`,
        [heard.map(([siteId]) => siteId), heard.map(([, connection]) => connection)],
      );
      for (const state of await this.states(rows.map((row) => row.id))) this.changes.next(state);
    } catch (error) {
      for (const [siteId] of heard) this.heardAt.delete(siteId);
      this.logger.warn({ sites: heard.length, error: String(error) }, 'agent heartbeats not recorded');
    }
  }

  /** The agent's whole report (on every connect): its relays and the site's row in one statement. */
  async applySnapshot(siteId: string, snapshot: AgentSnapshot): Promise<void> {
    const relays = Object.entries(snapshot.relays);
    await this.writeAndPublish(
      `WITH changed AS (
         INSERT INTO device_states (site_id, device, is_on, updated_at)
         SELECT $1, relay.device, relay.is_on, now() FROM unnest($2::text[], $3::boolean[]) AS relay(device, is_on)
         ON CONFLICT (site_id, device) DO UPDATE SET is_on = EXCLUDED.is_on, updated_at = EXCLUDED.updated_at
         RETURNING device, is_on
       ), site AS (
         UPDATE sites SET door_closed = $4, agent_version = $5, agent_driver = $6, last_seen_at = now() WHERE id = $1
         RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter('changed')} AS relays FROM site`,
      [
        siteId,
        relays.map(([device]) => device),
        relays.map(([, on]) => on),
        snapshot.doorClosed,
        snapshot.agentVersion,
        // An agent from before the driver report leaves it unknown rather than keep an old one.
        snapshot.driver ?? null,
      ],
    );
    this.heardAt.set(siteId, Date.now());
  }

  async applyRelay(siteId: string, device: RelayId, on: boolean): Promise<void> {
    await this.writeAndPublish(
      `WITH changed AS (
         INSERT INTO device_states (site_id, device, is_on, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (site_id, device) DO UPDATE SET is_on = EXCLUDED.is_on, updated_at = EXCLUDED.updated_at
         RETURNING device, is_on
       ), site AS (
         UPDATE sites SET last_seen_at = now() WHERE id = $1 RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter('changed')} AS relays FROM site`,
      [siteId, device, on],
    );
    this.heardAt.set(siteId, Date.now());
  }

  async applyDoorSensor(siteId: string, closed: boolean): Promise<void> {
    await this.writeAndPublish(
      `WITH site AS (
         UPDATE sites SET door_closed = $2, last_seen_at = now() WHERE id = $1 RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter(null)} AS relays FROM site`,
      [siteId, closed],
    );
    this.heardAt.set(siteId, Date.now());
  }

  /**
   * A write that returns the site's new state (the statements above), sent to the dashboards: one
   * round trip, not a write and a read. Each agent's connect is two of them, and a storm is a thousand.
   */
  private async writeAndPublish(sql: string, params: unknown[]): Promise<void> {
    const [row] = await this.sites.query<StateRow[]>(sql, params);
    if (row) this.changes.next(stateOf(row));
  }

  /** The site's devices as its agent last reported them. */
  async state({ id: siteId }: Pick<SiteRef, 'id'>): Promise<DeviceState> {
    // Without an id the lookup below would answer whichever site comes first.
    if (typeof siteId !== 'string') throw new Error('device state asked without a site');
    const [state] = await this.states([siteId]);
    if (!state) throw new Error(`site ${siteId} does not exist`);
    return state;
  }

  /**
   * Sites' states in one plain query (the sites that do not exist are left out): it runs on every
   * report of every agent, where the ORM's query building cost more than the query.
   */
  private async states(siteIds: string[]): Promise<DeviceState[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.sites.query<StateRow[]>(
      `SELECT ${STATE_COLUMNS}, ${relaysAfter(null)} AS relays FROM sites site WHERE site.id = ANY($1::text[])`,
      [siteIds],
    );
    return rows.map(stateOf);
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

interface StateRow {
  id: string;
  online: boolean;
  last_seen_at: Date | null;
  door_closed: boolean | null;
  agent_driver: AgentDriver | null;
  last_offline_from: Date | null;
  last_offline_to: Date | null;
  relays: Record<string, boolean>;
}

function stateOf(row: StateRow): DeviceState {
  const relays = Object.fromEntries(RELAYS.map((relay) => [relay, false])) as Record<RelayId, boolean>;
  for (const [device, on] of Object.entries(row.relays)) if (device in relays) relays[device as RelayId] = on;
  return {
    site: row.id,
    online: row.online,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    relays,
    doorClosed: row.door_closed,
    driver: row.agent_driver,
    lastOffline:
      row.last_offline_from && row.last_offline_to
        ? { from: row.last_offline_from.toISOString(), to: row.last_offline_to.toISOString() }
        : null,
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
