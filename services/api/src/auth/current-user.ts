import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Session, SessionData, Store } from 'express-session';
import type { HttpRequest } from '../common/http';
import type { User } from '../users/user.entity';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** The user's auth_epoch at login; a bump ends this session. */
    authEpoch: number;
    /** When the session's lifetime was last extended (epoch ms): at most once a minute. */
    refreshedAt: number;
    /** Password recovery in progress (anonymous): the e-mail and, once verified, the code. */
    reset: { email: string; verifiedCodeId?: number; verifiedAt?: number };
    /** Social logins started in this browser and not yet back, by their `state`. */
    oauth: Record<string, { provider: string; verifier: string; startedAt: number; next?: string }>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: User;
    /** express-session's, kept on the raw request (app.factory.ts reads them through). */
    session: Session & Partial<SessionData>;
    sessionID: string;
    sessionStore: Store;
    /** cookie-parser's, on the raw request too. */
    cookies?: Record<string, string>;
  }
}

/** The signed-in user, loaded by the auth guard. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  const user = context.switchToHttp().getRequest<HttpRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route without a session');
  return user;
});
