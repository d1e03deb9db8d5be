import { Injectable } from '@nestjs/common';
import { priceRuleFor, roublesOf, type CourtPrice, type HourPrice, type PriceRule } from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import { PricesService } from './prices.service';

/** Who is paying: a sport school's account matches the `sport_school` rules too. */
export interface Payer {
  isSportSchool: boolean;
}

/**
 * What an hour costs, as players are told and charged: the site's rules kept in memory (dropped at
 * once when any rule changes, on every replica: the prices table is on the change feed) and
 * matched by priceRuleFor, the one matching rule the dashboard's week grid uses too.
 */
@Injectable()
export class PriceBook {
  private readonly rules: LocalCache<PriceRule[]>;

  constructor(
    private readonly prices: PricesService,
    private readonly time: SiteTime,
    feed: ChangeFeed,
  ) {
    this.rules = feed.cache('prices', { maxEntries: 1000 });
  }

  /** The site's rules (empty: the site is free, and its answers stay as they were before prices). */
  rulesOf(site: SiteRef): Promise<PriceRule[]> {
    return this.rules.get(site.id, () => this.prices.rulesOf(site));
  }

  /** The price in kopecks of the game on that court at that start for the payer; null: free. */
  async priceOf(site: SiteRef, payer: Payer, courtId: number, startsAt: Date): Promise<number | null> {
    const rules = await this.rulesOf(site);
    if (!rules.length) return null;
    const local = this.time.of(site).local(startsAt);
    const rule = priceRuleFor(rules, {
      courtId,
      weekday: local.weekday,
      hour: local.hour,
      sportSchool: payer.isSportSchool,
    });
    return rule && rule.kopecks > 0 ? rule.kopecks : null;
  }

  /**
   * For the dial: each hour with a free court whose cheapest free court costs something, with that
   * least price. Null when the site has no prices (the answer keeps its old shape).
   */
  async hourPrices(
    site: SiteRef,
    payer: Payer,
    date: string,
    freeCourts: ReadonlyMap<number, readonly number[]>,
  ): Promise<HourPrice[] | null> {
    const rules = await this.rulesOf(site);
    if (!rules.length) return null;
    const weekday = isoWeekday(date);
    const prices: HourPrice[] = [];
    for (const [hour, courts] of [...freeCourts].sort(([a], [b]) => a - b)) {
      const least = Math.min(
        ...courts.map(
          (courtId) => priceRuleFor(rules, { courtId, weekday, hour, sportSchool: payer.isSportSchool })?.kopecks ?? 0,
        ),
      );
      if (courts.length && least > 0) prices.push({ hour, amount: roublesOf(least) });
    }
    return prices;
  }

  /** For the court step: every court's price at that hour ("0.00": free). Null when the site has no prices. */
  async courtPrices(
    site: SiteRef,
    payer: Payer,
    date: string,
    hour: number,
    courts: readonly number[],
  ): Promise<CourtPrice[] | null> {
    const rules = await this.rulesOf(site);
    if (!rules.length) return null;
    const weekday = isoWeekday(date);
    return courts.map((courtId) => ({
      id_cort: courtId,
      amount: roublesOf(
        priceRuleFor(rules, { courtId, weekday, hour, sportSchool: payer.isSportSchool })?.kopecks ?? 0,
      ),
    }));
  }
}

/** 'YYYY-MM-DD' → its ISO weekday, 1 (Monday) to 7: a calendar date's weekday is the same in every zone. */
function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}
