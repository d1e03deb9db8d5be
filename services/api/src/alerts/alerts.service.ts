import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subject } from 'rxjs';
import type { z } from 'zod';
import { ALERT_TITLES, FleetError, type AdminAlert, type agentEventSchema } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { Clock } from '../common/clock';
import type { Writer } from '../common/writer';
import { EventOutbox, type OutboxEvent } from '../events/event-outbox';
import type { ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlResource } from '../resources/sql-list';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { ALERT_SORTABLE, type AlertField, type AlertsFilter } from './alert-schemas';
import { alarmDetail, offlineDetail } from './alert-texts';
import {
  ACKNOWLEDGE,
  alertRecords,
  AWAY_SINCE,
  NAMED,
  RAISE_FROM_AGENT,
  RAISE_OFFLINE,
  RESOLVE_BACK_ONLINE,
  RESOLVE_KIND,
} from './alerts.sql';

type AgentEvent = z.output<typeof agentEventSchema>;

const toAlert = (row: Record<string, unknown>): AdminAlert => {
  const alert = isoDates<Omit<AdminAlert, 'title'>>(row);
  return { ...alert, title: ALERT_TITLES[alert.kind] };
};

const fact = (topic: 'alert.raised' | 'alert.changed') => (row: { id: number; site_id: string }) => ({
  siteId: row.site_id,
  topic,
  ref: row.id,
});

