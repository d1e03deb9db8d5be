import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt } from 'node:crypto';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { gameStartsAtMessage, messages } from '@kort/contracts';
import { Booking } from '../bookings/booking.entity';
import { Clock } from '../common/clock';
import { DetailException } from '../common/detail.exception';
import { RateLimiter } from '../common/rate-limiter.service';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import { CommandsService } from '../devices/commands.service';
import { GameEvents } from '../devices/game-events';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';

export const DOOR_POLICY = {
  earlyMs: 15 * 60_000,
  codeLifetimeMs: 2 * 60_000,
  /** Wrong tries per game within `failureWindowMs`, across all its codes: a new code resets nothing. */
  maxAttempts: 5,
  failureWindowMs: 10 * 60_000,
  /** Codes a player may ask for within 10 minutes. */
  sendsPer10Minutes: 10,
} as const;

const DOOR_LOCK = 0x646f6f72; // 'door'

/**
 * The door flow (spec sections 4 and 8, ARCHITECTURE.md section 4): the player asks for a code,
 * which appears only on the door display; typing or scanning it at the door proves presence and
 * opens the door. The first opening starts the game; ending the last running game puts the light out.
 */
@Injectable()
export class DoorService {
  private readonly logger = new Logger('Door');
  private readonly key: Buffer;

  constructor(
    private readonly db: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly commands: CommandsService,
    private readonly games: GameEvents,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('door-codes').digest();
  }

  /** Issues a one-time code for the caller's game and shows it on the door display. */
  async sendCode(user: User, gameId: number): Promise<void> {
    const game = await this.ownGame(user, gameId);
    const now = this.clock.now();
    if (now.getTime() < game.startsAt.getTime() - DOOR_POLICY.earlyMs) {
      throw new DetailException(425, gameStartsAtMessage(this.time.time(game.startsAt)));
    }
    if (now >= game.endsAt || game.endedAt) throw new DetailException(410, messages.gameOver);
    await this.limiter.enforce(`door-send:${user.id}`, DOOR_POLICY.sendsPer10Minutes, 600);

    const code = randomInt(0, 10_000).toString().padStart(4, '0');
    const expiresAt = new Date(Math.min(now.getTime() + DOOR_POLICY.codeLifetimeMs, game.endsAt.getTime()));
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE door_codes SET consumed_at = $2 WHERE booking_id = $1 AND consumed_at IS NULL`, [
        game.id,
        now,
      ]);
      await tx.query(`INSERT INTO door_codes (booking_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
        game.id,
        this.hash(game.id, code),
        now,
        expiresAt,
      ]);
    });
    // The display clears the code by wall-clock time: give it the same lifetime from now.
    await this.commands.run({
      action: 'display.show',
      device: null,
      requestedBy: user.id,
      params: { code, expiresAt: Date.now() + (expiresAt.getTime() - now.getTime()) },
    });
    this.logger.log({ user: user.id, game: game.id }, 'door code shown on the display');
  }

  /** A code typed or scanned at the door: opens it for one of the caller's games in its window. */
  async openWithCode(user: User, code: string): Promise<void> {
    const now = this.clock.now();
    const match = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [DOOR_LOCK, user.id]);
      // Live codes of the caller's games in their window, unless the game used up its tries.
      const live = await tx.query<{ id: number; booking_id: number; code_hash: string }[]>(
        `SELECT c.id, c.booking_id, c.code_hash FROM door_codes c JOIN bookings b ON b.id = c.booking_id
          WHERE b.user_id = $1 AND b.cancelled_at IS NULL AND b.ended_at IS NULL
            AND b.ends_at > $2 AND b.starts_at - interval '15 minutes' <= $2
            AND c.consumed_at IS NULL AND c.expires_at > $2
            AND (SELECT coalesce(sum(f.attempts), 0) FROM door_codes f
                  WHERE f.booking_id = b.id AND f.last_failed_at > $3) < $4`,
        [user.id, now, new Date(now.getTime() - DOOR_POLICY.failureWindowMs), DOOR_POLICY.maxAttempts],
      );
      const found = /^\d{4}$/.test(code)
        ? live.find((c) => safeEqual(c.code_hash, this.hash(c.booking_id, code)))
        : undefined;
      if (!found) {
        // Every live code of the caller pays for a wrong try.
        if (live.length) {
          await tx.query(
            `UPDATE door_codes SET attempts = attempts + 1, last_failed_at = $2 WHERE id = ANY($1::int[])`,
            [live.map((c) => c.id), now],
          );
        }
        return null;
      }
      await tx.query(`UPDATE door_codes SET consumed_at = $2 WHERE id = $1`, [found.id, now]);
      return found;
    });
    if (match === null) throw new DetailException(400, messages.wrongDoorCode);
    await this.commands.run({ action: 'door.open', device: 'door', requestedBy: user.id });
    // The game starts with the first opening that really happened (not when the agent was offline).
    await this.bookings.query(`UPDATE bookings SET started_at = coalesce(started_at, $2) WHERE id = $1`, [
      match.booking_id,
      now,
    ]);
    this.logger.log({ user: user.id, game: match.booking_id }, 'door opened with a code');
  }

  /** Ends the caller's game; the light goes out when no other game is running. */
  async endGame(user: User, gameId: number): Promise<void> {
    const game = await this.ownGame(user, gameId);
    if (!game.startedAt) throw new DetailException(418, messages.gameNotStarted);
    const now = this.clock.now();
    await this.bookings.update({ id: game.id, endedAt: IsNull() }, { endedAt: now });
    await this.bookings.query(`UPDATE door_codes SET consumed_at = $2 WHERE booking_id = $1 AND consumed_at IS NULL`, [
      game.id,
      now,
    ]);
    this.games.ended.next({ bookingId: game.id, userId: user.id });
    const [{ running }] = await this.bookings.query<[{ running: number }]>(
      `SELECT count(*)::int AS running FROM bookings
        WHERE cancelled_at IS NULL AND started_at IS NOT NULL AND ended_at IS NULL AND ends_at > $1`,
      [now],
    );
    if (running === 0) {
      await this.commands
        .run({ action: 'light.off', device: 'light', requestedBy: user.id })
        .catch((error: unknown) => this.logger.warn({ game: game.id, error: String(error) }, 'light not switched off'));
    }
    this.logger.log({ user: user.id, game: game.id, running }, 'game ended');
  }

  /** The caller's own live game; anyone else's is "not found" (its existence is not confirmed). */
  private async ownGame(user: User, gameId: number): Promise<Booking> {
    const game = await this.bookings.findOneBy({ id: gameId, userId: user.id, cancelledAt: IsNull() });
    if (!game) throw new DetailException(404, messages.gameNotFound);
    return game;
  }

  private hash(bookingId: number, code: string): string {
    return createHmac('sha256', this.key).update(`${bookingId}:${code}`).digest('base64url');
  }
}
