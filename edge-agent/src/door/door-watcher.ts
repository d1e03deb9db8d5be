import { type AgentEventKind } from '@kort/contracts';
import { type EventBus } from '../event-bus';
import { type RelayDriver } from '../hardware/relay-driver';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';

export interface DoorWatcherOptions {
  bus: EventBus;
  driver: RelayDriver;
  logger: Logger;
  /** Writes the event to the outbox. */
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** The link monitor's verdict: offline sensor changes go to the outbox (online ones as input.changed). */
  offline: () => boolean;
  /** DOOR_HELD_OPEN_S: open this long is one door.held-open per opening. */
  heldOpenMs: number;
}

/**
 * What the door sensor proves. A pulse for a game ends in door.opened (the door moved while the
 * strike was released) or door.not-opened; a door open longer than DOOR_HELD_OPEN_S is reported
 * once per opening, as a line of the command log (the alarm of that name is alarms/door-alarms.ts').
 * Without a sensor (doorClosed() is null) it does nothing, as before.
 */
export class DoorWatcher {
  /** The pulse being watched: its game, and whether the door opened during it. */
  private pulse: { game: number; opened: boolean } | null = null;
  /** The game of the current opening, for door.held-open. */
  private openingGame: number | null = null;
  private heldTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly options: DoorWatcherOptions) {}

  start(): void {
    if (this.options.driver.doorClosed() === null) return;
    const { bus } = this.options;
    this.unsubscribe = [
      bus.on('doorPulsed', ({ game }) => this.pulsed(game)),
      bus.on('doorSensorChanged', ({ closed }) => this.sensor(closed)),
      bus.on('relayChanged', ({ device, on }) => {
        if (device === 'door' && !on) this.pulseEnded();
      }),
    ];
    if (this.options.driver.doorClosed() === false) this.armHeldOpen();
  }

  stop(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.disarmHeldOpen();
    this.pulse = null;
  }

  private pulsed(game: number | null): void {
    // A new pulse for another game ends the watch of the previous one.
    if (this.pulse && this.pulse.game !== game) this.pulseEnded();
    if (game === null) return;
    if (this.pulse?.game === game) return;
    const pulse = (this.pulse = { game, opened: false });
    // Already open (someone holding it): that is the door open within the pulse. Looked at once the
    // pulse's own work is done, so the entry that caused it is recorded first.
    setImmediate(() => {
      if (this.pulse === pulse && this.options.driver.doorClosed() === false) this.opened();
    });
  }

  private sensor(closed: boolean): void {
    if (this.options.offline()) this.record('door.sensor', { params: { closed } });
    if (closed) {
      this.disarmHeldOpen();
      this.openingGame = null;
      return;
    }
    this.openingGame = this.pulse?.game ?? null;
    this.armHeldOpen();
    this.opened();
  }

  private opened(): void {
    if (!this.pulse || this.pulse.opened) return;
    this.pulse.opened = true;
    this.openingGame = this.pulse.game;
    this.record('door.opened', { game: this.pulse.game });
  }

  private pulseEnded(): void {
    const pulse = this.pulse;
    this.pulse = null;
    if (pulse && !pulse.opened) {
      this.options.logger.warn('the door was unlocked for a game but never opened', { game: pulse.game });
      this.record('door.not-opened', { game: pulse.game });
    }
  }

  private armHeldOpen(): void {
    if (this.heldTimer) return;
    this.heldTimer = setTimeout(() => {
      this.options.logger.warn('the door is held open', { forMs: this.options.heldOpenMs });
      this.record('door.held-open', { game: this.openingGame });
    }, this.options.heldOpenMs);
  }

  private disarmHeldOpen(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
  }

  private record(kind: AgentEventKind, fields: OutboxFields): void {
    this.options.record(kind, fields).catch((error: unknown) => {
      this.options.logger.error('could not record a door event', { kind, error });
    });
  }
}
