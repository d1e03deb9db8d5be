import { type AgentEventKind, type LightPolicy, type ScheduleEntry } from '@kort/contracts';
import { type EventBus } from '../event-bus';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';

export interface LightControllerOptions {
  bus: EventBus;
  logger: Logger;
  /** The schedule's games and light rules (null before the first schedule: the light is left alone). */
  games: () => readonly ScheduleEntry[];
  policy: () => LightPolicy | null;
  lightOn: () => boolean;
  /** Through the command runner, so the API hears relay.changed. */
  switchLight: (on: boolean) => Promise<void>;
  /** Whether a game's door has opened (the state file: it survives a restart). */
  doorOpened?: (game: number) => boolean;
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** API time. */
  now: () => number;
  tickMs?: number;
}

const MINUTE = 60_000;

/**
 * The light follows the games, online or offline: on when a game's door is pulsed (or onBeforeMin
 * before its start), off offAfterMin after the last game of a run. A light an admin switched on with
 * no game goes off at the next scheduled off or after manualMaxMin. It decides once a second.
 */
export class LightController {
  private timer: NodeJS.Timeout | null = null;
  private lastTick: number | null = null;
  /** When an admin switched the light on with no game covering then; null for a game's light. */
  private manualSince: number | null = null;
  private busy = false;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly options: LightControllerOptions) {}

  start(): void {
    const { bus } = this.options;
    this.unsubscribe = [
      bus.on('doorPulsed', ({ game }) => (game === null ? undefined : this.gameDoor(game))),
      // An admin's light with no game around is bounded by the manual limit. So is a light.on the API
      // sent without `manual` (an older API): switching it off a second later would look like a fault.
      bus.on('lightCommanded', ({ on }) => {
        const now = this.options.now();
        this.manualSince = on && !this.covered(now) ? now : null;
      }),
    ];
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  /** Whether a game keeps the light on at `now`: from its door (or onBeforeMin) to offAfterMin after its end. */
  private covered(now: number): boolean {
    const policy = this.options.policy();
    if (!policy) return false;
    return this.options.games().some((game) => {
      const from =
        policy.onBeforeMin === null ? game.open : Math.min(game.open, game.start - policy.onBeforeMin * MINUTE);
      return from <= now && now < game.end + policy.offAfterMin * MINUTE;
    });
  }

  private async gameDoor(game: number): Promise<void> {
    if (!this.options.policy() || this.options.lightOn()) return;
    const now = this.options.now();
    // A game the schedule does not know (yet) has no known end: the manual limit bounds its light.
    this.manualSince = this.covered(now) ? null : now;
    await this.switch(true, { game, params: { reason: 'game' } });
  }

  private async tick(): Promise<void> {
    const policy = this.options.policy();
    if (!policy || this.busy) return;
    this.busy = true;
    try {
      const now = this.options.now();
      const since = this.lastTick;
      this.lastTick = now;
      if (this.options.lightOn()) return await this.maybeOff(policy, now);
      const game = this.gameStarting(policy, since, now);
      if (game) {
        this.manualSince = null;
        await this.switch(true, { game: game.game, params: { reason: 'game' } });
      }
    } finally {
      this.busy = false;
    }
  }

  /**
   * A game whose light time (onBeforeMin before its start) came since the last tick. On the first
   * tick (the agent just started, relays off, or just got its first schedule) a game already in that
   * span counts, so a restart during a game gives it its light back. With onBeforeMin null only the
   * door switches the light on: on the first tick, a game under way whose door had opened before the
   * restart gets its light back too.
   */
  private gameStarting(policy: LightPolicy, since: number | null, now: number): ScheduleEntry | undefined {
    if (policy.onBeforeMin === null) {
      if (since !== null) return undefined;
      const opened = this.options.doorOpened ?? (() => false);
      return this.options
        .games()
        .find((game) => opened(game.game) && game.open <= now && now < game.end + policy.offAfterMin * MINUTE);
    }
    const beforeMs = policy.onBeforeMin * MINUTE;
    return this.options.games().find((game) => {
      const at = game.start - beforeMs;
      return (since === null || since < at) && at <= now && now < game.end;
    });
  }

  private async maybeOff(policy: LightPolicy, now: number): Promise<void> {
    if (this.covered(now)) {
      // A run of games took over the admin's light: it ends with the run.
      this.manualSince = null;
      return;
    }
    if (this.manualSince !== null) {
      if (now - this.manualSince < policy.manualMaxMin * MINUTE) return;
      return this.switch(false, { params: { reason: 'manual-max' } });
    }
    return this.switch(false, { params: { reason: 'run-over' } });
  }

  private async switch(on: boolean, fields: OutboxFields): Promise<void> {
    try {
      await this.options.switchLight(on);
    } catch (error) {
      // Tried again on the next tick for "off"; a missed "on" waits for the next door pulse.
      this.options.logger.error('could not switch the light', { on, error });
      return;
    }
    if (!on) this.manualSince = null;
    this.options.logger.info(on ? 'light on for a game' : 'light off', { reason: fields.params?.reason });
    await this.options.record(on ? 'light.on' : 'light.off', fields).catch((error: unknown) => {
      this.options.logger.error('could not record a light event', { error });
    });
  }
}
