import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@kort/contracts';
import { CsrfService } from '../common/csrf';
import { destroySession, regenerateSession, saveSession } from './session-ops';
import type { User } from '../users/user.entity';

/** Starting and ending sessions. A login always gets a new session id and a new CSRF token. */
@Injectable()
export class SessionService {
  constructor(private readonly csrf: CsrfService) {}

  async start(request: Request, response: Response, user: Pick<User, 'id' | 'authEpoch'>): Promise<void> {
    await regenerateSession(request);
    request.session.userId = user.id;
    request.session.authEpoch = user.authEpoch;
    await saveSession(request);
    this.csrf.issue(request, response);
  }

  async end(request: Request, response: Response): Promise<void> {
    await destroySession(request);
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    this.csrf.issue(request, response);
  }
}
