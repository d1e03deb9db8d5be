import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { SiteError, type AdminSite, type SiteCreateBody, type SiteUpdateBody } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { UNIQUE_VIOLATION } from '../common/postgres-error';
import { seedNewSite } from '../database/seed';
import { installShelves } from '../shelves/site-shelves';
import { AgentTokens } from '../devices/agent-tokens';
import { SitesService } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { boolValue, idsOf, listQuery, pageInMemory, type ListQuery } from '../resources/list-query';
import type { Page } from '../resources/sql-list';

const SORTABLE = ['id', 'name', 'slug', 'timezone', 'online', 'last_seen_at', 'created_at'] as const;
type SiteField = (typeof SORTABLE)[number];
const sitesFilter = z.strictObject({
  id: idsOf(z.string().max(64)).optional(),
  /** Name, slug or address contains it (case-insensitive). */
  q: z.string().max(200).optional(),
  online: boolValue.optional(),
});
export const sitesListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'created_at', order: 'ASC' },
  filter: sitesFilter,
});
type SitesQuery = ListQuery<SiteField, z.output<typeof sitesFilter>>;

interface SiteRow {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  address: string;
  online: boolean;
  last_seen_at: Date | null;
  has_agent_token: boolean;
  agent_version: string | null;
  created_at: Date;
}

/**
 * The dashboard's `sites` resource: every site for an owner, the ones they run for an admin (a site
 * they do not run is "not found", like any record of another site). Only owners create and edit
 * sites and issue agent tokens. A new site starts as the spec's club: two courts, its rules, hours
 * and quotas (seedNewSite), shelves 1-9 and equipment 10-11 (its storage switched off in its settings
 * if the site has none).
 */
@Injectable()
export class AdminSitesService {
  private readonly logger = new Logger('Sites');

  constructor(
    private readonly db: DataSource,
    private readonly sites: SitesService,
    private readonly tokens: AgentTokens,
  ) {}

  async list(user: User, query: SitesQuery): Promise<Page<AdminSite>> {
    const { id, q, online } = query.filter;
    const needle = q?.toLowerCase();
    const rows = (await this.rows(user)).filter(
      (site) =>
        (!id || id.includes(site.id)) &&
        (online === undefined || site.online === online) &&
        (!needle || [site.name, site.slug, site.address].some((text) => text.toLowerCase().includes(needle))),
    );
    return pageInMemory(rows, query);
  }

  async get(user: User, id: string): Promise<AdminSite> {
    const [site] = await this.rows(user, id);
    if (!site) throw new KortError(SiteError.NotFound);
    return site;
  }

  async create(user: User, body: Required<SiteCreateBody>): Promise<AdminSite> {
    this.ownersOnly(user);
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO sites (id, name, slug, timezone, address) VALUES ($1, $2, $1, $3, $4)`, [
          body.slug,
          body.name,
          body.timezone,
          body.address,
        ]);
        await seedNewSite(tx, body.slug);
        await installShelves(tx, body.slug);
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new KortError(SiteError.SlugTaken);
      throw error;
    }
    this.sites.wrote();
    this.logger.log({ site: body.slug, by: user.id }, 'site created');
    return this.get(user, body.slug);
  }

  async update(user: User, id: string, body: SiteUpdateBody): Promise<AdminSite> {
    this.ownersOnly(user);
    await this.get(user, id);
    await this.db.query(
      `UPDATE sites SET name = coalesce($2, name), timezone = coalesce($3, timezone), address = coalesce($4, address)
        WHERE id = $1`,
      [id, body.name ?? null, body.timezone ?? null, body.address ?? null],
    );
    this.sites.wrote();
    this.logger.log({ site: id, by: user.id, fields: Object.keys(body) }, 'site changed');
    return this.get(user, id);
  }

  /**
   * A new agent token for the site, returned this once (only its hash is kept). The old token stops
   * working: the agent connected with it is disconnected on every replica.
   */
  async issueAgentToken(user: User, id: string): Promise<{ token: string }> {
    this.ownersOnly(user);
    await this.get(user, id);
    const token = randomBytes(32).toString('base64url');
    await this.tokens.rekey(id, token);
    this.logger.log({ site: id, by: user.id }, 'agent token issued');
    return { token };
  }

  private ownersOnly(user: User): void {
    if (user.role !== 'owner') throw new KortError(SiteError.OwnersOnly);
  }

  private async rows(user: User, id?: string): Promise<AdminSite[]> {
    const runs = (await this.sites.sitesRunBy(user)).map((site) => site.id);
    const ids = id === undefined ? runs : runs.filter((one) => one === id);
    if (ids.length === 0) return [];
    const rows = await this.db.query<SiteRow[]>(
      `SELECT id, name, slug, timezone, address, online, last_seen_at, token_hash IS NOT NULL AS has_agent_token,
              agent_version, created_at
         FROM sites WHERE id = ANY($1::text[]) ORDER BY created_at, id`,
      [ids],
    );
    return rows.map((row) => ({
      ...row,
      last_seen_at: row.last_seen_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    }));
  }
}
