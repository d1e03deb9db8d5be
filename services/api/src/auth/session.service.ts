import { Injectable } from '@nestjs/common';
import { SESSION_COOKIE } from '@kort/contracts';
import { Clock } from '../common/clock';
import { CsrfService } from '../common/csrf';
import { clearCookie, type HttpRequest, type HttpResponse } from '../common/http';
import { destroySession, regenerateSession, saveSession } from './session-ops';
import type { User } from '../users/user.entity';

/** Starting and ending sessions. A login always gets a new session id and a new CSRF token. */
@Injectable()
export class SessionService {
  constructor(
    private readonly csrf: CsrfService,
    private readonly clock: Clock,
  ) {}

  async start(request: HttpRequest, response: HttpResponse, user: Pick<User, 'id' | 'authEpoch'>): Promise<void> {
    await regenerateSession(request);
    request.session.userId = user.id;
    request.session.authEpoch = user.authEpoch;
    // Saved just now with its whole lifetime: the next request has nothing to extend (a write there
    // would also queue every other session's read behind it on the store's one connection).
    request.session.refreshedAt = this.clock.now().getTime();
    await saveSession(request);
    this.csrf.issue(request, response);
  }

  async end(request: HttpRequest, response: HttpResponse): Promise<void> {
    await destroySession(request);
    clearCookie(response, SESSION_COOKIE, { path: '/' });
    this.csrf.issue(request, response);
  }
}
