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
import { GameReads } from '../bookings/game-reads';
import { gamesSql } from '../bookings/games-sql';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import { CommandsService } from '../devices/commands.service';
import { DevicesService } from '../devices/devices.service';
import { GameEvents } from '../devices/game-events';
import { SettingsService } from '../rules/settings.service';
import type { SiteRef } from '../common/site-ref';
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
 * Storage: players rent one of shelves 1-9 and open and close it through the
 * edge agent; on the day of their game they take equipment from compartments 10-11, a loan that
 * ends when they return it or the game ends. A player only ever touches their own rental or loan.
 * Every site has its own shelves and compartments, numbered as its agent's relays: a player acts on
 * those of their current site, and may rent one shelf at each site they play at.
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
    private readonly gameReads: GameReads,
  ) {}

  onModuleInit(): void {
    // The game's loans are at its own site: each ended loan's compartment is closed by its site's agent.
    this.subscription = this.games.ended.subscribe(({ bookingId, userId }) => {
      this.endLoans(`booking_id = $1`, [bookingId], 'game-ended', userId).catch((error: unknown) =>
        this.logger.error({ booking: bookingId, error: String(error) }, 'equipment loans not closed'),
      );
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  isEnabled(site: SiteRef): Promise<boolean> {
    return this.settings.storageEnabled(site);
  }

  async list(site: SiteRef): Promise<ShelfView[]> {
    const rows = await this.shelves(site, PLAYER_SHELVES);
    return rows.map((row) => ({
      id: row.id,
      name: String(row.id),
      status: row.is_blocked ? 'blocked' : row.renter ? 'occupied' : 'free',
      is_blocked: row.is_blocked,
    }));
  }

  /** The caller's live rental at the site. */
  async current(site: SiteRef, user: User): Promise<CurrentShelf | null> {
    const [rental] = await this.db.query<{ id: number; shelf_id: number }[]>(
      `SELECT id, shelf_id FROM shelf_rentals WHERE site_id = $1 AND user_id = $2 AND ended_at IS NULL`,
      [site.id, user.id],
    );
    if (!rental) return null;
    const { relays } = await this.devices.state(site);
    return {
      name: String(rental.shelf_id),
      id: rental.shelf_id,
      id_reserve: rental.id,
      is_open: relays[relayOf(rental.shelf_id)] ?? false,
    };
  }

  async reserve(site: SiteRef, user: User, shelfId: number): Promise<CurrentShelf> {
    await this.assertEnabled(site);
    if (isEquipment(shelfId)) throw new KortError(ShelfError.NotFound);
    const [shelf] = await this.shelves(site, [shelfId]);
    if (!shelf) throw new KortError(ShelfError.NotFound);
    if (shelf.is_blocked) throw new KortError(ShelfError.Blocked);
    try {
      const [rental] = await this.db.query<{ id: number }[]>(
        `INSERT INTO shelf_rentals (site_id, shelf_id, user_id, started_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [site.id, shelfId, user.id, this.clock.now()],
      );
      this.logger.log({ site: site.id, user: user.id, shelf: shelfId }, 'shelf rented');
      return { name: String(shelfId), id: shelfId, id_reserve: rental!.id, is_open: false };
    } catch (error) {
      const { constraint } = postgresError(error);
      if (constraint === 'shelf_rentals_live_user') throw new KortError(ShelfError.AlreadyRenting);
      if (constraint === 'shelf_rentals_live_shelf') throw new KortError(ShelfError.Taken);
      throw error;
    }
  }

  /** The renter opens or closes their shelf; on the day of a game, a player takes or returns equipment. */
  async move(site: SiteRef, user: User, shelfId: number, open: boolean): Promise<void> {
    await this.assertEnabled(site);
    const [shelf] = await this.shelves(site, [shelfId]);
    if (!shelf) throw new KortError(ShelfError.NotFound);
    if (shelf.is_blocked) throw new KortError(ShelfError.Blocked);
    if (isEquipment(shelfId)) {
      return open ? this.takeEquipment(site, user, shelfId) : this.returnEquipment(site, user, shelfId);
    }
    if (shelf.renter !== user.id) throw new KortError(ShelfError.NotYours);
    await this.run(site, user, shelfId, open);
  }

  /** Ends the caller's rental at the site (a rental at another site is ended from that site). */
  async endRental(site: SiteRef, user: User, reservationId: number): Promise<void> {
    const [ended] = await this.db.query<[{ shelf_id: number }[], number]>(
      `UPDATE shelf_rentals SET ended_at = $4, ended_reason = 'player'
        WHERE id = $1 AND site_id = $2 AND user_id = $3 AND ended_at IS NULL RETURNING shelf_id`,
      [reservationId, site.id, user.id, this.clock.now()],
    );
    const shelfId = ended[0]?.shelf_id;
    if (shelfId === undefined) throw new KortError(ShelfError.RentalNotFound);
    this.logger.log({ site: site.id, user: user.id, shelf: shelfId }, 'shelf rental ended');
    // Leave the shelf locked for the next renter; a failure here is for the admin, not the player.
    await this.run(site, user, shelfId, false).catch((error: unknown) =>
      this.logger.warn({ shelf: shelfId, error: String(error) }, 'shelf not locked after the rental'),
    );
  }

  async inventory(site: SiteRef, user: User): Promise<EquipmentView[]> {
    await this.closeOverdueLoans(site);
    const rows = await this.db.query<{ id: number; is_blocked: boolean; holder: number | null }[]>(
      `SELECT s.id, s.is_blocked, l.user_id AS holder FROM shelves s
         LEFT JOIN equipment_loans l ON l.site_id = s.site_id AND l.shelf_id = s.id AND l.ended_at IS NULL
        WHERE s.site_id = $1 AND s.kind = 'equipment' ORDER BY s.id`,
      [site.id],
    );
    const names = await Promise.all(rows.map((row) => this.settings.equipmentName(site, row.id)));
    return rows.map((row, i) => ({
      id: row.id,
      name: names[i]!,
      status: row.is_blocked ? 'blocked' : row.holder ? 'on_loan' : 'free',
      is_blocked: row.is_blocked,
      mine: row.holder === user.id,
    }));
  }

  /** The caller's game today at the site (its local day): equipment there is lent for it. */
  async gameToday(site: SiteRef, user: User): Promise<number | null> {
    const now = this.clock.now();
    const today = this.time.of(site).day(now);
    return this.gameReads.playingOn(site, user.id, today.start, today.end, now);
  }

  // Admin: any shelf or compartment of the chosen site, whoever rents it.

  async adminMove(site: SiteRef, admin: User, shelfId: number, open: boolean): Promise<void> {
    const [shelf] = await this.shelves(site, [shelfId]);
    if (!shelf) throw new KortError(ShelfError.NotFound);
    await this.run(site, admin, shelfId, open);
  }

  private async takeEquipment(site: SiteRef, user: User, shelfId: number): Promise<void> {
    await this.closeOverdueLoans(site);
    const bookingId = await this.gameToday(site, user);
    if (bookingId === null) throw new KortError(ShelfError.NoGameToday);
    const [held] = await this.db.query<{ id: number; user_id: number }[]>(
      `SELECT id, user_id FROM equipment_loans WHERE site_id = $1 AND shelf_id = $2 AND ended_at IS NULL`,
      [site.id, shelfId],
    );
    if (held && held.user_id !== user.id) throw new KortError(ShelfError.EquipmentOnLoan);
    let loanId = held?.id;
    if (!loanId) {
      try {
        const [loan] = await this.db.query<{ id: number }[]>(
          `INSERT INTO equipment_loans (site_id, shelf_id, user_id, booking_id, started_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [site.id, shelfId, user.id, bookingId, this.clock.now()],
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
      await this.run(site, user, shelfId, true);
    } catch (error) {
      // The compartment did not open: nothing was taken.
      if (!held) await this.db.query(`DELETE FROM equipment_loans WHERE id = $1`, [loanId]);
      throw error;
    }
  }

  private async returnEquipment(site: SiteRef, user: User, shelfId: number): Promise<void> {
    const [loan] = await this.db.query<{ id: number }[]>(
      `SELECT id FROM equipment_loans WHERE site_id = $1 AND shelf_id = $2 AND user_id = $3 AND ended_at IS NULL`,
      [site.id, shelfId, user.id],
    );
    if (!loan) throw new KortError(ShelfError.NotYours);
    await this.run(site, user, shelfId, false);
    await this.db.query(`UPDATE equipment_loans SET ended_at = $2, ended_reason = 'returned' WHERE id = $1`, [
      loan.id,
      this.clock.now(),
    ]);
  }

  /** The site's loans whose game is over (ended, cancelled or past its hour) end with it. */
  private async closeOverdueLoans(site: SiteRef): Promise<void> {
    await this.endLoans(
      `site_id = $1 AND booking_id IN (${gamesSql.overAt('$1', '$2')})`,
      [site.id, this.clock.now()],
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
    const [ended] = await this.db.query<[{ site_id: string; shelf_id: number }[], number]>(
      `UPDATE equipment_loans SET ended_at = $${parameters.length + 1}, ended_reason = $${parameters.length + 2}
        WHERE ended_at IS NULL AND ${where} RETURNING site_id, shelf_id`,
      [...parameters, now, reason],
    );
    for (const { site_id: siteId, shelf_id: shelfId } of ended) {
      await this.commands
        .run({ site: { id: siteId }, action: 'shelf.close', device: relayOf(shelfId), requestedBy })
        .catch((error: unknown) =>
          this.logger.warn({ shelf: shelfId, error: String(error) }, 'compartment not closed'),
        );
    }
  }

  private async run(site: SiteRef, user: User, shelfId: number, open: boolean): Promise<void> {
    await this.commands.run({
      site,
      action: open ? 'shelf.open' : 'shelf.close',
      device: relayOf(shelfId),
      requestedBy: user.id,
    });
  }

  private async assertEnabled(site: SiteRef): Promise<void> {
    if (!(await this.isEnabled(site))) throw new KortError(ShelfError.StorageOff);
  }

  private shelves(site: SiteRef, ids: readonly number[]): Promise<ShelfRow[]> {
    return this.db.query<ShelfRow[]>(
      `SELECT s.id, s.is_blocked, r.user_id AS renter FROM shelves s
         LEFT JOIN shelf_rentals r ON r.site_id = s.site_id AND r.shelf_id = s.id AND r.ended_at IS NULL
        WHERE s.site_id = $1 AND s.id = ANY($2::int[]) ORDER BY s.id`,
      [site.id, ids],
    );
  }
}
