import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Subject } from 'rxjs';
import type { Repository } from 'typeorm';
import {
  RELAYS,
  type AgentDriver,
  type AgentSnapshot,
  type DeviceState,
  type DeviceStatus,
  type RelayId,
} from '@kort/contracts';
import { Site } from '../sites/site.entity';
import type { SiteRef } from '../common/site-ref';

/** A sites row's columns of the state, as a select or a RETURNING list (with `relaysAfter`). */
const STATE_COLUMNS =
  'id, online, last_seen_at, door_closed, agent_driver, last_offline_from, last_offline_to, state_version';

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
 * The last known state of every site's devices, as the agent reported it (its relays, its door
 * sensor, its driver), kept in Postgres so every replica answers the same, and pushed to dashboards
 * through `changes`. Whether the agent is connected is AgentPresence's; its token, AgentTokens'.
 */
@Injectable()
export class DevicesService {
  /** Every change of a site's state; the /live gateway forwards it to dashboards. */
  readonly changes = new Subject<DeviceState>();

  constructor(@InjectRepository(Site) private readonly sites: Repository<Site>) {}

  /** The agent connected as `connection`: the site is online with it, and the dashboards hear. */
  async markOnline(siteId: string, connection: string): Promise<void> {
    await this.writeAndPublish(
      `WITH site AS (
         UPDATE sites SET online = true, agent_connection = $2, last_seen_at = now() WHERE id = $1 RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter(null)} AS relays FROM site`,
      [siteId, connection],
    );
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
  }

  async applyDoorSensor(siteId: string, closed: boolean): Promise<void> {
    await this.writeAndPublish(
      `WITH site AS (
         UPDATE sites SET door_closed = $2, last_seen_at = now() WHERE id = $1 RETURNING ${STATE_COLUMNS}
       )
       SELECT site.*, ${relaysAfter(null)} AS relays FROM site`,
      [siteId, closed],
    );
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

  /** Sends these sites' current states to the dashboards, read in one query. */
  async publishStates(siteIds: string[]): Promise<void> {
    for (const state of await this.states(siteIds)) this.changes.next(state);
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
  /** bigint: pg hands it over as text. */
  state_version: string;
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
    version: Number(row.state_version),
  };
}
