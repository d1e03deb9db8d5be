import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordsService } from '../auth/passwords.service';
import { SessionService } from '../auth/session.service';
import { UserIdentity } from '../social/user-identity.entity';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { PurgeAccountProcessor } from './purge-account.processor';
import { User } from './user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserIdentity])],
  controllers: [AccountController],
  providers: [UsersService, AccountService, PasswordsService, SessionService, PurgeAccountProcessor],
  exports: [UsersService, AccountService, PasswordsService, SessionService],
})
export class UsersModule {}
