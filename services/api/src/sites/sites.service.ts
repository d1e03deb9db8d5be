import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_SITE_ID, isAdminRole, SiteError, type SiteSummary } from '@kort/contracts';
import type { Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { KortError } from '../common/kort-error';
import type { User } from '../users/user.entity';
import { Site } from './site.entity';

/** A site as requests see it: what scopes a call, and what the site list shows. */
export interface SiteRecord extends SiteSummary {
  address: string;
}

interface Directory {
  /** In the order they were created: the first is the install's own (the default site). */
  sites: readonly SiteRecord[];
  byId: ReadonlyMap<string, SiteRecord>;
  /** The sites each `admin` (not an owner) runs. */
  adminSites: ReadonlyMap<number, readonly string[]>;
}

/**
 * Which site a call acts on, decided once per request (RequestGate): a player's current site (the
 * first one until they choose), an admin's chosen one (`?site_id=`, among the sites they run), an
 * agent's by its token. The sites and who runs them are read once into memory and again only when
 * one of them changes (the change feed's `sites`): every request asks.
 */
@Injectable()
export class SitesService {
  private readonly cache: LocalCache<Directory>;

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    feed: ChangeFeed,
  ) {
    this.cache = feed.cache('sites', { maxEntries: 1 });
  }

  /** Every site, in the order they were created (GET /api/sites/). */
  async list(): Promise<readonly SiteRecord[]> {
    return (await this.directory()).sites;
  }

  async find(id: string): Promise<SiteRecord | null> {
    return (await this.directory()).byId.get(id) ?? null;
  }

  /** The site a player's calls act on: their choice while it exists, else the install's first. */
  async forPlayer(user: Pick<User, 'currentSiteId'> | null | undefined): Promise<SiteRecord> {
    const { byId, sites } = await this.directory();
    const chosen = user?.currentSiteId ? byId.get(user.currentSiteId) : undefined;
    const site = chosen ?? byId.get(DEFAULT_SITE_ID) ?? sites[0];
    if (!site) throw new KortError(SiteError.NotFound);
    return site;
  }

  /**
   * The site an admin's call acts on: `requested` (the dashboard's `?site_id=`) when they run it,
   * else their first. An owner runs every site; an admin only those assigned. Asking for a site
   * they do not run is refused (403), never quietly answered with another site's data.
   */
  async forAdmin(user: Pick<User, 'id' | 'role'>, requested: unknown): Promise<SiteRecord> {
    const runs = await this.sitesRunBy(user);
    if (typeof requested === 'string' && requested !== '') {
      const site = runs.find((one) => one.id === requested);
      if (!site) throw new KortError(SiteError.NotYours);
      return site;
    }
    const first = runs[0];
    if (!first) throw new KortError(SiteError.NoneAssigned);
    return first;
  }

  /**
   * The sites a user runs from the dashboard: all for an owner, the assigned ones for an admin (the
   * default site for an admin assigned none), none for a player.
   */
  async sitesRunBy(user: Pick<User, 'id' | 'role'>): Promise<readonly SiteRecord[]> {
    if (!isAdminRole(user.role)) return [];
    const { sites, adminSites } = await this.directory();
    if (user.role === 'owner') return sites;
    // An admin assigned no site is a one-club install's admin (made before sites, or by SQL): the
    // default site stays theirs, so such an install works as it always did.
    const ids = adminSites.get(user.id) ?? [DEFAULT_SITE_ID];
    return sites.filter((site) => ids.includes(site.id));
  }

  /** Whether the user runs the site (an owner runs all). */
  async runs(user: Pick<User, 'id' | 'role'>, siteId: string): Promise<boolean> {
    return (await this.sitesRunBy(user)).some((site) => site.id === siteId);
  }

  /** Drops this replica's copy after a write here (other replicas hear the change feed). */
  wrote(): void {
    this.cache.invalidate();
  }

  private directory(): Promise<Directory> {
    return this.cache.get('all', async () => {
      const rows = await this.sites.find({ order: { createdAt: 'ASC', id: 'ASC' } });
      const sites = rows.map((row): SiteRecord => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        timezone: row.timezone,
        address: row.address,
      }));
      const assigned = await this.sites.query<{ user_id: number; site_id: string }[]>(
        `SELECT user_id, site_id FROM site_admins ORDER BY user_id, site_id`,
      );
      const adminSites = new Map<number, string[]>();
      for (const row of assigned) adminSites.set(row.user_id, [...(adminSites.get(row.user_id) ?? []), row.site_id]);
      return { sites, byId: new Map(sites.map((site) => [site.id, site])), adminSites };
    });
  }
}
