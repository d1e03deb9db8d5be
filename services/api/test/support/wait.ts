/**
 * The one way the API's tests wait: for a condition someone would notice (a row written, a socket
 * told, a letter in MailDev), polled every 25 ms, never for a fixed time. Fails with `what` when the
 * condition does not hold within `timeoutMs`.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