/**
 * The door and Pi alerts of every site (table `alerts`, docs/decisions/0103-alerts.md): raised by an
 * agent's outbox or by the API about an agent away too long, acknowledged by an admin, resolved when
 * the condition clears. Every change writes its fact to the event outbox in its own transaction:
 * `alert.raised` (a Telegram message to the site's staff, once) and `alert.changed`; the relay then
 * pushes the alert to the site's dashboards (`changes`, which the /live gateway forwards).
 */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger('Alerts');
  /** New and changed alerts, once committed; the /live gateway sends each to its site's dashboards. */
  readonly changes = new Subject<AdminAlert>();
  private readonly resource: SqlResource<AlertField, AlertsFilter>;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: EventOutbox,
    private readonly actions: AdminActions,
    private readonly time: SiteTime,
    private readonly clock: Clock,
  ) {
    this.resource = {
      source: (params, site) => alertRecords(`a.site_id = ${params.add(site.id)}`),
      columns: Object.fromEntries(ALERT_SORTABLE.map((field) => [field, `r.${field}`])) as Record<AlertField, string>,
      tiebreak: 'r.id',
      conditions: (filter, params) => {
        const where: string[] = [];
        if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
        if (filter.state) where.push(`r.state = ANY(${params.add(filter.state)}::text[])`);
        if (filter.kind) where.push(`r.kind = ANY(${params.add(filter.kind)}::text[])`);
        return where;
      },
    };
  }

  list(site: SiteRef, query: ListQuery<AlertField, AlertsFilter>): Promise<Page<AdminAlert>> {
    return sqlPage(this.db, site, this.resource, query, toAlert);
  }

  /** The site's alert; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminAlert> {
    return sqlRecord(this.db, site, this.resource, id, toAlert, FleetError.AlertNotFound);
  }

  /** The alerts the outbox's facts name, as the dashboards get them (in the relay's transaction). */
  async named(tx: Writer, events: readonly OutboxEvent[]): Promise<AdminAlert[]> {
    const rows = await tx.query<Record<string, unknown>[]>(`${alertRecords(NAMED)} ORDER BY a.id`, [
      events.map((event) => event.ref),
      events.map((event) => event.siteId),
    ]);
    return rows.map(toAlert);
  }

  /**
   * The agent's alarms among its outbox events just stored (new ones only, in the order it took
   * them), in the outbox's own transaction: `alarm.raised` opens the kind's alert unless one is
   * unresolved, `alarm.cleared` resolves it. The relay picks the facts up at its next poll (a second).
   */
  async fromAgent(tx: Writer, siteId: string, events: readonly AgentEvent[]): Promise<void> {
    const facts: OutboxEvent[] = [];
    const arrived = this.clock.now();
    for (const event of events) {
      if (event.kind !== 'alarm.raised' && event.kind !== 'alarm.cleared') continue;
      const alarm = event.params.alarm;
      if (!alarm) {
        this.logger.warn({ site: siteId, event: event.id }, 'an alarm event names no alarm; ignored');
        continue;
      }
      // An instant no Date can hold is the time of arrival, as the outbox stores it.
      const at = Number.isFinite(new Date(event.at).getTime()) ? new Date(event.at) : arrived;
      if (event.kind === 'alarm.raised') {
        const { value } = event.params;
        const raised = await tx.query<{ id: number }[]>(RAISE_FROM_AGENT, [
          siteId,
          alarm,
          value ?? null,
          alarmDetail(alarm, value),
          event.offline,
          at,
          event.id,
        ]);
        facts.push(...raised.map((row) => fact('alert.raised')({ id: row.id, site_id: siteId })));
      } else {
        const [resolved] = await tx.query<[{ id: number }[], number]>(RESOLVE_KIND, [siteId, alarm, at]);
        facts.push(...resolved.map((row) => fact('alert.changed')({ id: row.id, site_id: siteId })));
      }
    }
    await this.outbox.add(tx, facts);
    if (facts.length) this.logger.log({ site: siteId, changes: facts.length }, 'agent alarms applied');
  }

  /**
   * `agent.offline` for every site whose agent has been away longer than `limitMin` (the periodic
   * check, on any replica, as often as it likes: a site's unresolved one is never raised twice).
   */
  async raiseAway(limitMin: number): Promise<number> {
    const now = this.clock.now();
    const raised = await this.db.transaction(async (tx) => {
      const away = await tx.query<{ id: string; timezone: string; last_seen_at: Date }[]>(AWAY_SINCE, [
        new Date(now.getTime() - limitMin * 60_000),
      ]);
      if (!away.length) return [];
      const details = away.map((site) => offlineDetail(this.time.of(site), site.last_seen_at, now, limitMin));
      const rows = await tx.query<{ id: number; site_id: string }[]>(RAISE_OFFLINE, [
        away.map((site) => site.id),
        details,
        now,
      ]);
      await this.outbox.add(tx, rows.map(fact('alert.raised')));
      return rows;
    });
    this.afterCommit(raised, 'agent offline: alert raised');
    return raised.length;
  }

  /** `agent.offline` resolved for the site's agent back online (`siteId` null: every site's). */
  async resolveBackOnline(siteId: string | null): Promise<number> {
    const resolved = await this.db.transaction(async (tx) => {
      const [rows] = await tx.query<[{ id: number; site_id: string }[], number]>(RESOLVE_BACK_ONLINE, [
        this.clock.now(),
        siteId,
      ]);
      await this.outbox.add(tx, rows.map(fact('alert.changed')));
      return rows;
    });
    this.afterCommit(resolved, 'agent back online: alert resolved');
    return resolved.length;
  }

  /** The site's agent connected (edge gateway): its `agent.offline` goes now, not at the next check. */
  agentOnline(siteId: string): void {
    this.resolveBackOnline(siteId).catch((error: unknown) =>
      this.logger.warn({ site: siteId, error: String(error) }, 'agent.offline not resolved on connect'),
    );
  }

  /**
   * An admin takes the alert on: who and when, once (a second «Принять» changes nothing and logs
   * nothing), recorded in the admin log with the alert. Another site's alert is not found.
   */
  async acknowledge(site: SiteRef, admin: Pick<User, 'id'>, id: number): Promise<AdminAlert> {
    const alert = await this.get(site, id);
    const acknowledged = await this.db.transaction(async (tx) => {
      const [rows] = await tx.query<[{ id: number }[], number]>(ACKNOWLEDGE, [id, site.id, this.clock.now(), admin.id]);
      if (!rows.length) return false;
      await this.actions.record(
        site,
        tx,
        admin.id,
        'alert.acknowledge',
        'alert',
        id,
        `${alert.title}: ${alert.detail}`,
      );
      await this.outbox.add(tx, [{ siteId: site.id, topic: 'alert.changed', ref: id }]);
      return true;
    });
    if (acknowledged) {
      this.outbox.kick();
      this.logger.log({ site: site.id, alert: id, admin: admin.id }, 'alert acknowledged');
    }
    return this.get(site, id);
  }

  private afterCommit(rows: { id: number; site_id: string }[], message: string): void {
    if (!rows.length) return;
    this.outbox.kick();
    this.logger.log({ alerts: rows.map((row) => row.id), sites: rows.map((row) => row.site_id) }, message);
  }
}
