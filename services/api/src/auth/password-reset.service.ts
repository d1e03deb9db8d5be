import { Injectable } from '@nestjs/common';
import type { HttpRequest } from '../common/http';
import { AuthError, RequestError } from '@kort/contracts';
import { Clock } from '../common/clock';
import { clientIp } from '../common/client-ip';
import { RateLimiter } from '../common/rate-limiter.service';
import { regenerateSession } from './session-ops';
import { KortError } from '../common/kort-error';
import { letters } from '../mail/templates';
import { MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';
import { CODE_CHECK_LIMIT, LOOKUP_LIMIT } from './auth.service';
import { CODE_POLICY, OneTimeCodesService } from './one-time-codes.service';
import { assertNewPassword } from './password-rules';
import { PasswordsService } from './passwords.service';

/**
 * Password recovery: request a code by e-mail → verify it → set a new password. The proof that the
 * code was verified lives in the (anonymous) session for the code's lifetime; the new password
 * ends every other session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersService,
    private readonly codes: OneTimeCodesService,
    private readonly passwords: PasswordsService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async requestCode(request: HttpRequest, email: string): Promise<void> {
    await this.limiter.enforce(`lookup:${clientIp(request)}`, LOOKUP_LIMIT.perIp, LOOKUP_LIMIT.windowSeconds);
    const user = await this.users.findByEmail(email);
    if (!user?.confirmedAt || user.deletedAt) throw new KortError(AuthError.EmailUnknown);
    const code = await this.codes.issue(user.id, 'password_reset');
    await this.mail.enqueue(letters.passwordResetCode(user.email, code));
    request.session.reset = { email };
  }

  async verifyCode(request: HttpRequest, code: string, bodyEmail: string | undefined): Promise<void> {
    const ip = clientIp(request);
    await this.limiter.enforce(`code-check:${ip}`, CODE_CHECK_LIMIT.perIp, CODE_CHECK_LIMIT.windowSeconds);
    const email = bodyEmail ?? request.session.reset?.email;
    if (!email) throw new KortError(RequestError.Failed);
    const user = await this.users.findByEmail(email);
    if (!user?.confirmedAt || user.deletedAt) throw new KortError(AuthError.VerifyCodeInvalid);
    const result = await this.codes.check(user.id, 'password_reset', code);
    if (result === 'locked') throw new KortError(AuthError.CodeTooManyTries);
    if (result === 'invalid') throw new KortError(AuthError.VerifyCodeInvalid);
    // A new session id for the proof, so a session planted before the check cannot inherit it.
    await regenerateSession(request);
    request.session.reset = { email, verifiedAt: this.clock.now().getTime() };
  }

  async resetPassword(
    request: HttpRequest,
    email: string,
    password1: string | null | undefined,
    password2: string | null | undefined,
  ): Promise<void> {
    const reset = request.session.reset;
    const fresh =
      reset?.email === email &&
      reset.verifiedAt !== undefined &&
      this.clock.now().getTime() - reset.verifiedAt < CODE_POLICY.lifetimeMs;
    if (!fresh) throw new KortError(AuthError.ResetCodeExpired);
    const password = assertNewPassword(password1, password2);
    const user = await this.users.findByEmail(email);
    if (!user?.confirmedAt || user.deletedAt) throw new KortError(AuthError.ResetCodeExpired);
    await this.users.setPasswordHash(user.id, await this.passwords.hash(password));
    delete request.session.reset;
  }

  /** Login screen pre-fill: the e-mail of the recovery in progress, else the signed-in user's. */
  emailFor(request: HttpRequest): string {
    return request.session?.reset?.email ?? request.user?.email ?? '';
  }
}
