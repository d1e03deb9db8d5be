import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { messages } from '@kort/contracts';
import { UsersService } from '../users/users.service';
import { DetailException } from './detail.exception';
import { ADMIN_ROUTE, PUBLIC_ROUTE } from './route-policy';
import { regenerateSession } from './session-ops';

/**
 * Every route needs a live session unless marked @Public(). The user is read from the database on
 * each request, so a deleted, blocked or logged-out-everywhere account stops working at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request>();
    const user = await this.sessionUser(request);
    if (user) request.user = user;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    if (!user) throw new DetailException(401, messages.notAuthenticated);
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ROUTE, targets) && user.role !== 'admin') {
      throw new DetailException(403, messages.forbidden);
    }
    return true;
  }

  private async sessionUser(request: Request) {
    const { userId, authEpoch } = request.session ?? {};
    if (!userId) return null;
    const user = await this.users.findUsable(userId);
    if (user && user.authEpoch === authEpoch) return user;
    // The account was deleted, blocked or signed out everywhere: this session is over. Regenerate
    // (not destroy) so public handlers further on still have an empty session to work with.
    await regenerateSession(request).catch(() => undefined);
    return null;
  }
}
