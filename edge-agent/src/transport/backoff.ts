/**
 * How long to wait before the next try to reach the API. Full jitter: a random wait between 0 and
 * min(cap, base · 2^attempt). When the API restarts, a thousand agents lose it in the same instant;
 * with full jitter their tries spread evenly over the whole window instead of arriving in waves, so
 * the replicas coming back are not knocked over by every agent at once.
 */
export interface BackoffPolicy {
  /** The window of the first retry; it doubles with each failed one. */
  baseMs: number;
  /** The largest window, however many tries failed. */
  capMs: number;
}

/** The agent's defaults (RECONNECT_BASE_MS, RECONNECT_CAP_MS). */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 30_000 };

/** Where the operator may set the cap: long enough to spread a fleet, short enough to come back soon. */
export const BACKOFF_CAP_RANGE_MS = { min: 30_000, max: 60_000 } as const;

/** The wait before retry number `attempt` (0 for the first), in whole milliseconds. */
export function fullJitterDelay(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random = Math.random,
): number {
  // 2^attempt overflows to Infinity long after it passed the cap; min() still gives the cap.
  const window = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * window);
}
