import { Injectable, Logger } from '@nestjs/common';
import { createHmac, randomUUID } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, RequestError } from '@kort/contracts';
import { AppConfig } from '../config/app-config';
import { isHttps, setCookie, urlPath, type HttpRequest, type HttpResponse } from './http';
import { KortError } from './kort-error';
import { safeEqual } from './safe-equal';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ANONYMOUS = 'anonymous';

/**
 * CSRF protection (docs/security.md): a readable `csrftoken` cookie echoed in the
 * X-CSRFToken header. The token is `nonce.hmac(secret, nonce + session id)`, so a token is only
 * good for the session it was issued to: another session's token (or a forged cookie) is refused.
 * Before login the binding is "anonymous" (there is no session to steal yet); login rotates both.
 */
@Injectable()
export class CsrfService {
  private readonly logger = new Logger('Csrf');
  private readonly secret: Buffer;

  constructor(private readonly config: AppConfig) {
    this.secret = createHmac('sha256', config.sessionSecret).update('csrf').digest();
  }

  /**
   * Sets a fresh token cookie unless the request already carries a valid one, or is for the
   * calendar feed: calendar apps keep no cookies, and a feed that sets one is a feed no shared
   * cache may keep.
   */
  readonly middleware = (request: HttpRequest, response: HttpResponse, next: () => void): void => {
    if (!urlPath(request).startsWith(NO_COOKIE_PREFIX) && !this.isValid(cookieToken(request), request)) {
      this.issue(request, response);
    }
    next();
  };

  /** Issues a token bound to the request's current session (call after login and logout). */
  issue(request: HttpRequest, response: HttpResponse): string {
    // Unique, not secret (the HMAC is the proof): randomUUID draws from a batched CSPRNG buffer,
    // a fraction of randomBytes' cost per call, and a cookieless client gets a token every time.
    const nonce = randomUUID();
    const token = `${nonce}.${this.sign(nonce, binding(request))}`;
    setCookie(response, CSRF_COOKIE, token, {
      httpOnly: false,
      sameSite: 'lax',
      secure: isHttps(request),
      path: '/',
      maxAge: 365 * 24 * 3600 * 1000,
    });
    return token;
  }

  /**
   * A request that changes state (any method but GET, HEAD and OPTIONS, or a GET marked
   * @ChangesState) must carry the token: 403 otherwise. Called first by the request gate.
   */
  enforce(request: HttpRequest, changesState: boolean): void {
    if (!changesState && SAFE_METHODS.has(request.method)) return;
    if (this.verify(request)) return;
    this.logger.warn({ method: request.method, path: urlPath(request) }, 'CSRF check failed');
    throw new KortError(RequestError.CsrfFailed);
  }

  /** The header must equal the cookie, and the cookie must be ours and this session's. */
  verify(request: HttpRequest): boolean {
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const cookie = cookieToken(request);
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) return false;
    return this.isValid(cookie, request);
  }

  private isValid(token: string | undefined, request: HttpRequest): boolean {
    if (!token) return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    return safeEqual(signature, this.sign(nonce, binding(request)));
  }

  private sign(nonce: string, bindTo: string): string {
    return createHmac('sha256', this.secret).update(`${nonce}:${bindTo}`).digest('base64url');
  }
}

/** The iCalendar feeds (calendar/calendar.controller.ts). */
const NO_COOKIE_PREFIX = '/api/calendar/';

function binding(request: HttpRequest): string {
  return request.session?.userId ? request.sessionID : ANONYMOUS;
}

function cookieToken(request: HttpRequest): string | undefined {
  const value: unknown = (request.cookies as Record<string, unknown> | undefined)?.[CSRF_COOKIE];
  return typeof value === 'string' ? value : undefined;
}
