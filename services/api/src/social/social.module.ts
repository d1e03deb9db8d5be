import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SocialController } from './social.controller';
import { SocialLoginService } from './social-login.service';

/** Log in with VK ID and Yandex ID (issue 9). */
@Module({
  imports: [UsersModule],
  controllers: [SocialController],
  providers: [SocialLoginService],
})
export class SocialModule {}
