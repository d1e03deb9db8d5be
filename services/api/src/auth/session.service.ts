import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@kort/contracts';
import { CsrfService } from '../common/csrf';
import type { User } from '../users/user.entity';

/** Starting and ending sessions. A login always gets a new session id and a new CSRF token. */
@Injectable()
export class SessionService {
  constructor(private readonly csrf: CsrfService) {}

  async start(request: Request, response: Response, user: Pick<User, 'id' | 'authEpoch'>): Promise<void> {
    await promisify((done) => request.session.regenerate(done));
    request.session.userId = user.id;
    request.session.authEpoch = user.authEpoch;
    await promisify((done) => request.session.save(done));
    this.csrf.issue(request, response);
  }

  async end(request: Request, response: Response): Promise<void> {
    await promisify((done) => request.session.destroy(done));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    this.csrf.issue(request, response);
  }
}

function promisify(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(toError(error)) : resolve())));
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
