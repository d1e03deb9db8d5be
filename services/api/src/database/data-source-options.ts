import type { DataSourceOptions } from 'typeorm';
import { OneTimeCode } from '../auth/one-time-code.entity';
import { Booking } from '../bookings/booking.entity';
import { Court } from '../club/court.entity';
import { Command } from '../devices/command.entity';
import { Site } from '../sites/site.entity';
import { Setting } from '../rules/setting.entity';
import { User } from '../users/user.entity';
import { Accounts1763790000000 } from './migrations/1763790000000-accounts';
import { Bookings1763800000000 } from './migrations/1763800000000-bookings';
import { Devices1763810000000 } from './migrations/1763810000000-devices';
import { Shelves1763820000000 } from './migrations/1763820000000-shelves';
import { DoorCodeFailures1763830000000 } from './migrations/1763830000000-door-code-failures';
import { AdminActions1763840000000 } from './migrations/1763840000000-admin-actions';
import { UserIdentities1763850000000 } from './migrations/1763850000000-user-identities';
import { Offline1763860000000 } from './migrations/1763860000000-offline';
import { AgentDriver1763870000000 } from './migrations/1763870000000-agent-driver';
import { ChangeFeed1763880000000 } from './migrations/1763880000000-change-feed';
import { AgentConnection1763890000000 } from './migrations/1763890000000-agent-connection';
import { BookFunction1763900000000 } from './migrations/1763900000000-book-function';
import { NoShows1763910000000 } from './migrations/1763910000000-no-shows';
import { Waitlist1763920000000 } from './migrations/1763920000000-waitlist';
import { SystemActions1763930000000 } from './migrations/1763930000000-system-actions';
import { BookingSlotLock1763940000000 } from './migrations/1763940000000-booking-slot-lock';
import { ClubShape1763950000000 } from './migrations/1763950000000-club-shape';
import { Notifications1763960000000 } from './migrations/1763960000000-notifications';
import { ClubBookedActions1763975000000 } from './migrations/1763975000000-club-booked-actions';
import { StatsIndexes1763990000000 } from './migrations/1763990000000-stats-indexes';
import { Sites1764000000000 } from './migrations/1764000000000-sites';
import { RoleActions1764000000100 } from './migrations/1764000000100-role-actions';
import { SiteShelves1764000000300 } from './migrations/1764000000300-site-shelves';
import { BlockSite1764000000400 } from './migrations/1764000000400-block-site';
import { Prices1764000000500 } from './migrations/1764000000500-prices';
import { Payments1764000000600 } from './migrations/1764000000600-payments';
import { Installation1764000000700 } from './migrations/1764000000700-installation';
import { CommandDeliveries1764000000800 } from './migrations/1764000000800-command-deliveries';
import { EventOutbox1764000000900 } from './migrations/1764000000900-event-outbox';
import { CancelReason1764000001000 } from './migrations/1764000001000-cancel-reason';
import { DefaultSiteName1764000001200 } from './migrations/1764000001200-default-site-name';
import { WalkInGuests1764000001300 } from './migrations/1764000001300-walk-in-guests';
import { TwoDigitHours1764000001400 } from './migrations/1764000001400-two-digit-hours';
import { Alerts1764000001500 } from './migrations/1764000001500-alerts';
import { AgentReleases1764000001600 } from './migrations/1764000001600-agent-releases';
import { FreedGamesOutbox1764000001700 } from './migrations/1764000001700-freed-games-outbox';
import { BookingsAnnouncedByRelay1764000001800 } from './migrations/1764000001800-bookings-announced-by-relay';
import { SiteStateVersion1764000001900 } from './migrations/1764000001900-site-state-version';
import { UserIdentity } from '../social/user-identity.entity';

export const entities = [User, OneTimeCode, Setting, Court, Booking, Site, Command, UserIdentity];
export const migrations = [
  Accounts1763790000000,
  Bookings1763800000000,
  Devices1763810000000,
  Shelves1763820000000,
  DoorCodeFailures1763830000000,
  AdminActions1763840000000,
  UserIdentities1763850000000,
  Offline1763860000000,
  AgentDriver1763870000000,
  ChangeFeed1763880000000,
  AgentConnection1763890000000,
  BookFunction1763900000000,
  NoShows1763910000000,
  Waitlist1763920000000,
  SystemActions1763930000000,
  BookingSlotLock1763940000000,
  ClubShape1763950000000,
  Notifications1763960000000,
  ClubBookedActions1763975000000,
  StatsIndexes1763990000000,
  Sites1764000000000,
  RoleActions1764000000100,
  SiteShelves1764000000300,
  BlockSite1764000000400,
  Prices1764000000500,
  Payments1764000000600,
  Installation1764000000700,
  CommandDeliveries1764000000800,
  EventOutbox1764000000900,
  CancelReason1764000001000,
  DefaultSiteName1764000001200,
  WalkInGuests1764000001300,
  TwoDigitHours1764000001400,
  Alerts1764000001500,
  AgentReleases1764000001600,
  FreedGamesOutbox1764000001700,
  BookingsAnnouncedByRelay1764000001800,
  SiteStateVersion1764000001900,
];

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
