import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HttpRequest, HttpResponse } from '../common/http';
import {
  activateBody,
  checkPhoneBody,
  type DetailResponse,
  loginBody,
  messages,
  registerBody,
  regPhoneBody,
  resendCodeBody,
} from '@kort/contracts';
import { clientIp } from '../common/client-ip';
import { BodySchema, type Parsed } from '../common/request-schema';
import { ChangesState, Public } from '../common/route-policy';
import { AuthService } from './auth.service';
import { SessionService } from './session.service';

@ApiTags('auth')
@Controller()
@Public()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {}

  @Post('check-phone')
  @HttpCode(200)
  @BodySchema(checkPhoneBody, { errorFields: { email: 'phone_number' } })
  async checkPhone(@Body() body: Parsed<typeof checkPhoneBody>, @Req() request: HttpRequest): Promise<DetailResponse> {
    await this.auth.checkEmail(body.email, clientIp(request));
    return { detail: messages.ok };
  }

  @Post('login')
  @HttpCode(200)
  @BodySchema(loginBody, { errorFields: { email: 'phone_number', password: 'auth_error' } })
  async login(
    @Body() body: Parsed<typeof loginBody>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DetailResponse> {
    const user = await this.auth.login(body, clientIp(request));
    await this.sessions.start(request, response, user);
    return { detail: messages.loggedIn };
  }

  @Post('reg-phone')
  @HttpCode(200)
  @BodySchema(regPhoneBody)
  async regPhone(@Body() body: Parsed<typeof regPhoneBody>, @Req() request: HttpRequest): Promise<DetailResponse> {
    await this.auth.checkRegistrable(body.email, clientIp(request));
    return { detail: messages.ok };
  }

  @Post('register')
  @HttpCode(200)
  @BodySchema(registerBody)
  async register(@Body() body: Parsed<typeof registerBody>, @Req() request: HttpRequest): Promise<DetailResponse> {
    await this.auth.register(body, clientIp(request));
    return { detail: messages.codeSent };
  }

  @Public()
  @Post('resend_activation_code')
  @HttpCode(200)
  @BodySchema(resendCodeBody)
  async resendActivationCode(
    @Body() body: Parsed<typeof resendCodeBody>,
    @Req() request: HttpRequest,
  ): Promise<DetailResponse> {
    await this.auth.resendActivationCode(body.email, clientIp(request));
    return { detail: messages.codeSent };
  }

  @Post('activate')
  @HttpCode(200)
  @BodySchema(activateBody)
  async activate(
    @Body() body: Parsed<typeof activateBody>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DetailResponse> {
    const user = await this.auth.activate(body.email, body.code, clientIp(request));
    await this.sessions.start(request, response, user);
    return { detail: messages.accountActivated };
  }

  @Get('logout')
  @ChangesState()
  async logout(
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DetailResponse> {
    await this.sessions.end(request, response);
    return { detail: messages.loggedOut };
  }
}
