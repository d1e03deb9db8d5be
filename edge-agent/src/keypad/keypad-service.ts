import { type AgentEventKind, KEYPAD_POLICY, keypadMessages, type ScheduleEntry } from '@kort/contracts';
import { pinMatches } from '@kort/contracts/schedule-crypto';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';

export interface UnlockAnswer {
  status: 200 | 403 | 409 | 423 | 503;
  detail: string;
}

export interface KeypadOptions {
  logger: Logger;
  /** The schedule's games whose door has not closed. */
  games: () => readonly ScheduleEntry[];
  offline: () => boolean;
  /** The sensor flag of door.entry: whether this site has a door sensor. */
  hasDoorSensor: () => boolean;
  /** Releases the strike for one pulse (the door.open path); rejects on a hardware failure. */
  pulseDoor: (game: number) => Promise<void>;
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** API time: the agent's clock corrected by the last known offset. */
  now: () => number;
}

/**
 * The door's keypad while the link is down: a game's offline PIN opens the door within the game's
 * door window. Wrong PINs are limited (KEYPAD_POLICY). A PIN is never logged nor kept.
 */
export class KeypadService {
  /** Times of recent wrong PINs (agent time). */
  private wrong: number[] = [];
  private lockedUntil = 0;

  constructor(private readonly options: KeypadOptions) {}

  async unlock(pin: string): Promise<UnlockAnswer> {
    const { logger } = this.options;
    if (!this.options.offline()) return { status: 409, detail: keypadMessages.online };
    const now = this.options.now();
    if (now < this.lockedUntil) return { status: 423, detail: keypadMessages.locked };

    // Games in their window first: a handful, so the right PIN releases the strike within
    // milliseconds; the whole schedule (a verifier each) is only searched to explain a refusal.
    const games = this.options.games();
    const open = (candidate: ScheduleEntry) => candidate.open <= now && now < candidate.close;
    const matches = (candidate: ScheduleEntry) => pinMatches(candidate.salt, candidate.pinHash, pin);
    const game = games.find((candidate) => open(candidate) && matches(candidate));
    if (!game) {
      const elsewhere = games.find((candidate) => !open(candidate) && matches(candidate));
      if (!elsewhere) return this.wrongPin(now);
      logger.info('keypad: a PIN outside its door window', { game: elsewhere.game });
      return { status: 409, detail: keypadMessages.outsideWindow };
    }
    try {
      await this.options.pulseDoor(game.game);
    } catch (error) {
      logger.error('keypad: the strike did not release', { game: game.game, error });
      return { status: 503, detail: keypadMessages.hardware };
    }
    logger.info('keypad: door opened with an offline PIN', { game: game.game });
    await this.record('door.entry', { game: game.game, params: { sensor: this.options.hasDoorSensor() } });
    return { status: 200, detail: keypadMessages.opened };
  }

  private async wrongPin(now: number): Promise<UnlockAnswer> {
    this.wrong = [...this.wrong.filter((at) => now - at < KEYPAD_POLICY.windowMs), now];
    this.options.logger.warn('keypad: wrong PIN', { recent: this.wrong.length });
    await this.record('door.pin-wrong', {});
    if (this.wrong.length < KEYPAD_POLICY.maxWrong) return { status: 403, detail: keypadMessages.wrong };
    this.wrong = [];
    this.lockedUntil = now + KEYPAD_POLICY.lockMs;
    this.options.logger.warn('keypad: locked after too many wrong PINs', { until: this.lockedUntil });
    await this.record('door.keypad-locked', { params: { until: Math.round(this.lockedUntil) } });
    // This try was wrong like the others; the lock answers from the next one on.
    return { status: 403, detail: keypadMessages.wrong };
  }

  private async record(kind: AgentEventKind, fields: OutboxFields): Promise<void> {
    await this.options.record(kind, fields).catch((error: unknown) => {
      this.options.logger.error('keypad: could not record the event', { kind, error });
    });
  }
}
