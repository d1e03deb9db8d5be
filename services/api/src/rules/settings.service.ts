import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  DEFAULT_CLUB_CONTACTS,
  DEFAULT_COURT_RULES,
  SETTING_CLUB_CONTACTS,
  SETTING_COURT_RULES,
  SETTING_STORAGE_ENABLED,
} from './court-rules';
import { Setting } from './setting.entity';

@Injectable()
export class SettingsService {
  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  async courtRules(): Promise<string> {
    const row = await this.settings.findOneBy({ key: SETTING_COURT_RULES });
    return row?.value ?? DEFAULT_COURT_RULES;
  }

  async clubContacts(): Promise<string> {
    const row = await this.settings.findOneBy({ key: SETTING_CLUB_CONTACTS });
    return row?.value ?? DEFAULT_CLUB_CONTACTS;
  }

  async storageEnabled(): Promise<boolean> {
    const row = await this.settings.findOneBy({ key: SETTING_STORAGE_ENABLED });
    return row?.value !== 'false';
  }
}
