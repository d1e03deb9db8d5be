import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Repository } from 'typeorm';
import { AuthError, messages, type ProfileDetail } from '@kort/contracts';
import { assertNewPassword } from '../auth/password-rules';
import { calendarUrl } from '../calendar/calendar-url';
import { AppConfig } from '../config/app-config';
import { PasswordsService } from '../auth/passwords.service';
import { KortError } from '../common/kort-error';
import { letters } from '../mail/templates';
import { MailService } from '../mail/mail.service';
import { ScheduleChanges } from '../offline/schedule-changes';
import { JOBS, PURGE_AFTER_MS, QUEUES } from '../queues/queues';
import { UserIdentity } from '../social/user-identity.entity';
import type { PurgeAccountJob } from './purge-account.processor';
import type { User } from './user.entity';
import { UsersService } from './users.service';

/** What a signed-in player does to their own account. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordsService,
    private readonly mail: MailService,
    @InjectQueue(QUEUES.accounts) private readonly accounts: Queue<PurgeAccountJob>,
    private readonly config: AppConfig,
    @InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>,
    private readonly schedule: ScheduleChanges,
  ) {}

  async profile(user: User): Promise<ProfileDetail> {
    const linked = await this.identities.find({ where: { userId: user.id }, order: { provider: 'ASC' } });
    return {
      email: user.email,
      phone_number: user.phoneNumber,
      name: user.name,
      role: roleLabel(user),
      role_code: user.role,
      calendar_url: calendarUrl(this.config.publicUrl, user.calendarToken),
      linked_providers: linked.map((identity) => identity.provider),
    };
  }

  /** Returns the new auth epoch, which the caller's own session adopts to stay signed in. */
  async changePassword(user: User, password1?: string | null, password2?: string | null): Promise<number> {
    const password = assertNewPassword(password1, password2);
    return this.users.setPasswordHash(user.id, await this.passwords.hash(password));
  }

  /** The account stops working now; a delayed job erases its personal data 10 days later. */
  async deleteSelf(user: User): Promise<void> {
    const deletedAt = await this.users.markSelfDeleted(user.id);
    // Its games ahead are cancelled, and one on now no longer opens the door.
    this.schedule.changed();
    await this.accounts.add(
      JOBS.purgeAccount,
      { userId: user.id },
      { delay: PURGE_AFTER_MS, jobId: purgeJobId(user.id, deletedAt) },
    );
    await this.mail.enqueue(letters.accountDeleted(user.email, user.name));
    this.logger.log({ user: user.id }, 'account self-deleted; purge queued in 10 days');
  }

  /** 451 until the rules are accepted (spec section 6), then whether this is an admin. */
  isAdmin(user: User): boolean {
    if (!user.rulesAcceptedAt) throw new KortError(AuthError.RulesNotAccepted);
    return user.role === 'admin';
  }
}

/** One job per deletion: a restored and again deleted account gets a new one. */
export const purgeJobId = (userId: number, deletedAt: Date): string => `purge-account-${userId}-${deletedAt.getTime()}`;

function roleLabel(user: User): string {
  if (user.role === 'admin') return messages.roleAdmin;
  return user.isSportSchool ? messages.roleSportSchool : messages.rolePlayer;
}
