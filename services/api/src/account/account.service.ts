import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AuthError, isAdminRole, messages, type ProfileDetail } from '@kort/contracts';
import type { SiteRecord } from '../sites/sites.service';
import { calendarUrl } from '../calendar/calendar-url';
import { AppConfig } from '../config/app-config';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { letters } from '../mail/templates';
import { MailService } from '../mail/mail.service';
import { PlayerChannels } from '../notifications/player-channels';
import { JOBS, PURGE_AFTER_MS, QUEUES } from '../queues/queues';
import { IdentitiesService } from '../social/identities.service';
import { BookingsService } from '../bookings/bookings.service';
import { ShelfStateService } from '../shelves/shelf-state.service';
import { Clock } from '../common/clock';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

/** The purge job: runs PURGE_AFTER_MS after a self-deletion. */
export interface PurgeAccountJob {
  userId: number;
}

/** What a signed-in player does to their own account. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly channels: PlayerChannels,
    @InjectQueue(QUEUES.accounts) private readonly accounts: Queue<PurgeAccountJob>,
    private readonly config: AppConfig,
    private readonly identities: IdentitiesService,
    private readonly db: DataSource,
    private readonly bookings: BookingsService,
    private readonly shelves: ShelfStateService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The profile, with the site the player's calls act on now. */
  async profile(user: User, site: SiteRecord): Promise<ProfileDetail> {
    return {
      email: user.email,
      phone_number: user.phoneNumber,
      name: user.name,
      role: roleLabel(user),
      role_code: user.role,
      calendar_url: calendarUrl(this.config.publicUrl, user.calendarToken),
      linked_providers: await this.identities.linkedProviders(user.id),
      site: { id: site.id, name: site.name, slug: site.slug, timezone: site.timezone },
    };
  }

  /**
   * The player's own name and phone, checked by registration's rules (a phone may be shared, as at
   * registration). The answer is the profile as it now reads; the session's cached account is
   * dropped by the change feed before this returns.
   */
  async editProfile(user: User, site: SiteRecord, name: string, phoneNumber: string | null): Promise<ProfileDetail> {
    await this.users.setNameAndPhone(user.id, name, phoneNumber);
    // Which fields changed is worth a line; the values are personal data and stay out of the log.
    const changed = [name !== user.name && 'name', phoneNumber !== user.phoneNumber && 'phone_number'].filter(Boolean);
    this.logger.log({ user: user.id, changed }, 'profile edited');
    return this.profile({ ...user, name, phoneNumber }, site);
  }

  /**
   * The account stops working now, its games still ahead are cancelled (their courts are free for
   * others) and its shelf rental ends, all at once; a delayed job erases its personal data 10 days
   * later.
   */
  async deleteSelf(user: User): Promise<void> {
    const deletedAt = this.clock.now();
    await this.events.transaction(async (tx) => {
      await this.users.markSelfDeleted(user.id, deletedAt, tx);
      await this.shelves.releaseFor(user.id, 'account-deleted', deletedAt, tx);
      await this.bookings.cancelAllFor(user.id, deletedAt, tx, 'player');
      // Its games are out of the agents' schedules (one on now no longer opens the door).
      await this.events.record(tx, { type: 'account.changed', userId: user.id });
    });
    this.users.forget(user.id);
    await this.accounts.add(
      JOBS.purgeAccount,
      { userId: user.id },
      { delay: PURGE_AFTER_MS, jobId: purgeJobId(user.id, deletedAt) },
    );
    await this.mail.enqueue(letters.accountDeleted(user.email, user.name));
    this.logger.log({ user: user.id }, 'account self-deleted; purge queued in 10 days');
  }

  /** Erases the personal data of a self-deleted account that is due (the purge job). */
  async purgeIfDue(userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const purged = await this.users.purgeIfDue(userId, this.clock.now(), tx);
      if (purged) {
        await this.identities.eraseFor(userId, tx);
        await this.channels.eraseFor(userId, tx);
      }
      return purged;
    });
  }

  /** 451 until the rules are accepted (the spec's GET /api/is_admin/), then whether this is an admin. */
  isAdmin(user: User): boolean {
    if (!user.rulesAcceptedAt) throw new KortError(AuthError.RulesNotAccepted);
    return isAdminRole(user.role);
  }
}

/** One job per deletion: a restored and again deleted account gets a new one. */
export const purgeJobId = (userId: number, deletedAt: Date): string => `purge-account-${userId}-${deletedAt.getTime()}`;

function roleLabel(user: User): string {
  if (isAdminRole(user.role)) return messages.roleAdmin;
  return user.isSportSchool ? messages.roleSportSchool : messages.rolePlayer;
}
