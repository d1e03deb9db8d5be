import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Subject } from 'rxjs';
import type { Repository } from 'typeorm';
import { DEFAULT_SITE_ID } from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import { DomainEvents } from '../events/domain-events';
import { Site } from '../sites/site.entity';

/** An agent's good token, told to come back later (AgentAdmission): not a refusal of the token. */
export const DEFERRED = Symbol('deferred');

/** Bounded: names of sites that do not exist must not grow it without end (a fleet fits). */
const TOKEN_CACHE_SIZE = 4096;

/**
 * Each site's agent token (`sites.token_hash`): only its hash is kept. The default site's is seeded
 * from EDGE_AGENT_TOKEN, an owner issues a new one (rekey), and an agent proves its site with it
 * (authenticate: the /edge socket's handshake, and the agent's HTTP calls).
 */
@Injectable()
export class AgentTokens implements OnModuleInit {
  /** Each site's token hash as last read (authenticate); a re-key drops it on every replica. */
  private readonly tokenHashes: LocalCache<string | null>;
  /** A site whose agent token was replaced: the /edge gateway disconnects its agent everywhere. */
  readonly rekeyed = new Subject<string>();

  constructor(
    @InjectRepository(Site) private readonly sites: Repository<Site>,
    private readonly config: AppConfig,
    feed: ChangeFeed,
    private readonly events: DomainEvents,
  ) {
    this.tokenHashes = feed.cache('sites', { maxEntries: TOKEN_CACHE_SIZE });
  }

  /** EDGE_AGENT_TOKEN seeds (or re-keys) the default site's agent; the site is made in SITE_TIMEZONE if missing. */
  async onModuleInit(): Promise<void> {
    const tokenHash = this.config.edgeAgentToken ? hashToken(this.config.edgeAgentToken) : null;
    await this.sites.query(
      `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ($1, 'Корт', $1, $3, $2)
       ON CONFLICT (id) DO UPDATE SET token_hash = coalesce(EXCLUDED.token_hash, sites.token_hash)`,
      [DEFAULT_SITE_ID, tokenHash, this.config.siteTimezone],
    );
  }

  /**
   * A new agent token for a site (the owner's call): only its hash is kept; the old one stops
   * working at once on every replica (the change feed drops their cached hash), and the agent
   * connected with it is disconnected wherever it is (EdgeGateway hears `rekeyed`).
   */
  async rekey(siteId: string, token: string): Promise<void> {
    await this.events.transaction(async (tx) => {
      const [changed] = await tx.query<[{ id: string }[], number]>(
        `UPDATE sites SET token_hash = $2 WHERE id = $1 RETURNING id`,
        [siteId, hashToken(token)],
      );
      if (changed.length === 0) throw new Error(`site ${siteId} does not exist`);
      await tx.query(`SELECT pg_notify('kort_changes', $1)`, [`sites:${siteId}`]);
      await this.events.record(tx, { type: 'club.changed', siteId, part: 'sites' });
    });
    this.rekeyed.next(siteId);
  }

  /**
   * The site an agent's token proves, null when it proves none, or DEFERRED when `proceed` says not
   * now. A wrong token is refused against the site's token hash kept in memory (a site that does
   * not exist too): a guesser costs a hash and a map lookup, not a query. A token that matches is
   * confirmed against the stored hash, so a token replaced a moment ago is refused whichever replica
   * the old agent reaches. `proceed` is asked once the token is known to match and before that
   * read: only an agent with a good token can take a replica's connect rate.
   */
  async authenticate(
    siteId: unknown,
    token: unknown,
    proceed: () => boolean = () => true,
  ): Promise<string | null | typeof DEFERRED> {
    if (typeof siteId !== 'string' || typeof token !== 'string' || siteId.length > 64) return null;
    const presented = hashToken(token);
    let read = false;
    const cached = await this.tokenHashes.get(siteId, () => {
      read = true;
      return this.storedTokenHash(siteId);
    });
    if (!cached || !safeEqual(cached, presented)) return null;
    if (!proceed()) return DEFERRED;
    // A hash read for this very check is the stored one: a second read would tell nothing new.
    if (read) return siteId;
    const stored = await this.storedTokenHash(siteId);
    return stored && safeEqual(stored, presented) ? siteId : null;
  }

  private async storedTokenHash(siteId: string): Promise<string | null> {
    const site = await this.sites.findOne({ where: { id: siteId }, select: { id: true, tokenHash: true } });
    return site?.tokenHash ?? null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
