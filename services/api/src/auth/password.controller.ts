import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HttpRequest } from '../common/http';
import {
  changePasswordBody,
  messages,
  resetPasswordBody,
  resetRequestBody,
  verifyCodeBody,
  type DetailResponse,
} from '@kort/contracts';
import { BodySchema, type Parsed } from '../common/request-schema';
import { CurrentUser } from './current-user';
import { Public } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';

@ApiTags('passwords')
@Controller()
export class PasswordController {
  constructor(
    private readonly reset: PasswordResetService,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @Post('reset_password_request_code')
  @HttpCode(200)
  @BodySchema(resetRequestBody)
  async requestCode(
    @Body() body: Parsed<typeof resetRequestBody>,
    @Req() request: HttpRequest,
  ): Promise<DetailResponse> {
    await this.reset.requestCode(request, body.email);
    return { detail: messages.codeSent };
  }

  @Public()
  @Post('verify_code')
  @HttpCode(200)
  @BodySchema(verifyCodeBody)
  async verifyCode(@Body() body: Parsed<typeof verifyCodeBody>, @Req() request: HttpRequest): Promise<DetailResponse> {
    await this.reset.verifyCode(request, body.code, body.email);
    return { detail: messages.codeVerified };
  }

  @Public()
  @Post('reset_password')
  @HttpCode(200)
  @BodySchema(resetPasswordBody)
  async resetPassword(
    @Body() body: Parsed<typeof resetPasswordBody>,
    @Req() request: HttpRequest,
  ): Promise<DetailResponse> {
    await this.reset.resetPassword(request, body.email, body.password1, body.password2);
    return { detail: messages.passwordChanged };
  }

  /**
   * The original app pre-filled the recovery code from this call. A code that the API hands out
   * proves nothing about the mailbox, so it answers an empty pre-fill (docs/decisions.md).
   */
  @Public()
  @Get('forgot_password_request_code')
  forgotPasswordRequestCode(): DetailResponse {
    return { detail: '' };
  }

  @Public()
  @Get('give_email')
  giveEmail(@Req() request: HttpRequest): DetailResponse {
    return { detail: this.reset.emailFor(request) };
  }

  @Post('change_password')
  @HttpCode(200)
  @BodySchema(changePasswordBody)
  async changePassword(
    @Body() body: Parsed<typeof changePasswordBody>,
    @CurrentUser() user: User,
    @Req() request: HttpRequest,
  ): Promise<DetailResponse> {
    request.session.authEpoch = await this.auth.changePassword(user, body.password1, body.password2);
    return { detail: messages.passwordChanged };
  }
}
