// The one way the browser journeys wait: for a condition, never for a fixed time.

/** Polls `check` every 100 ms until it gives something truthy, and returns that. */
export async function until(check, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
