import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { IdentitiesService } from './identities.service';
import { SocialController } from './social.controller';
import { SocialLoginService } from './social-login.service';
import { UserIdentity } from './user-identity.entity';

/** Log in with VK ID and Yandex ID (docs/decisions/0040-social-login.md). */
@Module({
  imports: [TypeOrmModule.forFeature([UserIdentity]), UsersModule, AuthModule],
  controllers: [SocialController],
  providers: [SocialLoginService, IdentitiesService],
  exports: [IdentitiesService],
})
export class SocialModule {}
