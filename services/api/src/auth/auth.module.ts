import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { OneTimeCode } from './one-time-code.entity';
import { OneTimeCodesService } from './one-time-codes.service';
import { PasswordResetService } from './password-reset.service';
import { PasswordController } from './password.controller';
import { PasswordsService } from './passwords.service';
import { SessionAuth } from './session-auth';
import { SessionService } from './session.service';

@Module({
  imports: [TypeOrmModule.forFeature([OneTimeCode]), UsersModule],
  controllers: [AuthController, PasswordController],
  providers: [AuthService, OneTimeCodesService, PasswordResetService, PasswordsService, SessionService, SessionAuth],
  exports: [PasswordsService, SessionService, SessionAuth],
})
export class AuthModule {}
