import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DEFAULT_COURT_RULES, SETTING_COURT_RULES, SETTING_STORAGE_ENABLED } from './court-rules';
import { Setting } from './setting.entity';

@Injectable()
export class SettingsService {
  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  async courtRules(): Promise<string> {
    const row = await this.settings.findOneBy({ key: SETTING_COURT_RULES });
    return row?.value ?? DEFAULT_COURT_RULES;
  }

  async storageEnabled(): Promise<boolean> {
    const row = await this.settings.findOneBy({ key: SETTING_STORAGE_ENABLED });
    return row?.value !== 'false';
  }
}
