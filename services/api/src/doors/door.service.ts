import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt } from 'node:crypto';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { BookingError, DeviceError, DoorError, gameStartsAtMessage, messages } from '@kort/contracts';
import { Booking } from '../bookings/booking.entity';
import { GamePlay } from '../bookings/game-play';
import { GameReads } from '../bookings/game-reads';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { RateLimiter } from '../common/rate-limiter.service';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import { CommandsService } from '../devices/commands.service';
import { GameEvents } from '../devices/game-events';
import { doorWindow } from '../offline/door-window';
import { OfflinePins } from '../offline/offline-pins';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';

export const DOOR_POLICY = {
  codeLifetimeMs: 2 * 60_000,
  /** Wrong tries per game within `failureWindowMs`, across all its codes: a new code resets nothing. */
  maxAttempts: 5,
  failureWindowMs: 10 * 60_000,
  /** Codes a player may ask for within 10 minutes. */
  sendsPer10Minutes: 10,
} as const;

const DOOR_LOCK = 0x646f6f72; // 'door'

/**
 * 503 to the game's owner while the site's agent is offline: the keypad at the door takes the
 * game's offline PIN instead of a code on the display. The body never reaches a log line.
 */

/** A door code the caller may still use, with its game's site. */
interface LiveCode {
  id: number;
  booking_id: number;
  code_hash: string;
  site_id: string;
  online: boolean;
  sensor: boolean;
  /** The game has not started yet: this opening, once it happened, starts it. */
  unstarted: boolean;
}

/**
 * The door flow: the player asks for a code,
 * which appears only on the door display; typing or scanning it at the door proves presence and
 * opens the door. The first opening starts the game; ending the last running game puts the light out.
 * Every step acts at the game's own site (its agent, its door, its light, its clock), whichever site
 * the player has chosen in the app.
 */
@Injectable()
export class DoorService {
  private readonly logger = new Logger('Door');
  private readonly key: Buffer;

  constructor(
    private readonly db: DataSource,
    @InjectRepository(Booking) private readonly bookingRows: Repository<Booking>,
    private readonly play: GamePlay,
    private readonly gameReads: GameReads,
    private readonly commands: CommandsService,
    private readonly games: GameEvents,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly pins: OfflinePins,
    private readonly config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('door-codes').digest();
  }

  /**
   * Issues a one-time code for the caller's game and shows it on the door display. With the site's
   * agent offline the owner gets the game's offline PIN for the keypad instead (503).
   */
  async sendCode(user: User, gameId: number): Promise<void> {
    const game = await this.ownGame(user, gameId);
    const now = this.clock.now();
    const window = doorWindow(game, this.config.doorWindow);
    const site = await this.gameReads.siteOf(game.id);
    if (now < window.open) {
      const startsAt = this.time.of(site).time(game.startsAt);
      throw new KortError(DoorError.TooEarly, { detail: gameStartsAtMessage(startsAt) });
    }
    if (now >= window.close || game.endedAt) throw new KortError(DoorError.GameOver);
    await this.limiter.enforce(`door-send:${user.id}`, DOOR_POLICY.sendsPer10Minutes, 600);
    if (!site.online) throw this.offlinePin(user, game.id);

    const code = randomInt(0, 10_000).toString().padStart(4, '0');
    const expiresAt = new Date(Math.min(now.getTime() + DOOR_POLICY.codeLifetimeMs, window.close.getTime()));
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
    try {
      // The display clears the code by wall-clock time: give it the same lifetime from now.
      await this.commands.run({
        action: 'display.show',
        device: null,
        requestedBy: user.id,
        site,
        bookingId: game.id,
        params: { code, expiresAt: Date.now() + (expiresAt.getTime() - now.getTime()), gameId: game.id },
      });
    } catch (error) {
      // The agent went away between the check and the command.
      if (error instanceof KortError && error.code === DeviceError.AgentOffline) throw this.offlinePin(user, game.id);
      throw error;
    }
    this.logger.log({ user: user.id, game: game.id }, 'door code shown on the display');
  }

