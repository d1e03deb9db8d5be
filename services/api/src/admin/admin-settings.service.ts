import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  ADMIN_SETTINGS,
  AdminError,
  type AdminSetting,
  CLUB_SETTING_DEFAULTS,
  messages,
  settingValueSchemas,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';
import { AdminActions } from '../audit/admin-actions.service';
import { SettingsService } from '../rules/settings.service';
import { idsOf, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRows, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';

const SORTABLE = ['id', 'updated_at'] as const;
type SettingField = (typeof SORTABLE)[number];

const settingsFilter = z.strictObject({ id: idsOf(z.string().max(40)).optional() });
type SettingsFilter = z.output<typeof settingsFilter>;

export const settingsListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filter: settingsFilter,
});

/** Only the settings an admin edits (the id is the key), the site's own values. */
const settingsResource: SqlResource<SettingField, SettingsFilter> = {
  source: (params: SqlParams, site: SiteRef) =>
    `SELECT key AS id, value, updated_at FROM settings
      WHERE site_id = ${params.add(site.id)} AND key = ANY(${params.add([...ADMIN_SETTINGS])}::text[])`,
  columns: { id: 'r.id', updated_at: 'r.updated_at' },
  tiebreak: 'r.id',
  conditions(filter, params) {
    return filter.id ? [`r.id = ANY(${params.add(filter.id)}::text[])`] : [];
  },
};

const toSetting = (row: Record<string, unknown>): AdminSetting => isoDates<AdminSetting>(row);
const isAdminSetting = (key: string): key is (typeof ADMIN_SETTINGS)[number] =>
  (ADMIN_SETTINGS as readonly string[]).includes(key);

/**
 * Every setting is read by the API on every use (through the change-fed cache of SettingsService, on
 * every replica), so a change applies at once: the storage switch, rules, contacts, equipment names,
 * and the club's hours and quotas, which apply to new bookings and never cancel one.
 */
@Injectable()
export class AdminSettingsService {
  private readonly logger = new Logger('AdminSettings');

  constructor(
    private readonly db: DataSource,
    private readonly actions: AdminActions,
    private readonly settings: SettingsService,
    private readonly events: DomainEvents,
  ) {}

  list(site: SiteRef, query: ListQuery<SettingField, SettingsFilter>): Promise<Page<AdminSetting>> {
    return sqlPage(this.db, site, settingsResource, query, toSetting);
  }

  async get(site: SiteRef, key: string): Promise<AdminSetting> {
    const [setting] = isAdminSetting(key)
      ? await sqlRows(this.db, site, settingsResource, (params) => `r.id = ${params.add(key)}`, toSetting)
      : [];
    if (!setting) throw new KortError(AdminError.SettingNotFound);
    return setting;
  }

  /** The site's setting: the other sites keep theirs. */
  async update(site: SiteRef, admin: User, key: string, value: string): Promise<AdminSetting> {
    if (!isAdminSetting(key)) throw new KortError(AdminError.SettingNotFound);
    const checked = settingValueSchemas[key].safeParse(value);
    if (!checked.success) {
      throw new KortError(AdminError.SettingInvalid, {
        detail: checked.error.issues[0]?.message ?? messages.genericError,
      });
    }
    const changed = await this.events.transaction(async (tx) => {
      if (key === 'opening_hour' || key === 'closing_hour') {
        await this.keepHoursInOrder(site, tx, key, Number(checked.data));
      }
      // The value it already has changes nothing (react-admin sends the whole record back).
      if (!(await this.settings.set(site, key, checked.data, tx))) return false;
      // Only which setting changed: the values (court_rules is long text) stay out of the log.
      await this.actions.record(site, tx, admin.id, 'setting.update', 'setting', key, key);
      await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'settings' });
      return true;
    });
    if (changed) {
      this.logger.log({ setting: key, site: site.id, admin: admin.id }, 'setting changed by an admin');
    }
    return this.get(site, key);
  }

  /**
   * The club opens before it closes: the other hour is read (and locked, so two admins changing
   * one each cannot cross them) before one is set. A changed hour applies to new bookings only.
   */
  private async keepHoursInOrder(
    site: SiteRef,
    tx: Writer,
    key: 'opening_hour' | 'closing_hour',
    hour: number,
  ): Promise<void> {
    const other = key === 'opening_hour' ? 'closing_hour' : 'opening_hour';
    const value = Number((await this.settings.lock(site, other, tx)) ?? CLUB_SETTING_DEFAULTS[other]);
    const [opening, closing] = key === 'opening_hour' ? [hour, value] : [value, hour];
    if (opening >= closing) throw new KortError(AdminError.SettingInvalid, { detail: messages.settingHoursOrder });
  }
}
