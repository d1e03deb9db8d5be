import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  CLUB_SETTING_DEFAULTS,
  CLUB_SETTING_RANGES,
  CLUB_SETTINGS,
  PAYMENT_SETTING_DEFAULTS,
  PAYMENT_SETTING_RANGES,
  PAYMENT_SETTINGS,
  type BookingRules,
  type DoorRules,
  type PaymentRules,
} from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import { AppConfig } from '../config/app-config';
import type { LocalCache } from '../cache/local-cache';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import {
  courtRulesText,
  DEFAULT_CLUB_CONTACTS,
  DEFAULT_EQUIPMENT_NAMES,
  SETTING_CLUB_CONTACTS,
  SETTING_EQUIPMENT_NAMES,
  SETTING_COURT_RULES,
  SETTING_STORAGE_ENABLED,
} from './court-rules';
import { Setting } from './setting.entity';

/**
 * Each site's settings (its rules text, contacts, hours, quotas, storage switch), read once into
 * memory per site and read again only after one of them changed.
 */
@Injectable()
export class SettingsService {
  private readonly cache: LocalCache<ReadonlyMap<string, string>>;

  constructor(
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    feed: ChangeFeed,
    private readonly config: AppConfig,
  ) {
    this.cache = feed.cache('settings', { maxEntries: 1000 });
  }

  /** The site's own rules (an admin's text) followed by the booking, door and no-show rules as set now. */
  async courtRules(site: SiteRef): Promise<string> {
    const [stored, rules] = await Promise.all([this.all(site), this.bookingRules(site)]);
    return courtRulesText(stored.get(SETTING_COURT_RULES), { ...rules, ...this.doorRules() });
  }

  /** The door window and the no-show rule: the installation's (environment), not an admin's setting. */
  doorRules(): DoorRules {
    const { doorWindow, noShows } = this.config;
    return {
      door_opens_before_min: doorWindow.opensBeforeMin,
      no_show_after_min: noShows.afterMin,
      no_show_limit: noShows.limit,
      no_show_pause_days: noShows.pauseDays,
    };
  }

  async clubContacts(site: SiteRef): Promise<string> {
    return (await this.all(site)).get(SETTING_CLUB_CONTACTS) ?? DEFAULT_CLUB_CONTACTS;
  }

  /** What an equipment compartment of the site holds, as its club named it. */
  async equipmentName(site: SiteRef, shelfId: number): Promise<string> {
    const key = SETTING_EQUIPMENT_NAMES[shelfId];
    return (
      (key ? (await this.all(site)).get(key) : undefined) ?? DEFAULT_EQUIPMENT_NAMES[shelfId] ?? `Инвентарь ${shelfId}`
    );
  }

  /**
   * The club's hours and quotas (CLUB_SETTING_DEFAULTS, the spec's rules, where a row is missing or
   * out of its range; both hours fall back together if they no longer make a day).
   */
  async bookingRules(site: SiteRef): Promise<BookingRules> {
    const all = await this.all(site);
    const rules = Object.fromEntries(
      CLUB_SETTINGS.map((key) => {
        const value = Number(all.get(key));
        const [min, max] = CLUB_SETTING_RANGES[key];
        return [key, Number.isInteger(value) && value >= min && value <= max ? value : CLUB_SETTING_DEFAULTS[key]];
      }),
    ) as BookingRules;
    if (rules.opening_hour >= rules.closing_hour) {
      rules.opening_hour = CLUB_SETTING_DEFAULTS.opening_hour;
      rules.closing_hour = CLUB_SETTING_DEFAULTS.closing_hour;
    }
    return rules;
  }

  /** The site's refund rule, payment hold and receipts (PAYMENT_SETTING_DEFAULTS where a value is missing or out of range). */
  async paymentRules(site: SiteRef): Promise<PaymentRules> {
    const all = await this.all(site);
    const numbers = Object.fromEntries(
      PAYMENT_SETTINGS.map((key) => {
        const value = Number(all.get(key));
        const [min, max] = PAYMENT_SETTING_RANGES[key];
        return [key, Number.isInteger(value) && value >= min && value <= max ? value : PAYMENT_SETTING_DEFAULTS[key]];
      }),
    ) as Pick<PaymentRules, (typeof PAYMENT_SETTINGS)[number]>;
    const taxSystem = Number(all.get('tax_system_code') || NaN);
    return {
      ...numbers,
      tax_system_code: Number.isInteger(taxSystem) && taxSystem >= 1 && taxSystem <= 6 ? taxSystem : null,
      receipts_enabled: all.get('receipts_enabled') !== 'false',
    };
  }

  async storageEnabled(site: SiteRef): Promise<boolean> {
    return (await this.all(site)).get(SETTING_STORAGE_ENABLED) !== 'false';
  }

  /** A site's setting as the caller's transaction sees it, the row locked until it ends. */
  async lock(site: SiteRef, key: string, tx: Writer): Promise<string | undefined> {
    const [row] = await tx.query<{ value: string }[]>(
      `SELECT value FROM settings WHERE site_id = $1 AND key = $2 FOR UPDATE`,
      [site.id, key],
    );
    return row?.value;
  }

  /**
   * The settings module is the one writer of the settings table: sets a site's value, in the
   * caller's transaction. False when it already had that value (nothing written).
   */
  async set(site: SiteRef, key: string, value: string, tx: Writer): Promise<boolean> {
    const current = await this.lock(site, key, tx);
    if (current === value) return false;
    await tx.query(
      `INSERT INTO settings (site_id, key, value, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (site_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [site.id, key, value],
    );
    return true;
  }

  private all(site: SiteRef): Promise<ReadonlyMap<string, string>> {
    return this.cache.get(site.id, async () => {
      const rows = await this.settings.find({ where: { siteId: site.id } });
      return new Map(rows.map((row) => [row.key, row.value]));
    });
  }
}
