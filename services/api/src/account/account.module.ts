import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BookingsModule } from '../bookings/bookings.module';
import { ShelvesModule } from '../shelves/shelves.module';
import { SocialModule } from '../social/social.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { SitesController } from './sites.controller';
import { ClubModule } from '../club/club.module';
import { AccountService } from './account.service';
import { PurgeAccountProcessor } from './purge-account.processor';

/**
 * What a signed-in player does to their own account: the profile, a new password, the rules, the
 * self-deletion and its purge 10 days later. It owns no table: it asks the users, bookings,
 * shelves and social modules, which do.
 */
@Module({
  imports: [UsersModule, AuthModule, BookingsModule, ShelvesModule, SocialModule, ClubModule],
  controllers: [AccountController, SitesController],
  providers: [AccountService, PurgeAccountProcessor],
  exports: [AccountService],
})
export class AccountModule {}
