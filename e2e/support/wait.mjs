// The one way the browser journeys and the benches wait: for a condition, never for a fixed time.

/**
 * Polls `check` every `everyMs` until it gives something truthy, and returns that; fails naming
 * `what` after `timeoutMs`. The benches poll every millisecond: what they time is the wait itself.
 */
export async function until(check, what, timeoutMs = 10_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
