// The product's MailDev inbox, read through its REST API.
import { until } from './wait.mjs';

/**
 * The inbox's answer to `url`, or undefined when MailDev could not be reached this time. MailDev runs
 * inside `npm start`'s own process, beside the API it serves; on a loaded CI machine one poll has
 * been seen to fail to connect ("fetch failed") while the next one would have answered. A poll that
 * fails is polled again; the last failure is kept so a lasting one is named when the wait gives up.
 */
async function poll(url, failures) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
    return await response.json();
  } catch (error) {
    failures.last = error.cause ? `${error.message}: ${error.cause.code ?? error.cause.message}` : error.message;
    return undefined;
  }
}

/** Waits until MailDev holds a letter to `address` and returns the oldest one. */
export async function waitForMail(mailUrl, address, timeoutMs = 15_000) {
  const inbox = `${mailUrl}/api/email?to.address=${encodeURIComponent(address)}&sort=asc`;
  const failures = { last: undefined };
  try {
    return await until(async () => (await poll(inbox, failures))?.[0], `a letter to ${address}`, timeoutMs);
  } catch (error) {
    if (failures.last) error.message += ` (the last poll of ${mailUrl} failed: ${failures.last})`;
    throw error;
  }
}

/** The next letter to `address` in MailDev, removed once read. */
export async function nextMail(mailUrl, address, timeoutMs = 15_000) {
  const mail = await waitForMail(mailUrl, address, timeoutMs);
  const removed = await fetch(`${mailUrl}/api/email/${mail.id}`, { method: 'DELETE' });
  if (!removed.ok) throw new Error(`MailDev did not remove letter ${mail.id}: ${removed.status}`);
  return mail;
}
