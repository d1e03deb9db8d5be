import { Injectable } from '@nestjs/common';
import { AuthError, type LoginBody, messages, passwordProblem, type RegisterBody } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import { RateLimiter } from '../common/rate-limiter.service';
import { letters } from '../mail/templates';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { OneTimeCodesService } from './one-time-codes.service';
import { assertNewPassword } from './password-rules';
import { PasswordsService } from './passwords.service';

const LOGIN_LIMIT = { perEmail: 10, perIp: 100, windowSeconds: 15 * 60 };
/** Calls that reveal whether an e-mail is registered, and calls that check a code, per client IP. */
export const LOOKUP_LIMIT = { perIp: 120, windowSeconds: 60 };
export const CODE_CHECK_LIMIT = { perIp: 60, windowSeconds: 60 };

/** Login, registration and activation, with the spec's calls, rules and error texts. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordsService,
    private readonly codes: OneTimeCodesService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
  ) {}

  /** A signed-in player's new password; returns the new auth epoch, which the caller's session adopts. */
  async changePassword(user: User, password1?: string | null, password2?: string | null): Promise<number> {
    const password = assertNewPassword(password1, password2);
    return this.users.setPasswordHash(user.id, await this.passwords.hash(password));
  }

  /** Login step 1: is there an account for this e-mail? */
  async checkEmail(email: string, ip: string): Promise<void> {
    await this.limiter.enforce(`lookup:${ip}`, LOOKUP_LIMIT.perIp, LOOKUP_LIMIT.windowSeconds);
    const user = await this.users.findByEmail(email);
    if (!user || user.purgedAt) {
      throw new KortError(AuthError.EmailUnknown, { errors: { phone_number: messages.checkEmail } });
    }
    assertNotDeleted(user);
  }

  /** Login step 2. 418 for an account not yet confirmed, with a fresh code on its way. */
  async login({ email, password }: LoginBody, ip: string): Promise<User> {
    const allowed =
      (await this.limiter.hit(`login:${email}`, LOGIN_LIMIT.perEmail, LOGIN_LIMIT.windowSeconds)) &&
      (await this.limiter.hit(`login-ip:${ip}`, LOGIN_LIMIT.perIp, LOGIN_LIMIT.windowSeconds));
    if (!allowed) throw new KortError(AuthError.TooManyLogins);

    const user = await this.users.findByEmail(email);
    const passwordOk = await this.passwords.verify(user?.passwordHash ?? null, password);
    if (!user || user.purgedAt) {
      throw new KortError(AuthError.CheckEmail, { errors: { phone_number: messages.checkEmail } });
    }
    if (!passwordOk) throw new KortError(AuthError.WrongPassword, { errors: { auth_error: messages.authFailed } });
    assertNotDeleted(user);
    if (!user.confirmedAt) {
      const sent = await this.sendActivationCode(user).then(
        () => true,
        (error: unknown) => {
          if (error instanceof KortError && error.code === AuthError.CodeSendLimit) return false;
          throw error;
        },
      );
      throw new KortError(sent ? AuthError.AccountInactive : AuthError.AccountInactiveCodeLimit);
    }
    await this.limiter.reset(`login:${email}`);
    return user;
  }

  /** Registration step 1: the e-mail is free and the phone well-formed (checked by the schema). */
  async checkRegistrable(email: string, ip: string): Promise<void> {
    await this.limiter.enforce(`lookup:${ip}`, LOOKUP_LIMIT.perIp, LOOKUP_LIMIT.windowSeconds);
    const user = await this.users.findByEmail(email);
    if (user && (user.confirmedAt || user.deletedAt)) {
      throw new KortError(AuthError.EmailTaken, { errors: { email: messages.emailTaken } });
    }
  }

  /**
   * Registration step 2. An unconfirmed account with the same e-mail (an abandoned registration)
   * is taken over by the new details, so a typo in step 2 never locks an address out.
   */
  async register(body: RegisterBody & { phone_number: string | null }, ip: string): Promise<void> {
    const problem = passwordProblem(body.password1);
    if (problem) throw new KortError(AuthError.PasswordRejected, { detail: problem, errors: { password1: problem } });
    if (body.password1 !== body.password2) {
      throw new KortError(AuthError.PasswordsDoNotMatch, { errors: { password2: messages.passwordsDoNotMatch } });
    }
    await this.checkRegistrable(body.email, ip);
    const fields = {
      email: body.email,
      name: body.name_user,
      phoneNumber: body.phone_number,
      passwordHash: await this.passwords.hash(body.password1),
    };
    const existing = await this.users.findByEmail(body.email);
    // An unconfirmed account is taken over only once its code may be sent: a registration refused
    // for the hourly code limit (429) leaves the account as it was.
    const code = existing ? await this.codes.issue(existing.id, 'activation') : undefined;
    let userId: number;
    try {
      userId = await this.users.register(existing, fields);
    } catch (error) {
      if (postgresError(error).code === UNIQUE_VIOLATION)
        throw new KortError(AuthError.EmailTaken, { errors: { email: messages.emailTaken } });
      throw error;
    }
    await this.mail.enqueue(
      letters.activationCode(fields.email, code ?? (await this.codes.issue(userId, 'activation'))),
    );
  }

  /** The e-mailed code confirms the account; the caller then starts a session. */
  async activate(email: string, code: string, ip: string): Promise<User> {
    await this.limiter.enforce(`code-check:${ip}`, CODE_CHECK_LIMIT.perIp, CODE_CHECK_LIMIT.windowSeconds);
    const user = await this.users.findByEmail(email);
    if (!user || user.confirmedAt || user.deletedAt) throw new KortError(AuthError.CodeInvalid);
    const result = await this.codes.check(user.id, 'activation', code);
    if (result === 'locked') throw new KortError(AuthError.CodeTooManyTries);
    if (result === 'invalid') throw new KortError(AuthError.CodeInvalid);
    await this.users.confirm(user);
    return user;
  }

  /**
   * "Отправить код ещё раз" on the activation screen: a new code for an account still waiting for
   * its first. Any other address gets the same answer and no letter, so the call tells nobody
   * whether an address is registered; the per-e-mail limit of codes answers 429 as for the first.
   */
  async resendActivationCode(email: string, ip: string): Promise<void> {
    await this.limiter.enforce(`lookup:${ip}`, LOOKUP_LIMIT.perIp, LOOKUP_LIMIT.windowSeconds);
    const user = await this.users.findByEmail(email);
    if (!user || user.confirmedAt || user.deletedAt) return;
    await this.sendActivationCode(user);
  }

  private async sendActivationCode(user: User): Promise<void> {
    const code = await this.codes.issue(user.id, 'activation');
    await this.mail.enqueue(letters.activationCode(user.email, code));
  }
}

export function assertNotDeleted(user: User): void {
  if (!user.deletedAt) return;
  throw new KortError(user.deletionKind === 'admin' ? AuthError.AccountBlocked : AuthError.AccountDeleted);
}
