import { type Schedule, type ScheduleEntry, type SignedSchedule } from '@kort/contracts';
import {
  agentTokenHash,
  offlinePin,
  pinSalt,
  pinVerifier,
  scheduleKey,
  signSchedulePayload,
} from '@kort/contracts/schedule-crypto';
import { TOKEN } from './edge-server';

export const SITE = 'court-1';
const MINUTE = 60_000;
/** The API's PIN secret in these tests. */
const SECRET = Buffer.from('test-offline-pin-secret');

/** The offline PIN the API would give the owner of `game`. */
export const pinOf = (game: number) => offlinePin(SECRET, game);

/** A game as the API puts it in the schedule: door window 15 min before the start to the end. */
export function game(id: number, { startsIn = 0, minutes = 60, court = 1 } = {}): ScheduleEntry {
  const start = Date.now() + startsIn;
  const salt = pinSalt(SECRET, id);
  return {
    game: id,
    court,
    start,
    end: start + minutes * MINUTE,
    open: start - 15 * MINUTE,
    close: start + minutes * MINUTE,
    salt,
    pinHash: pinVerifier(salt, pinOf(id)),
  };
}

export const LIGHT = { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 };

/** A schedule signed as the API signs it, with the site's token. */
export function signedSchedule(
  games: ScheduleEntry[],
  { version = Date.now(), site = SITE, token = TOKEN, light = LIGHT }: Partial<Schedule> & { token?: string } = {},
): SignedSchedule {
  const schedule: Schedule = { site, version, issuedAt: Date.now(), light, games };
  const payload = JSON.stringify(schedule);
  return { payload, signature: signSchedulePayload(payload, scheduleKey(agentTokenHash(token))) };
}
