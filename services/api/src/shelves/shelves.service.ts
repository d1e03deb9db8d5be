import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { DataSource } from 'typeorm';
import {
  type CurrentShelf,
  EQUIPMENT_SHELVES,
  type EquipmentView,
  PLAYER_SHELVES,
  type RelayId,
  ShelfError,
  type ShelfView,
} from '@kort/contracts';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import { CommandsService } from '../devices/commands.service';
import { DEFAULT_SITE } from '../common/sites';
import { DevicesService } from '../devices/devices.service';
import { GameEvents } from '../devices/game-events';
import { SettingsService } from '../rules/settings.service';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';

interface ShelfRow {
  id: number;
  is_blocked: boolean;
  renter: number | null;
}

const relayOf = (shelfId: number): RelayId => `shelf-${shelfId}` as RelayId;
const isEquipment = (shelfId: number): boolean => (EQUIPMENT_SHELVES as readonly number[]).includes(shelfId);

/**
 * Storage (spec sections 2-4, 7): players rent one of shelves 1-9 and open and close it through the
 * edge agent; on the day of their game they take equipment from compartments 10-11, a loan that
 * ends when they return it or the game ends. A player only ever touches their own rental or loan.
 */
@Injectable()
export class ShelvesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Shelves');
  private subscription?: Subscription;

  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandsService,
    private readonly settings: SettingsService,
    private readonly games: GameEvents,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly devices: DevicesService,
  ) {}

  onModuleInit(): void {
    this.subscription = this.games.ended.subscribe(({ bookingId, userId }) => {
      this.endLoans(`booking_id = $1`, [bookingId], 'game-ended', userId).catch((error: unknown) =>
        this.logger.error({ booking: bookingId, error: String(error) }, 'equipment loans not closed'),
      );
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  isEnabled(): Promise<boolean> {
    return this.settings.storageEnabled();
  }

  async list(): Promise<ShelfView[]> {
    const rows = await this.shelves(PLAYER_SHELVES);
    return rows.map((row) => ({
      id: row.id,
      name: String(row.id),
      status: row.is_blocked ? 'blocked' : row.renter ? 'occupied' : 'free',
      is_blocked: row.is_blocked,
    }));
  }

  async current(user: User): Promise<CurrentShelf | null> {
    const [rental] = await this.db.query<{ id: number; shelf_id: number }[]>(
      `SELECT id, shelf_id FROM shelf_rentals WHERE user_id = $1 AND ended_at IS NULL`,
      [user.id],
    );
    if (!rental) return null;
    const { relays } = await this.devices.state(DEFAULT_SITE);
    return {
      name: String(rental.shelf_id),
      id: rental.shelf_id,
      id_reserve: rental.id,
      is_open: relays[relayOf(rental.shelf_id)] ?? false,
    };
  }

  async reserve(user: User, shelfId: number): Promise<CurrentShelf> {
    await this.assertEnabled();
    if (isEquipment(shelfId)) throw new KortError(ShelfError.NotFound);
    const [shelf] = await this.shelves([shelfId]);
    if (!shelf) throw new KortError(ShelfError.NotFound);
    if (shelf.is_blocked) throw new KortError(ShelfError.Blocked);
    try {
      const [rental] = await this.db.query<{ id: number }[]>(
        `INSERT INTO shelf_rentals (shelf_id, user_id, started_at) VALUES ($1, $2, $3) RETURNING id`,
        [shelfId, user.id, this.clock.now()],
      );
      this.logger.log({ user: user.id, shelf: shelfId }, 'shelf rented');
      return { name: String(shelfId), id: shelfId, id_reserve: rental!.id, is_open: false };
    } catch (error) {
      const { constraint } = postgresError(error);
      if (constraint === 'shelf_rentals_live_user') throw new KortError(ShelfError.AlreadyRenting);
      if (constraint === 'shelf_rentals_live_shelf') throw new KortError(ShelfError.Taken);
      throw error;
    }
  }

  /** The renter opens or closes their shelf; on the day of a game, a player takes or returns equipment. */
  async move(user: User, shelfId: number, open: boolean): Promise<void> {
    await this.assertEnabled();
    const [shelf] = await this.shelves([shelfId]);
    if (!shelf) throw new KortError(ShelfError.NotFound);
    if (shelf.is_blocked) throw new KortError(ShelfError.Blocked);
    if (isEquipment(shelfId)) return open ? this.takeEquipment(user, shelfId) : this.returnEquipment(user, shelfId);
    if (shelf.renter !== user.id) throw new KortError(ShelfError.NotYours);
    await this.run(user, shelfId, open);
  }

  async endRental(user: User, reservationId: number): Promise<void> {
    const [ended] = await this.db.query<[{ shelf_id: number }[], number]>(
      `UPDATE shelf_rentals SET ended_at = $3, ended_reason = 'player'
        WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING shelf_id`,
      [reservationId, user.id, this.clock.now()],
    );
    const shelfId = ended[0]?.shelf_id;
    if (shelfId === undefined) throw new KortError(ShelfError.RentalNotFound);
    this.logger.log({ user: user.id, shelf: shelfId }, 'shelf rental ended');
    // Leave the shelf locked for the next renter; a failure here is for the admin, not the player.
    await this.run(user, shelfId, false).catch((error: unknown) =>
      this.logger.warn({ shelf: shelfId, error: String(error) }, 'shelf not locked after the rental'),
    );
  }

  async inventory(user: User): Promise<EquipmentView[]> {
    await this.closeOverdueLoans();
    const rows = await this.db.query<{ id: number; is_blocked: boolean; holder: number | null }[]>(
      `SELECT s.id, s.is_blocked, l.user_id AS holder FROM shelves s
         LEFT JOIN equipment_loans l ON l.shelf_id = s.id AND l.ended_at IS NULL
        WHERE s.kind = 'equipment' ORDER BY s.id`,
    );
    const names = await Promise.all(rows.map((row) => this.settings.equipmentName(row.id)));
    return rows.map((row, i) => ({
      id: row.id,
      name: names[i]!,
      status: row.is_blocked ? 'blocked' : row.holder ? 'on_loan' : 'free',
      is_blocked: row.is_blocked,
      mine: row.holder === user.id,
    }));
  }

  async gameToday(user: User): Promise<number | null> {
    const now = this.clock.now();
    const today = this.time.day(now);
    const [game] = await this.db.query<{ id: number }[]>(
      `SELECT id FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL AND ended_at IS NULL
          AND starts_at >= $2 AND starts_at < $3 AND ends_at > $4 ORDER BY starts_at LIMIT 1`,
      [user.id, today.start, today.end, now],
    );
    return game?.id ?? null;
  }

  // Admin: any shelf or compartment, whoever rents it.

  async adminMove(admin: User, shelfId: number, open: boolean): Promise<void> {
    await this.run(admin, shelfId, open);
  }

  private async takeEquipment(user: User, shelfId: number): Promise<void> {
    await this.closeOverdueLoans();
    const bookingId = await this.gameToday(user);
    if (bookingId === null) throw new KortError(ShelfError.NoGameToday);
    const [held] = await this.db.query<{ id: number; user_id: number }[]>(
      `SELECT id, user_id FROM equipment_loans WHERE shelf_id = $1 AND ended_at IS NULL`,
      [shelfId],
    );
    if (held && held.user_id !== user.id) throw new KortError(ShelfError.EquipmentOnLoan);
    let loanId = held?.id;
    if (!loanId) {
      try {
        const [loan] = await this.db.query<{ id: number }[]>(
          `INSERT INTO equipment_loans (shelf_id, user_id, booking_id, started_at) VALUES ($1, $2, $3, $4) RETURNING id`,
          [shelfId, user.id, bookingId, this.clock.now()],
        );
        loanId = loan!.id;
      } catch (error) {
        if (postgresError(error).code === UNIQUE_VIOLATION) {
          throw new KortError(ShelfError.EquipmentOnLoan);
        }
        throw error;
      }
    }
    try {
      await this.run(user, shelfId, true);
    } catch (error) {
      // The compartment did not open: nothing was taken.
      if (!held) await this.db.query(`DELETE FROM equipment_loans WHERE id = $1`, [loanId]);
      throw error;
    }
  }

  private async returnEquipment(user: User, shelfId: number): Promise<void> {
    const [loan] = await this.db.query<{ id: number }[]>(
      `SELECT id FROM equipment_loans WHERE shelf_id = $1 AND user_id = $2 AND ended_at IS NULL`,
      [shelfId, user.id],
    );
    if (!loan) throw new KortError(ShelfError.NotYours);
    await this.run(user, shelfId, false);
    await this.db.query(`UPDATE equipment_loans SET ended_at = $2, ended_reason = 'returned' WHERE id = $1`, [
      loan.id,
      this.clock.now(),
    ]);
  }

  /** Loans whose game is over (ended, cancelled or past its hour) end with it. */
  private async closeOverdueLoans(): Promise<void> {
    await this.endLoans(
      `booking_id IN (SELECT id FROM bookings WHERE ended_at IS NOT NULL OR cancelled_at IS NOT NULL OR ends_at <= $1)`,
      [this.clock.now()],
      'game-ended',
      null,
    );
  }

  private async endLoans(
    where: string,
    parameters: unknown[],
    reason: string,
    requestedBy: number | null,
  ): Promise<void> {
    const now = this.clock.now();
    const [ended] = await this.db.query<[{ shelf_id: number }[], number]>(
      `UPDATE equipment_loans SET ended_at = $${parameters.length + 1}, ended_reason = $${parameters.length + 2}
        WHERE ended_at IS NULL AND ${where} RETURNING shelf_id`,
      [...parameters, now, reason],
    );
    for (const { shelf_id: shelfId } of ended) {
      await this.commands
        .run({ action: 'shelf.close', device: relayOf(shelfId), requestedBy })
        .catch((error: unknown) =>
          this.logger.warn({ shelf: shelfId, error: String(error) }, 'compartment not closed'),
        );
    }
  }

  private async run(user: User, shelfId: number, open: boolean): Promise<void> {
    await this.commands.run({
      action: open ? 'shelf.open' : 'shelf.close',
      device: relayOf(shelfId),
      requestedBy: user.id,
    });
  }

  private async assertEnabled(): Promise<void> {
    if (!(await this.isEnabled())) throw new KortError(ShelfError.StorageOff);
  }

  private shelves(ids: readonly number[]): Promise<ShelfRow[]> {
    return this.db.query<ShelfRow[]>(
      `SELECT s.id, s.is_blocked, r.user_id AS renter FROM shelves s
         LEFT JOIN shelf_rentals r ON r.shelf_id = s.id AND r.ended_at IS NULL
        WHERE s.id = ANY($1::int[]) ORDER BY s.id`,
      [ids],
    );
  }
}
