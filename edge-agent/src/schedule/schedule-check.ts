import {
  type Schedule,
  type ScheduleAck,
  SCHEDULE_MAX_ENTRIES,
  scheduleSchema,
  type SignedSchedule,
  signedScheduleSchema,
} from '@kort/contracts';
import { verifySchedulePayload } from '@kort/contracts/schedule-crypto';

export type ScheduleRefusal = Extract<ScheduleAck, { ok: false }>['error'];

export type ScheduleCheck =
  { ok: true; signed: SignedSchedule; schedule: Schedule } | { ok: false; error: ScheduleRefusal; reason: string };

export interface ScheduleCheckOptions {
  key: Buffer;
  siteId: string;
  /** The version already held (0 for none): an equal or older one is a replay. */
  heldVersion: number;
}

const refuse = (error: ScheduleRefusal, reason: string): ScheduleCheck => ({ ok: false, error, reason });

/**
 * Judges a schedule from the API. The signature is checked over the exact text before anything in
 * it is parsed or believed: an unsigned text never reaches JSON.parse, let alone the keypad.
 */
export function checkSignedSchedule(input: unknown, options: ScheduleCheckOptions): ScheduleCheck {
  const wire = signedScheduleSchema.safeParse(input);
  if (!wire.success) {
    const payload = (input as { payload?: unknown } | null)?.payload;
    return typeof payload === 'string' && payload.length > signedScheduleSchema.shape.payload.maxLength!
      ? refuse('too-large', `the payload has ${payload.length} characters`)
      : refuse('invalid', 'not a signed schedule {payload, signature}');
  }
  const signed = wire.data;
  if (!verifySchedulePayload(signed.payload, signed.signature, options.key)) {
    return refuse('signature', 'the signature does not match this site token');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(signed.payload);
  } catch {
    return refuse('invalid', 'the payload is not JSON');
  }
  // Counted before the schema, so an oversized schedule is named as such rather than as "invalid".
  const games = (raw as { games?: unknown } | null)?.games;
  if (Array.isArray(games) && games.length > SCHEDULE_MAX_ENTRIES) {
    return refuse('too-large', `${games.length} games, at most ${SCHEDULE_MAX_ENTRIES} are accepted`);
  }
  const parsed = scheduleSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    return refuse('invalid', problems.join('; '));
  }
  const schedule = parsed.data;
  if (schedule.site !== options.siteId) return refuse('site', `the schedule is for site ${schedule.site}`);
  if (schedule.version <= options.heldVersion) {
    return refuse('replay', `version ${schedule.version} is not newer than ${options.heldVersion}`);
  }
  return { ok: true, signed, schedule };
}
