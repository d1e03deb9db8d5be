import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { EDGE_CLIENT_QUERY } from '@kort/contracts';
import { MetricsService } from '../metrics/metrics.service';

/**
 * Agents one replica takes per second (at once after a quiet spell, a few at first). A connect
 * costs the replica a websocket, two writes, two state frames and a schedule; a thousand agents
 * back at once after a restart took every core from the players for seconds. Past the rate an
 * agent is deferred and comes back with its full-jitter backoff: a fleet returns within a minute,
 * the players never wait behind it.
 */
export const AGENT_CONNECTS_PER_SECOND = 25;
/** What a replica takes at once before its rate has had time to fill (cold code, a pool opening). */
export const AGENT_CONNECTS_AT_FIRST = 5;
/**
 * Agents' upgrades let through per second while the replica is deferring: a little above its rate,
 * so the good tokens among them keep the deferring on, and it ends with the storm.
 */
export const AGENT_UPGRADES_PER_SECOND = 30;
/** The deferring lasts this long after the last agent with a good token was deferred. */
export const DEFERRING_HOLD_MS = 2_000;
/** How often a replica that deferred agents says how many (one line, not one per agent). */
export const DEFERRED_REPORT_MS = 10_000;

/** A token bucket of `perSecond`, holding `first` tokens when first asked. */
class Bucket {
  private tokens: number;
  private refilledAt: number | null = null;

  constructor(
    private readonly perSecond: number,
    first: number,
  ) {
    this.tokens = first;
  }

  /** Adds what the time since the last refill brings (nothing the first time: the clock starts). */
  refill(now: number): void {
    const elapsed = this.refilledAt === null ? 0 : now - this.refilledAt;
    this.tokens = Math.min(this.perSecond, this.tokens + (elapsed / 1000) * this.perSecond);
    this.refilledAt = now;
  }

  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The replica's rate of agents, in two places. The rate itself is asked once an agent's token is
 * known good (EdgeHandshakes): nobody without a token can use it up and keep the club's agents
 * out. A deferral there has already cost a websocket and a handshake, so while the replica is
 * deferring (and only then: only agents with good tokens start it), agents' websocket upgrades past
 * AGENT_UPGRADES_PER_SECOND are refused before anything (engine.io's allowRequest, an HTTP 400).
 * Dashboards and players never meet either.
 */
@Injectable()
export class AgentAdmission implements OnModuleDestroy {
  private readonly logger = new Logger('EdgeGateway');
  private readonly connects = new Bucket(AGENT_CONNECTS_PER_SECOND, AGENT_CONNECTS_AT_FIRST);
  private readonly upgrades = new Bucket(AGENT_UPGRADES_PER_SECOND, AGENT_CONNECTS_AT_FIRST);
  private deferringUntil = -Infinity;
  private deferredSinceReport = 0;
  private reportTimer?: NodeJS.Timeout;
  /** The clock of the buckets (tests set their own). */
  now: () => number = () => performance.now();

  constructor(private readonly metrics: MetricsService) {}

  /** An agent with a good token: true, take it now; false, it is deferred (told `busy`). */
  take(): boolean {
    const now = this.now();
    if (this.connects.take(now)) return true;
    // The upgrades' bucket fills from the moment deferring starts, not from its first upgrade.
    this.upgrades.refill(now);
    this.deferringUntil = now + DEFERRING_HOLD_MS;
    this.deferred();
    return false;
  }

  /** engine.io's allowRequest: while deferring, an agent's upgrade past its own rate is refused. */
  readonly allowRequest = (
    request: IncomingMessage,
    answer: (error: string | null | undefined, ok: boolean) => void,
  ): void => {
    const now = this.now();
    if (now >= this.deferringUntil || !isAgentConnection(request) || this.upgrades.take(now)) {
      return answer(null, true);
    }
    this.deferred();
    answer('busy: retry later', false);
  };

  onModuleDestroy(): void {
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    this.report();
  }

  private deferred(): void {
    this.metrics.agentDeferred();
    this.deferredSinceReport += 1;
    if (this.reportTimer) return;
    this.logger.warn(
      { perSecond: AGENT_CONNECTS_PER_SECOND },
      'agents connecting faster than this replica takes them: the others are deferred and retry with their backoff',
    );
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      this.report();
    }, DEFERRED_REPORT_MS).unref();
  }

  private report(): void {
    if (this.deferredSinceReport === 0) return;
    this.logger.warn(
      { deferred: this.deferredSinceReport, seconds: DEFERRED_REPORT_MS / 1000 },
      'agent connections deferred',
    );
    this.deferredSinceReport = 0;
  }
}

/** The connection says it is an agent's (EDGE_CLIENT_QUERY in its URL). */
export function isAgentConnection(request: IncomingMessage): boolean {
  const query = new URL(request.url ?? '/', 'http://api').searchParams;
  return query.get('client') === EDGE_CLIENT_QUERY.client;
}
