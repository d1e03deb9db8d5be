import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { OFFLINE_PIN_LENGTH } from './offline';

/**
 * The crypto both ends of the offline schedule share (docs/decisions.md, "Offline schedule"). Node
 * only: imported as `@kort/contracts/schedule-crypto` by the API and the agent, never by the web apps.
 *
 * - The signing key is derived from the site's agent token as the API stores it (sha256 hex), so
 *   neither side needs a new secret: the agent hashes its EDGE_AGENT_TOKEN the same way.
 * - The PIN verifier is an HMAC of the PIN under a per-game salt: neither the wire nor the state file
 *   carries a PIN. Anyone who can read the Pi's disk can also drive its relays, so the verifier is
 *   not a slow KDF: the keypad must answer within milliseconds.
 */

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** sha256 of an agent token, hex: what `sites.token_hash` holds. */
export function agentTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The schedule signing key of a site, from its token hash. */
export function scheduleKey(tokenHash: string): Buffer {
  return createHmac('sha256', tokenHash).update('kort-schedule-v1').digest();
}

export function signSchedulePayload(payload: string, key: Buffer): string {
  return b64(createHmac('sha256', key).update(payload).digest());
}

/** Constant-time check of a schedule's signature. */
export function verifySchedulePayload(payload: string, signature: string, key: Buffer): boolean {
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The verifier of a PIN under a salt (both base64url). */
export function pinVerifier(salt: string, pin: string): string {
  return b64(createHmac('sha256', Buffer.from(salt, 'base64url')).update(pin).digest().subarray(0, 16));
}

export function pinMatches(salt: string, pinHash: string, pin: string): boolean {
  const expected = Buffer.from(pinVerifier(salt, pin), 'base64url');
  const given = Buffer.from(pinHash, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A game's offline PIN, derived from a server secret and the game id: the same every time it is
 * asked for, so nothing has to be stored, and unknown to anyone without the secret.
 */
export function offlinePin(secret: Buffer, gameId: number): string {
  const digest = createHmac('sha256', secret).update(`offline-pin:${gameId}`).digest();
  const modulus = 10 ** OFFLINE_PIN_LENGTH;
  // 48 bits reduced mod 10^6: the bias is below 10^-8.
  return String(digest.readUIntBE(0, 6) % modulus).padStart(OFFLINE_PIN_LENGTH, '0');
}

/** The salt of a game's verifier: derived too, so a schedule pushed twice is byte-identical. */
export function pinSalt(secret: Buffer, gameId: number): string {
  return b64(createHmac('sha256', secret).update(`offline-salt:${gameId}`).digest().subarray(0, 12));
}
