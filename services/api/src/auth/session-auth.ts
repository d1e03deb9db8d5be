import { Injectable } from '@nestjs/common';
import type { HttpRequest } from '../common/http';
import { UsersService } from '../users/users.service';
import type { User } from '../users/user.entity';
import { regenerateSession } from './session-ops';

/**
 * The account behind a request's session. Read on every request (from memory: UsersService keeps
 * it until its row changes), so a deleted, blocked or logged-out-everywhere account stops working
 * at once.
 */
@Injectable()
export class SessionAuth {
  constructor(private readonly users: UsersService) {}

  async sessionUser(request: HttpRequest): Promise<User | null> {
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
