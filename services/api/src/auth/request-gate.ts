import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http';
import { AuthError, isAdminRole, SiteError } from '@kort/contracts';
import { CsrfService } from '../common/csrf';
import { KortError } from '../common/kort-error';
import { inputSchemasOf, validateInput, type InputSchemas } from '../common/request-schema';
import {
  ADMIN_ROUTE,
  CHANGES_STATE,
  OWNERS_ONLY,
  PUBLIC_ROUTE,
  SERVER_CALL,
  type ServerCredential,
} from '../common/route-policy';
import { ServerCredentials } from '../common/server-credentials';
import { SitesService } from '../sites/sites.service';
import { SessionAuth } from './session-auth';

/** A route's rules, from its decorators and its controller's. */
interface RoutePolicy {
  public: boolean;
  adminOnly: boolean;
  /** @OwnersOnly: of the admins, owners only (refused before the input is read). */
  ownersOnly: boolean;
  changesState: boolean;
  /** @ServerCall: the caller proves itself by its own credential, not a session and a CSRF token. */
  serverCall: ServerCredential | null;
  input: InputSchemas;
}

/**
 * The one guard every route passes, in this order: a server's own credential on a @ServerCall
 * route (nothing else is read for a caller that fails it), the CSRF token on anything that changes state
 * (cheap, no I/O), the session's account (401 unless the route is @Public, 403 for a player on an
 * @AdminOnly route), the site the call acts on (from memory), then the declared query and body
 * (400 with the field's problem). One guard
 * rather than two guards and an interceptor: Nest calls a handler with no interceptor
 * directly instead of through an rxjs chain, and a route's policy is read from its decorators once,
 * not on every request.
 */
@Injectable()
export class RequestGate implements CanActivate {
  private readonly policies = new WeakMap<object, RoutePolicy>();

  constructor(
    private readonly reflector: Reflector,
    private readonly csrf: CsrfService,
    private readonly auth: SessionAuth,
    private readonly sites: SitesService,
    private readonly credentials: ServerCredentials,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.policyOf(context);
    const request = context.switchToHttp().getRequest<HttpRequest>();
    if (policy.serverCall) await this.credentials.verify(policy.serverCall, request);
    else this.csrf.enforce(request, policy.changesState);
    const user = await this.auth.sessionUser(request);
    if (user) request.user = user;
    if (!policy.public) {
      if (!user) throw new KortError(AuthError.NotAuthenticated);
      if (policy.adminOnly && !isAdminRole(user.role)) throw new KortError(AuthError.Forbidden);
      if (policy.ownersOnly && user.role !== 'owner') throw new KortError(SiteError.OwnersOnly);
    }
    // The site the call acts on: the dashboard's chosen one (`?site_id=`, read before the declared
    // query drops what it does not name) on admin routes, the player's current one elsewhere.
    request.site =
      policy.adminOnly && user
        ? await this.sites.forAdmin(user, (request.query as Record<string, unknown>).site_id)
        : await this.sites.forPlayer(user);
    validateInput(request, policy.input);
    return true;
  }

  private policyOf(context: ExecutionContext): RoutePolicy {
    const handler = context.getHandler();
    let policy = this.policies.get(handler);
    if (!policy) {
      const targets = [handler, context.getClass()];
      const flag = (key: string) => this.reflector.getAllAndOverride<boolean | undefined>(key, targets) === true;
      policy = {
        public: flag(PUBLIC_ROUTE),
        adminOnly: flag(ADMIN_ROUTE),
        ownersOnly: flag(OWNERS_ONLY),
        changesState: flag(CHANGES_STATE),
        serverCall: this.reflector.getAllAndOverride<ServerCredential | undefined>(SERVER_CALL, targets) ?? null,
        input: inputSchemasOf(handler),
      };
      this.policies.set(handler, policy);
    }
    return policy;
  }
}
