import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { SOCIAL_PROVIDERS, type SocialError, type SocialProvider, type SocialProvidersResponse } from '@kort/contracts';
import { Clock } from '../common/clock';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import { RateLimiter } from '../common/rate-limiter.service';
import { AppConfig } from '../config/app-config';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import {
  type CallbackQuery,
  ProviderError,
  providerClients,
  type ProviderClient,
  type SocialProfile,
} from './provider-clients';
import { IdentitiesService } from './identities.service';
import { UserIdentity } from './user-identity.entity';

/** A login started here must come back within this time (both providers' codes live 10 minutes). */
const PENDING_TTL_MS = 10 * 60_000;
/** Logins started and not finished that one browser session keeps (several tabs, retries). */
const PENDING_MAX = 5;
/** Callbacks per client IP: each one costs two calls to the provider. */
const CALLBACK_LIMIT = { perIp: 60, windowSeconds: 600 };

/** Logins started and not back yet, by `state`; `next`: where the player was going (returnPath's). */
type PendingLogins = Record<string, { provider: string; verifier: string; startedAt: number; next?: string }>;

/** Ends a social login on /login with this reason (contracts' socialErrorMessage gives the text). */
export class SocialLoginFailure extends Error {
  constructor(
    readonly code: SocialError,
    reason: string,
  ) {
    super(reason);
    this.name = 'SocialLoginFailure';
  }
}

/**
 * Log in with VK ID or Yandex ID: the authorization code flow with `state` and PKCE, the
 * pending login kept in the browser's session; back from the provider, the account is found by the
 * provider's user id, else by its e-mail (and linked), else created, already confirmed.
 */
@Injectable()
export class SocialLoginService {
  private readonly logger = new Logger('SocialLogin');
  private readonly clients: Partial<Record<SocialProvider, ProviderClient>>;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly identities: IdentitiesService,
  ) {
    this.clients = providerClients(config);
  }

  enabled(): SocialProvidersResponse {
    return Object.fromEntries(
      SOCIAL_PROVIDERS.map((provider) => [provider, Boolean(this.clients[provider])]),
    ) as SocialProvidersResponse;
  }

  /**
   * The provider's authorization URL; the login's state, PKCE verifier and return address (`next`,
   * already checked as the app's own) go into `pending`.
   */
  start(
    provider: SocialProvider,
    pending: PendingLogins | undefined,
    next: string | null = null,
  ): { url: string; pending: PendingLogins } {
    const client = this.clientOf(provider);
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const now = this.clock.now().getTime();
    const kept = Object.entries(pending ?? {})
      .filter(([, login]) => now - login.startedAt < PENDING_TTL_MS)
      .sort(([, a], [, b]) => b.startedAt - a.startedAt)
      .slice(0, PENDING_MAX - 1);
    return {
      url: client.authorizeUrl({ state, challenge, redirectUri: this.redirectUri(provider) }),
      pending: Object.fromEntries([
        ...kept,
        [state, { provider, verifier, startedAt: now, ...(next ? { next } : {}) }],
      ]),
    };
  }

  /**
   * Back from the provider. The login `query.state` names is taken out of `pending` whatever happens
   * (a state works once). Returns the account to sign in, or throws a SocialLoginFailure.
   */
  async finish(
    provider: SocialProvider,
    query: CallbackQuery,
    pending: PendingLogins | undefined,
    ip: string,
  ): Promise<User> {
    if (!(await this.limiter.hit(`social:${ip}`, CALLBACK_LIMIT.perIp, CALLBACK_LIMIT.windowSeconds))) {
      throw new SocialLoginFailure('too_many', 'too many callbacks from this address');
    }
    const state = query.state ?? '';
    const login = state ? pending?.[state] : undefined;
    if (pending && state) delete pending[state];
    if (!login || login.provider !== provider) throw new SocialLoginFailure('state', 'unknown or foreign state');
    if (this.clock.now().getTime() - login.startedAt >= PENDING_TTL_MS) {
      throw new SocialLoginFailure('state', 'the login was started too long ago');
    }
    if (query.error) {
      throw new SocialLoginFailure(
        query.error === 'access_denied' ? 'denied' : 'provider',
        `provider said ${query.error}`,
      );
    }
    const client = this.clientOf(provider);
    let profile: SocialProfile;
    try {
      const token = await client.exchange({
        query,
        verifier: login.verifier,
        state,
        redirectUri: this.redirectUri(provider),
      });
      profile = await client.profile(token);
    } catch (error) {
      if (error instanceof ProviderError) throw new SocialLoginFailure('provider', error.message);
      throw error;
    }
    const user = await this.accountFor(provider, profile);
    if (user.deletedAt) {
      throw new SocialLoginFailure(
        user.deletionKind === 'admin' ? 'blocked' : 'deleted',
        `account ${user.id} is deleted`,
      );
    }
    return user;
  }

  redirectUri(provider: SocialProvider): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}/api/auth/${provider}/callback/`;
  }

  private clientOf(provider: SocialProvider): ProviderClient {
    const client = this.clients[provider];
    if (!client) throw new SocialLoginFailure('off', `${provider} is not configured`);
    return client;
  }

  /**
   * The account for this provider identity, in one transaction (nothing half-made survives a
   * failure). Two callbacks racing for the same new player meet at a unique index; the loser
   * looks again and finds what the winner made.
   */
  private async accountFor(provider: SocialProvider, profile: SocialProfile): Promise<User> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction((manager) => this.findLinkOrCreate(manager, provider, profile));
      } catch (error) {
        if (attempt < 2 && postgresError(error).code === UNIQUE_VIOLATION) continue;
        throw error;
      }
    }
  }

  private async findLinkOrCreate(
    manager: EntityManager,
    provider: SocialProvider,
    profile: SocialProfile,
  ): Promise<User> {
    const users = manager.getRepository(User);
    const now = this.clock.now();

    const identity = await manager.getRepository(UserIdentity).findOneBy({ provider, subject: profile.subject });
    const linked = identity ? await users.findOneBy({ id: identity.userId }) : null;
    if (identity && linked) {
      await this.identities.touch(identity.id, now, manager);
      this.logger.log({ provider, userId: linked.id }, 'social login');
      return linked;
    }

    if (!profile.email) throw new SocialLoginFailure('no_email', 'the provider gave no e-mail');
    const existing = await users.findOneBy({ email: profile.email });
    if (existing?.deletedAt) return existing; // blocked or deleted: refused by the caller, nothing linked
    if (existing) {
      if (!existing.confirmedAt) {
        // Someone registered this address and never confirmed it: the provider now vouches for the
        // address, so the account is confirmed, but that someone's password must not come with it.
        await this.users.confirmForProvider(existing, now, manager);
      }
      await this.identities.link(existing.id, provider, profile.subject, now, manager);
      this.logger.log({ provider, userId: existing.id }, 'social identity linked to an existing account');
      return await users.findOneByOrFail({ id: existing.id });
    }

    const created = await this.users.createForProvider(
      { email: profile.email, name: profile.name || 'Игрок', phoneNumber: profile.phone },
      now,
      manager,
    );
    await this.identities.link(created, provider, profile.subject, now, manager);
    this.logger.log({ provider, userId: created }, 'account created through social login');
    return await users.findOneByOrFail({ id: created });
  }
}