  /** A code typed or scanned at the door: opens it for one of the caller's games in its window. */
  async openWithCode(user: User, code: string): Promise<void> {
    const now = this.clock.now();
    const match = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [DOOR_LOCK, user.id]);
      // Live codes of the caller's games in their window, unless the game used up its tries.
      // With each code, its game's site: read here, not in a query of its own after the match.
      const live = await tx.query<LiveCode[]>(
        `SELECT c.id, c.booking_id, c.code_hash, s.id AS site_id, s.online, s.door_closed IS NOT NULL AS sensor,
                b.started_at IS NULL AS unstarted
           FROM door_codes c JOIN bookings b ON b.id = c.booking_id
           JOIN courts ct ON ct.id = b.court_id JOIN sites s ON s.id = ct.site_id
          WHERE b.user_id = $1 AND b.cancelled_at IS NULL AND b.held_until IS NULL AND b.ended_at IS NULL
            AND b.ends_at + make_interval(mins => $6) > $2 AND b.starts_at - make_interval(mins => $5) <= $2
            AND c.consumed_at IS NULL AND c.expires_at > $2
            AND (SELECT coalesce(sum(f.attempts), 0) FROM door_codes f
                  WHERE f.booking_id = b.id AND f.last_failed_at > $3) < $4`,
        [
          user.id,
          now,
          new Date(now.getTime() - DOOR_POLICY.failureWindowMs),
          DOOR_POLICY.maxAttempts,
          this.config.doorWindow.opensBeforeMin,
          this.config.doorWindow.closesAfterMin,
        ],
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
      // The opening's audit row commits with the code it uses up.
      const command = this.commands.prepare({
        action: 'door.open',
        device: 'door',
        requestedBy: user.id,
        site: { id: found.site_id },
        bookingId: found.booking_id,
        params: { gameId: found.booking_id },
      });
      await this.commands.record(command, tx);
      return { ...found, command };
    });
    if (match === null) throw new KortError(DoorError.WrongCode);
    const site = { id: match.site_id, sensor: match.sensor };
    await this.commands.deliver(match.command);
    // The game starts with the first opening that really happened (not when the agent was offline).
    // With a door sensor, only the agent's door.opened report proves it (the outbox starts it).
    if (!site.sensor && match.unstarted) await this.play.markStarted([{ id: match.booking_id, at: now }]);
    this.logger.log({ user: user.id, game: match.booking_id, sensor: site.sensor }, 'door opened with a code');
  }

  /** Ends the caller's game; the light goes out when no other game is running at its site. */
  async endGame(user: User, gameId: number): Promise<void> {
    const game = await this.ownGame(user, gameId);
    if (!game.startedAt) throw new KortError(DoorError.GameNotStarted);
    const now = this.clock.now();
    await this.play.markEnded(game.id, now);
    const [unused] = await this.bookingRows.query<[{ id: number }[], number]>(
      `UPDATE door_codes SET consumed_at = $2 WHERE booking_id = $1 AND consumed_at IS NULL AND expires_at > $2
       RETURNING id`,
      [game.id, now],
    );
    this.games.ended.next({ bookingId: game.id, userId: user.id });
    const site = await this.gameReads.siteOf(game.id);
    // A code still on the door display for this game goes at once (best effort: it expires anyway).
    if (site.online && unused.length > 0) {
      await this.commands
        .run({
          action: 'display.clear',
          device: null,
          requestedBy: user.id,
          site,
          bookingId: game.id,
          params: { gameId: game.id },
        })
        .catch((error: unknown) =>
          this.logger.warn({ game: game.id, error: String(error) }, 'door display not cleared'),
        );
    }
    const running = await this.gameReads.runningAt(site, now);
    if (running === 0) {
      await this.commands
        .run({ action: 'light.off', device: 'light', requestedBy: user.id, site })
        .catch((error: unknown) => this.logger.warn({ game: game.id, error: String(error) }, 'light not switched off'));
    }
    this.logger.log({ user: user.id, game: game.id, running }, 'game ended');
  }

  /** The owner only (ownGame checked it); the PIN itself is never logged. */
  /** 503 for the game's owner, with the offline PIN to type at the door's keypad. */
  private offlinePin(user: User, gameId: number): KortError {
    this.logger.log({ user: user.id, game: gameId }, 'agent offline: the offline PIN given to the owner');
    return new KortError(DeviceError.AgentOffline, {
      detail: messages.offlinePin,
      extra: { offline_pin: this.pins.pin(gameId) },
    });
  }

  /** The caller's own live game; anyone else's is "not found" (its existence is not confirmed). */
  private async ownGame(user: User, gameId: number): Promise<Booking> {
    const game = await this.bookingRows.findOneBy({
      id: gameId,
      userId: user.id,
      cancelledAt: IsNull(),
      heldUntil: IsNull(),
    });
    if (!game) throw new KortError(BookingError.GameNotFound);
    // A priced game waiting for its payment gets no door code (docs/decisions/0080-payments.md).
    const [unpaid] = await this.db.query<unknown[]>(
      `SELECT 1 FROM game_payments WHERE booking_id = $1 AND paid_at IS NULL`,
      [game.id],
    );
    if (unpaid) throw new KortError(DoorError.NotPaid);
    return game;
  }

  private hash(bookingId: number, code: string): string {
    return createHmac('sha256', this.key).update(`${bookingId}:${code}`).digest('base64url');
  }
}
