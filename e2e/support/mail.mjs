// The product's MailDev inbox, read through its REST API.
import { until } from './wait.mjs';

/** Waits until MailDev holds a letter to `address` and returns the oldest one. */
export async function waitForMail(mailUrl, address, timeoutMs = 15_000) {
  const inbox = `${mailUrl}/api/email?to.address=${encodeURIComponent(address)}&sort=asc`;
  return until(async () => (await (await fetch(inbox)).json())[0], `a letter to ${address}`, timeoutMs);
}

/** The next letter to `address` in MailDev, removed once read. */
export async function nextMail(mailUrl, address, timeoutMs = 15_000) {
  const mail = await waitForMail(mailUrl, address, timeoutMs);
  await fetch(`${mailUrl}/api/email/${mail.id}`, { method: 'DELETE' });
  return mail;
}
