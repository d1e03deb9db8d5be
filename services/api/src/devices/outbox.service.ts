import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Subject } from 'rxjs';
import type { z } from 'zod';
import type { AgentEventKind, LiveDoorEvent, OutboxAck, agentEventSchema } from '@kort/contracts';
import { AlertsService } from '../alerts/alerts.service';
import { GamePlay } from '../bookings/game-play';
import { GameReads } from '../bookings/game-reads';
import { DomainEvents } from '../events/domain-events';
import { DevicesService } from './devices.service';

type AgentEvent = z.output<typeof agentEventSchema>;

/** Newly stored events of one batch (a re-upload's are not among them), in the batch's transaction. */
export type OutboxHandler = (tx: EntityManager, siteId: string, events: AgentEvent[]) => Promise<void>;

/** Past PostgreSQL's integer no game exists (and the query would fail the batch). */
const INT_MAX = 2_147_483_647;

/**
 * Applies the agent's outbox (offline.ts): what it decided or saw on its own becomes rows of the
 * command log (origin 'agent'), exactly once (the event id is the row's id), a batch in one
 * transaction. An entry or an opening proven by the door sensor starts its game; the agent's
 * offline period is kept on the site. New door events go to the dashboards as they are stored.
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger('Outbox');
  /** Door events newly stored; the /live gateway forwards them to dashboards. */
  readonly doorEvents = new Subject<LiveDoorEvent>();

  private readonly appliedHandlers: OutboxHandler[] = [];

  constructor(
    private readonly devices: DevicesService,
    private readonly play: GamePlay,
    private readonly gameReads: GameReads,
    private readonly alerts: AlertsService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Registers a handler of newly stored agent events, run in the batch's transaction (a feature above
   * the devices registers at init; the devices never import it).
   */
  onApplied(handler: OutboxHandler): void {
    this.appliedHandlers.push(handler);
  }

  async apply(siteId: string, events: AgentEvent[]): Promise<OutboxAck> {
    // An instant no Date can hold (or a missing one) is stored as the time of arrival: one broken
    // event must not fail its batch forever.
    const arrived = new Date();
    const at = (ms: number | undefined): Date => {
      const date = new Date(ms ?? Number.NaN);
      return Number.isNaN(date.getTime()) ? arrived : date;
    };

    const inserted = await this.events.transaction(async (tx) => {
      // A game counts only when it is this site's: another site's id is dropped, not trusted.
      const named = [
        ...new Set(events.flatMap((event) => (event.game === null || event.game > INT_MAX ? [] : [event.game]))),
      ];
      const owners = new Map<number, number>();
      if (named.length) {
        for (const game of await this.gameReads.ownersAt(siteId, named, tx)) owners.set(game.id, game.userId);
      }
      const foreign = [...new Set(events.flatMap((e) => (e.game !== null && !owners.has(e.game) ? [e.game] : [])))];
      if (foreign.length) this.logger.warn({ site: siteId, games: foreign }, 'outbox names games not of this site');
      const gameOf = (event: AgentEvent) => (event.game !== null && owners.has(event.game) ? event.game : null);

      const rows = events.map((event) => {
        const game = gameOf(event);
        const offlinePeriod = event.kind === 'agent.offline';
        return {
          id: event.id,
          device: deviceOf(event.kind),
          action: event.kind,
          requestedBy: game === null ? null : (owners.get(game) ?? null),
          bookingId: game,
          requestedAt: offlinePeriod ? at(event.params.from) : at(event.at),
          deadline: at(event.at),
          finishedAt: offlinePeriod ? at(event.params.to) : at(event.at),
          offline: event.offline,
        };
      });
      // One statement for the whole batch; a re-upload inserts nothing.
      const stored = await tx.query<{ id: string }[]>(
        `INSERT INTO commands (id, site_id, device, action, requested_by, booking_id, requested_at, deadline,
                               finished_at, status, origin, offline)
         SELECT t.id, $1, t.device, t.action, t.requested_by, t.booking_id, t.requested_at, t.deadline,
                t.finished_at, 'done', 'agent', t.offline
           FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[],
                       $8::timestamptz[], $9::timestamptz[], $10::boolean[])
                AS t(id, device, action, requested_by, booking_id, requested_at, deadline, finished_at, offline)
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        [
          siteId,
          rows.map((row) => row.id),
          rows.map((row) => row.device),
          rows.map((row) => row.action),
          rows.map((row) => row.requestedBy),
          rows.map((row) => row.bookingId),
          rows.map((row) => row.requestedAt),
          rows.map((row) => row.deadline),
          rows.map((row) => row.finishedAt),
          rows.map((row) => row.offline),
        ],
      );
      const fresh = new Set(stored.map((row) => row.id));
      // delete: an id repeated within the batch counts once.
      const added = events.filter((event) => fresh.delete(event.id));

      // The first proven entry starts the game (so /api/end works), whenever it is uploaded.
      const starts = new Map<number, number>();
      for (const event of added) {
        const game = gameOf(event);
        const entered = (event.kind === 'door.entry' && event.params.sensor !== true) || event.kind === 'door.opened';
        if (game === null || !entered) continue;
        const time = at(event.at).getTime();
        starts.set(game, Math.min(time, starts.get(game) ?? time));
      }
      await this.play.markStarted(
        [...starts].map(([id, time]) => ({ id, at: new Date(time) })),
        tx,
      );

      // The latest offline period the agent reported.
      const periods = added.filter((event) => event.kind === 'agent.offline');
      const latest = periods.reduce<AgentEvent | undefined>(
        (best, event) => (!best || at(event.params.to) > at(best.params.to) ? event : best),
        undefined,
      );
      if (latest) {
        await tx.query(
          `UPDATE sites SET last_offline_from = $2, last_offline_to = $3
            WHERE id = $1 AND (last_offline_to IS NULL OR last_offline_to <= $3)`,
          [siteId, at(latest.params.from), at(latest.params.to)],
        );
      }
      // Door and Pi alarms become alerts with the events (alerts/): a re-upload adds none.
      await this.alerts.fromAgent(tx, siteId, added);
      // Features above the devices that act on the agent's reports with them (releases/: update.*).
      for (const handler of this.appliedHandlers) await handler(tx, siteId, added);
      return added.map((event) => ({ ...event, game: gameOf(event) }));
    });

    const last = events[events.length - 1]!;
    this.logger.log(
      { site: siteId, received: events.length, applied: inserted.length, seq: last.seq },
      'agent outbox applied',
    );
    for (const event of inserted) {
      if (!event.kind.startsWith('door.')) continue;
      this.doorEvents.next({
        site: siteId,
        id: event.id,
        kind: event.kind,
        at: at(event.at).toISOString(),
        game: event.game,
        offline: event.offline,
      });
    }
    if (inserted.length) await this.devices.publishState(siteId);
    return { ok: true, seq: last.seq, applied: inserted.length };
  }
}

function deviceOf(kind: AgentEventKind): string | null {
  if (kind.startsWith('door.')) return 'door';
  if (kind.startsWith('light.')) return 'light';
  return null;
}
