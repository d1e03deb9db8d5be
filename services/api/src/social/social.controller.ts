import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { redirect, type HttpRequest, type HttpResponse } from '../common/http';
import {
  isSocialProvider,
  RequestError,
  returnPath,
  SOCIAL_ERROR_PARAM,
  SOCIAL_PROVIDER_PARAM,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type SocialProvidersResponse,
} from '@kort/contracts';
import { clientIp } from '../common/client-ip';
import { KortError } from '../common/kort-error';
import { Public, SharedObject } from '../common/route-policy';
import { saveSession } from '../auth/session-ops';
import { SessionService } from '../auth/session.service';
import type { CallbackQuery } from './provider-clients';
import { SocialLoginFailure, SocialLoginService } from './social-login.service';

/**
 * Social login: the login screen's buttons navigate to `/api/auth/{provider}/login/`,
 * the provider sends the browser back to `/api/auth/{provider}/callback/`. Both are page
 * navigations that end in a redirect, to /profile (or where the player was going, `?next=` of the
 * start, kept with the login's state) or to /login with the reason; they carry no CSRF
 * header (a navigation cannot), and `state`, bound to this browser's session, is what stops a
 * forged callback.
 */
@ApiTags('auth')
@Controller('auth')
@Public()
export class SocialController {
  private readonly logger = new Logger('SocialLogin');

  constructor(
    private readonly social: SocialLoginService,
    private readonly sessions: SessionService,
  ) {}

  /** Which buttons the login screen shows: a provider without settings is off. */
  @Get('providers')
  providers(): SocialProvidersResponse {
    return this.social.enabled();
  }

  @Get(':provider/login')
  @SharedObject('provider', 'provider')
  @ApiParam({ name: 'provider', enum: SOCIAL_PROVIDERS })
  async start(
    @Param('provider') name: string,
    @Query('next') next: unknown,
    @Req() request: HttpRequest,
    @Res() response: HttpResponse,
  ): Promise<void> {
    const provider = providerOf(name);
    try {
      // Where the player was going (a door link), if it is one of the app's own addresses.
      const back = returnPath(typeof next === 'string' ? next : null);
      const { url, pending } = this.social.start(provider, request.session.oauth, back);
      request.session.oauth = pending;
      await saveSession(request);
      redirect(response, url);
    } catch (error) {
      this.fail(provider, error, response);
    }
  }

  @Get(':provider/callback')
  @SharedObject('provider', 'provider')
  @ApiParam({ name: 'provider', enum: SOCIAL_PROVIDERS })
  async callback(
    @Param('provider') name: string,
    @Query() query: CallbackQuery,
    @Req() request: HttpRequest,
    @Res() response: HttpResponse,
  ): Promise<void> {
    const provider = providerOf(name);
    const pending = request.session.oauth;
    // Where the player was going, kept by this login's start (checked then): through a refusal too.
    const state = typeof query.state === 'string' ? query.state : '';
    const next = returnPath(pending?.[state]?.provider === provider ? pending[state].next : null);
    try {
      const user = await this.social.finish(provider, onlyStrings(query), pending, clientIp(request)).finally(() =>
        // The state is used up, whatever the outcome.
        saveSession(request),
      );
      await this.sessions.start(request, response, user);
      redirect(response, next ?? '/profile');
    } catch (error) {
      this.fail(provider, error, response, next);
    }
  }

  /**
   * Back to /login with the reason (and where the player was going); anything unexpected is logged
   * and shown as "provider down".
   */
  private fail(provider: SocialProvider, error: unknown, response: HttpResponse, next: string | null = null): void {
    const code = error instanceof SocialLoginFailure ? error.code : 'provider';
    if (error instanceof SocialLoginFailure)
      this.logger.warn({ provider, code, reason: error.message }, 'social login refused');
    else this.logger.error({ provider, error: String(error) }, 'social login failed');
    const target = new URLSearchParams({
      [SOCIAL_ERROR_PARAM]: code,
      [SOCIAL_PROVIDER_PARAM]: provider,
      ...(next ? { next } : {}),
    });
    redirect(response, `/login?${target.toString()}`);
  }
}

function providerOf(name: string): SocialProvider {
  if (!isSocialProvider(name)) throw new KortError(RequestError.NotFound);
  return name;
}

/** A query parser makes `?a=1&a=2` an array: a provider never sends that, so keep only plain values. */
function onlyStrings(query: Record<string, unknown>): CallbackQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => typeof value === 'string')) as CallbackQuery;
}
