import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { AlertsModule } from './alerts/alerts.module';
import { PaymentsModule } from './payments/payments.module';
import { ReleasesModule } from './releases/releases.module';
import { PricesModule } from './prices/prices.module';
import { AuthModule } from './auth/auth.module';
import { CacheModule } from './cache/cache.module';
import { BookingsModule } from './bookings/bookings.module';
import { CalendarModule } from './calendar/calendar.module';
import { ClubModule } from './club/club.module';
import { DevicesModule } from './devices/devices.module';
import { DoorsModule } from './doors/doors.module';
import { SeriesModule } from './series/series.module';
import { ShelvesModule } from './shelves/shelves.module';
import { SocialModule } from './social/social.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { RequestGate } from './auth/request-gate';
import { Clock, SystemClock } from './common/clock';
import { CsrfService } from './common/csrf';
import { ServerCredentials } from './common/server-credentials';
import { RateLimiter } from './common/rate-limiter.service';
import { SessionModule } from './auth/session.middleware';
import { ShutdownLog } from './common/shutdown-log';
import { AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { HealthModule } from './health/health.module';
import { EventsModule } from './events/events.module';
import { InstallModule } from './install/install.module';
import { Readiness } from './lifecycle/readiness';
import { loggerOptions } from './logger-options';
import { TimeModule } from './time/time.module';
import { MailModule } from './mail/mail.module';
import { NotificationsModule } from './notifications/notifications.module';
import { TelegramModule } from './telegram/telegram.module';
import { MetricsModule } from './metrics/metrics.module';
import { OfflineModule } from './offline/offline.module';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';
import { RulesModule } from './rules/rules.module';
import { SitesModule } from './sites/sites.module';
import { StatsModule } from './stats/stats.module';
import { UsersModule } from './users/users.module';

export interface AppOptions {
  config: AppConfig;
  /** Tests pass a clock they can move; production uses the system clock. */
  clock?: Clock;
}

@Global()
@Module({})
class CoreModule {
  static forRoot({ config, clock }: AppOptions): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useValue: clock ?? new SystemClock() },
        CsrfService,
        RateLimiter,
        Readiness,
        ServerCredentials,
      ],
      exports: [AppConfig, Clock, CsrfService, RateLimiter, Readiness, ServerCredentials],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        LoggerModule.forRoot(loggerOptions(options.config)),
        TypeOrmModule.forRoot(dataSourceOptions(options.config.databaseUrl)),
        RedisModule,
        InstallModule,
        EventsModule,
        CacheModule,
        TimeModule,
        SitesModule,
        HealthModule,
        SessionModule,
        QueuesModule,
        MetricsModule,
        MailModule,
        NotificationsModule,
        OfflineModule,
        UsersModule,
        AuthModule,
        AccountModule,
        SocialModule,
        RulesModule,
        ClubModule,
        BookingsModule,
        CalendarModule,
        AlertsModule,
        DevicesModule,
        DoorsModule,
        ShelvesModule,
        AdminModule,
        SeriesModule,
        PricesModule,
        PaymentsModule,
        ReleasesModule,
        StatsModule,
        TelegramModule,
      ],
      providers: [
        // CSRF, then the session's account, then the declared input: auth/request-gate.ts.
        { provide: APP_GUARD, useClass: RequestGate },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        ShutdownLog,
      ],
    };
  }
}
