import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import {
  DEFAULT_CLUB_CONTACTS,
  DEFAULT_COURT_RULES,
  SETTING_CLUB_CONTACTS,
  SETTING_COURT_RULES,
  SETTING_STORAGE_ENABLED,
} from './court-rules';
import { Setting } from './setting.entity';

/** The club's settings, read once into memory and read again only after one of them changed. */
@Injectable()
export class SettingsService {
  private readonly cache: LocalCache<ReadonlyMap<string, string>>;

  constructor(
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    feed: ChangeFeed,
  ) {
    this.cache = feed.cache('settings', { maxEntries: 1 });
  }

  async courtRules(): Promise<string> {
    return (await this.all()).get(SETTING_COURT_RULES) ?? DEFAULT_COURT_RULES;
  }

  async clubContacts(): Promise<string> {
    return (await this.all()).get(SETTING_CLUB_CONTACTS) ?? DEFAULT_CLUB_CONTACTS;
  }

  async storageEnabled(): Promise<boolean> {
    return (await this.all()).get(SETTING_STORAGE_ENABLED) !== 'false';
  }

  private all(): Promise<ReadonlyMap<string, string>> {
    return this.cache.get('all', async () => new Map((await this.settings.find()).map((row) => [row.key, row.value])));
  }
}
