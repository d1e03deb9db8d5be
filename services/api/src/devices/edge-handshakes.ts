import { Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { clientAddressReader } from '../common/client-address';
import { RateLimiter } from '../common/rate-limiter.service';
import { AppConfig } from '../config/app-config';
import { AgentAdmission } from './agent-admission';
import { DEFERRED, DevicesService } from './devices.service';

/** Refused /edge handshakes one address may make per window before it is refused unchecked. */
export const EDGE_REFUSALS_PER_WINDOW = 10;
export const EDGE_REFUSAL_WINDOW_S = 60;

/**
 * Who may open /edge: a site's agent with its token. Guessers are refused cheaply:
 * an address past EDGE_REFUSALS_PER_WINDOW refused handshakes in a window is refused without
 * looking at the token, counted in Redis so every replica agrees; token checks are answered from
 * DevicesService's cache, not the database; and a burst of refusals is two log lines (its first
 * refusal, and the moment the address is throttled), not one per attempt. Only refusals count: the
 * real agent, reconnecting after a drop, is never throttled by its own successes. The address is
 * the client's behind the trusted proxy, so a guesser does not throttle every agent behind nginx.
 * Agents with a good token past the replica's connect rate are told `busy` (AgentAdmission).
 */
@Injectable()
export class EdgeHandshakes {
  private readonly logger = new Logger('EdgeGateway');
  private readonly addressOf: (request: IncomingMessage) => string;

  constructor(
    private readonly devices: DevicesService,
    private readonly limiter: RateLimiter,
    /** The replica's rate of agents, asked once a token is known good. */
    private readonly admission: AgentAdmission,
    config: AppConfig,
  ) {
    this.addressOf = clientAddressReader(config.trustProxy);
  }

  /** The site the handshake proves; null (refused), or DEFERRED (a good token, past the rate). */
  async admit(request: IncomingMessage, site: unknown, token: unknown): Promise<string | null | typeof DEFERRED> {
    const address = this.addressOf(request);
    const key = `edge-refused:${address}`;
    if ((await this.refusals(key)) >= EDGE_REFUSALS_PER_WINDOW) return null;
    const siteId = await this.devices.authenticate(site, token, () => this.admission.take());
    if (siteId) return siteId;
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
}
