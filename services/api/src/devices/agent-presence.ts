import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Subscription } from 'rxjs';
import type { Repository } from 'typeorm';
import { Site } from '../sites/site.entity';
import { DevicesService } from './devices.service';

/**
 * A connected agent's "last signal" is written at most this often: its pings come every 10 s, and
 * a thousand agents writing each one were a hundred row updates a second. Whether it is connected
 * is the online flag, written on connect and disconnect, not this.
 */
export const HEARD_EVERY_MS = 15_000;
/** The heartbeats heard on this replica are written together, in one statement this often. */
const HEARD_FLUSH_MS = 1_000;

/**
 * Whether each site's agent is connected, and where (`sites.online`, `agent_connection`), and when
 * it was last heard (`last_seen_at`): the /edge gateway tells it of connections, disconnections and
 * heartbeats. Each change reaches the dashboards as the site's state (DevicesService).
 */
@Injectable()
export class AgentPresence implements OnModuleDestroy {
  private readonly logger = new Logger('Devices');
  /** When each site's last signal was last written from this replica (ms since the epoch). */
  private readonly heardAt = new Map<string, number>();
  /** Sites heard since the last flush, with the connection heard. */
  private readonly unheard = new Map<string, string>();
  private heardTimer?: NodeJS.Timeout;
  private readonly written: Subscription;

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    private readonly devices: DevicesService,
  ) {
    // Every state written for a connected agent (a report, a connect) wrote its last signal too.
    this.written = devices.changes.subscribe((state) => {
      if (state.online) this.heardAt.set(state.site, Date.now());
    });
  }

  onModuleDestroy(): void {
    clearTimeout(this.heardTimer);
    this.written.unsubscribe();
  }

  /** Sites marked online, with the connection that marked them. */
  async onlineSites(): Promise<{ id: string; connection: string | null }[]> {
    const sites = await this.sites.find({ where: { online: true }, select: { id: true, agentConnection: true } });
    return sites.map((site) => ({ id: site.id, connection: site.agentConnection }));
  }

  /** The agent connected as `connection` (a socket id): it is the site's agent from now on. */
  async setOnline(siteId: string, connection: string): Promise<void> {
    await this.devices.markOnline(siteId, connection);
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
    await this.devices.publishState(siteId);
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
    await this.devices.publishStates(ids);
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
      await this.devices.publishStates(rows.map((row) => row.id));
    } catch (error) {
      for (const [siteId] of heard) this.heardAt.delete(siteId);
      this.logger.warn({ sites: heard.length, error: String(error) }, 'agent heartbeats not recorded');
    }
  }
}
