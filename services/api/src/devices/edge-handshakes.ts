import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { IncomingMessage } from 'node:http';
import { clientAddressReader } from '../common/client-address';
import { RateLimiter } from '../common/rate-limiter.service';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { AgentAdmission } from './agent-admission';
import { AgentTokens, DEFERRED, hashToken } from './agent-tokens';

/** Refused /edge handshakes one address may make per window before it is refused unchecked. */
export const EDGE_REFUSALS_PER_WINDOW = 10;
export const EDGE_REFUSAL_WINDOW_S = 60;
/**
 * How long a token that connected stays proven (renewed at each connect): past its address's
 * throttle it is still checked. Longer than an agent's connections last between two deploys.
 */
export const EDGE_PROVEN_TTL_S = 30 * 24 * 3600;

/**
 * Who may open /edge: a site's agent with its token. Guessers are refused cheaply: an address past
 * EDGE_REFUSALS_PER_WINDOW refused handshakes in a window is refused without looking at the token,
 * counted in Redis so every replica agrees; token checks are answered from AgentTokens' cache,
 * not the database; and a burst of refusals is two log lines (its first refusal, and the moment the
 * address is throttled), not one per attempt. Only refusals count: the real agent, reconnecting
 * after a drop, is never throttled by its own successes. The address is the client's behind the
 * trusted proxy, so a guesser does not throttle every agent behind nginx.
 *
 * Several clubs may share one address (a carrier's NAT), and a guesser among them must not keep
 * the others out: the throttle is per address and token. A token that has connected before
 * (proven: its site and hash in Redis for EDGE_PROVEN_TTL_S) is always checked, whatever its
 * address's count; a token never seen connecting cannot be told from a guess, so it waits for its
 * address's window like one (docs/decisions/0073-agents-behind-one-address.md). Agents with a good
 * token past the replica's connect rate are told `busy` (AgentAdmission), asked only after the check.
 */
@Injectable()
export class EdgeHandshakes {
  private readonly logger = new Logger('EdgeGateway');
  private readonly addressOf: (request: IncomingMessage) => string;

  constructor(
    private readonly tokens: AgentTokens,
    private readonly limiter: RateLimiter,
    /** The replica's rate of agents, asked once a token is known good. */
    private readonly admission: AgentAdmission,
    @Inject(REDIS) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.addressOf = clientAddressReader(config.trustProxy);
  }

  /** The site the handshake proves; null (refused), or DEFERRED (a good token, past the rate). */
  async admit(request: IncomingMessage, site: unknown, token: unknown): Promise<string | null | typeof DEFERRED> {
    const address = this.addressOf(request);
    const key = `edge-refused:${address}`;
    const proven = provenKeyOf(site, token);
    // Only a throttled address asks whether the token is proven: an agent's usual connect costs what it did.
    if ((await this.refusals(key)) >= EDGE_REFUSALS_PER_WINDOW && !(await this.isProven(proven))) return null;
    const siteId = await this.tokens.authenticate(site, token, () => this.admission.take());
    if (siteId === DEFERRED) return siteId;
    if (siteId) {
      this.remember(proven);
      return siteId;
    }
    // A token proven before and refused now was replaced: from now on it is throttled like any other.
    this.forget(proven);
    const refused = await this.countRefusal(key);
    if (refused === 1) {
      this.logger.warn({ site, address }, 'agent refused: wrong site or token');
    } else if (refused === EDGE_REFUSALS_PER_WINDOW) {
      this.logger.warn(
        { address, refused, windowSeconds: EDGE_REFUSAL_WINDOW_S },
        'agent handshakes throttled: this address is refused unchecked until its window ends',
      );
    }
    return null;
  }

  // Redis down: the agent's link must not depend on the guessers' counter (fail open, as a check
  // of the token still follows).
  private refusals(key: string): Promise<number> {
    return this.limiter.count(key).catch(() => 0);
  }

  private countRefusal(key: string): Promise<number> {
    return this.limiter.increment(key, EDGE_REFUSAL_WINDOW_S).catch(() => 0);
  }

  // Redis failing: not proven (with Redis down no address is throttled anyway: refusals() fails open).
  private async isProven(key: string | null): Promise<boolean> {
    return key !== null && (await this.redis.exists(key).catch(() => 0)) === 1;
  }

  // Not awaited: the handshake does not wait for them, and Redis runs one connection's commands in
  // order, so this replica's next question sees them. Every connect renews the token's time.
  private remember(key: string | null): void {
    if (key) void this.redis.set(key, '1', 'EX', EDGE_PROVEN_TTL_S).catch(() => null);
  }

  private forget(key: string | null): void {
    if (key) void this.redis.del(key).catch(() => 0);
  }
}

/** The Redis key of a proven site and token (its hash, as the sites row keeps it); null for no token. */
function provenKeyOf(site: unknown, token: unknown): string | null {
  if (typeof site !== 'string' || typeof token !== 'string' || site.length > 64) return null;
  return `edge-proven:${site}:${hashToken(token)}`;
}
