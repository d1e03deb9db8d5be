import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import { Court } from './court.entity';

/** Every court of the install, as kept: by site (each in its club's order) and by number. */
interface CourtDirectory {
  bySite: ReadonlyMap<string, readonly Court[]>;
  byId: ReadonlyMap<number, Court>;
}

export interface CourtFields {
  name: string;
  active: boolean;
  sortOrder: number;
}

/**
 * The sites' courts: the one writer of `courts`, and their list kept in memory until a court
 * changes (cache/change-feed.ts), each site's in its club's order (sort_order, then number). A
 * court's number is the install's (courts of every site share one numbering).
 */
@Injectable()
export class CourtsService {
  private readonly cache: LocalCache<CourtDirectory>;

  constructor(
    @InjectRepository(Court) private readonly courts: Repository<Court>,
    feed: ChangeFeed,
  ) {
    this.cache = feed.cache('courts', { maxEntries: 1 });
  }

  /** Every court of the site, active or not. */
  async list(site: SiteRef): Promise<Court[]> {
    return [...((await this.directory()).bySite.get(site.id) ?? [])];
  }

  /** The site's courts a game can be booked on. */
  async active(site: SiteRef): Promise<Court[]> {
    return (await this.list(site)).filter((court) => court.active);
  }

  /** A court by its number, whichever site it is at (its `siteId` says which). */
  async find(id: number): Promise<Court | undefined> {
    return (await this.directory()).byId.get(id);
  }

  /** The court when it is one of the site's, else undefined (another site's court is not this site's). */
  async findAt(site: SiteRef, id: number): Promise<Court | undefined> {
    const court = await this.find(id);
    return court?.siteId === site.id ? court : undefined;
  }

  private directory(): Promise<CourtDirectory> {
    return this.cache.get('all', async () => {
      const courts = await this.courts.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
      const bySite = new Map<string, Court[]>();
      for (const court of courts) {
        // Shared between requests, as every kept value (a Map's contents are not frozen with it).
        Object.freeze(court);
        bySite.set(court.siteId, [...(bySite.get(court.siteId) ?? []), court]);
      }
      return { bySite, byId: new Map(courts.map((court) => [court.id, court])) };
    });
  }

  /** How a letter names the court mid-sentence: 'корт 2' for the seed's names, else the club's name ('Грунт'). */
  async label(id: number): Promise<string> {
    return courtLabel(id, (await this.find(id))?.name);
  }

  /** A new court, numbered after the others, last in the order unless given a place. */
  async create(tx: Writer, siteId: string, fields: Partial<CourtFields> & { name: string }): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO courts (name, site_id, active, sort_order)
       VALUES ($1, $2, $3, coalesce($4, (SELECT coalesce(max(sort_order), 0) + 1 FROM courts WHERE site_id = $2)))
       RETURNING id`,
      [fields.name, siteId, fields.active ?? true, fields.sortOrder ?? null],
    );
    return row!.id;
  }

  /** Changes the given fields; the court's row is locked for the caller's transaction. */
  async update(tx: Writer, id: number, fields: Partial<CourtFields>): Promise<void> {
    await tx.query(
      `UPDATE courts SET name = coalesce($2, name), active = coalesce($3, active), sort_order = coalesce($4, sort_order)
        WHERE id = $1`,
      [id, fields.name ?? null, fields.active ?? null, fields.sortOrder ?? null],
    );
  }

  /** The court as it is in the caller's transaction, locked against other changes until it ends. */
  async lock(tx: Writer, id: number): Promise<Court | undefined> {
    const [row] = await tx.query<
      { id: number; name: string; site_id: string; active: boolean; sort_order: number; created_at: Date }[]
    >(`SELECT id, name, site_id, active, sort_order, created_at FROM courts WHERE id = $1 FOR UPDATE`, [id]);
    return row
      ? {
          id: row.id,
          name: row.name,
          siteId: row.site_id,
          active: row.active,
          sortOrder: row.sort_order,
          createdAt: row.created_at,
        }
      : undefined;
  }

  /**
   * Deletes a court that never had a game, a closure or a term: true when it is gone, false when
   * its history keeps it (it can only be made inactive).
   */
  async deleteUnused(tx: Writer, id: number): Promise<boolean> {
    const [, deleted] = await tx.query<[unknown[], number]>(
      `DELETE FROM courts c WHERE c.id = $1
         AND NOT EXISTS (SELECT 1 FROM bookings WHERE court_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM closures WHERE court_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM series WHERE court_id = c.id)`,
      [id],
    );
    return deleted === 1;
  }
}

/** 'корт 2' for a court named as the seed names them («Корт 2»), else its own name. */
export function courtLabel(id: number, name: string | undefined): string {
  return name === undefined || name === defaultCourtName(id) ? `корт ${id}` : name;
}

/** The name a court has until the club names it: «Корт 2». */
export const defaultCourtName = (id: number): string => `Корт ${id}`;
