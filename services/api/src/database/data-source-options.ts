import type { DataSourceOptions } from 'typeorm';
import { OneTimeCode } from '../auth/one-time-code.entity';
import { Setting } from '../rules/setting.entity';
import { User } from '../users/user.entity';
import { Accounts1763790000000 } from './migrations/1763790000000-accounts';

export const entities = [User, OneTimeCode, Setting];
export const migrations = [Accounts1763790000000];

/** One definition for the app, the CLI and the tests. Schema changes go through migrations only. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, connectionTimeoutMillis: 5000 },
  };
}
