import type { DeviceError } from './errors';
import type { ErrorResponse } from './http';
import { z } from 'zod';
import { AGENT_ALARMS, agentVersionSchema, UPDATE_REASON_KEYS } from './fleet';

/**
 * The club without its link (README.md, "If the club's internet drops"): the API hands each site's agent a
 * signed schedule of the next 48 hours; the agent lets players in with an offline PIN, switches the
 * light by the games, and keeps every decision it took alone in an outbox it uploads on reconnect.
 * The crypto of the schedule (signature, PIN verifier) lives in `schedule-crypto.ts`, outside this
 * index: the web apps bundle the index and must not pull in node:crypto.
 */

/** How far ahead the API sends games, and how many entries an agent accepts at most. */
export const SCHEDULE_HORIZON_MS = 48 * 3600_000;
export const SCHEDULE_MAX_ENTRIES = 1000;
/** Digits of a game's offline PIN (docs/decisions.md: why 6 and not the door code's 4). */
export const OFFLINE_PIN_LENGTH = 6;
/** The agent turns its door display into a keypad after this long without reaching the API. */
export const OFFLINE_AFTER_MS = 10_000;
/** Keypad limits: this many wrong PINs within the window lock the keypad for `lockMs`. */
export const KEYPAD_POLICY = { maxWrong: 5, windowMs: 10 * 60_000, lockMs: 5 * 60_000 } as const;
/** The door sensor reporting "open" longer than this is a "held open" event. */
export const DOOR_HELD_OPEN_MS = 60_000;

/** One game of the site, as the agent needs it to judge a PIN and to switch the light. */
export const scheduleEntrySchema = z.object({
  game: z.number().int().positive(),
  court: z.number().int().positive(),
  /** Epoch milliseconds. */
  start: z.number().int(),
  end: z.number().int(),
  /** The door window (DOOR_OPENS_BEFORE_MIN before the start to DOOR_CLOSES_AFTER_MIN after the end). */
  open: z.number().int(),
  close: z.number().int(),
  /** base64url; the salt of `pinHash` (see schedule-crypto.ts: pinVerifier). */
  salt: z.string().max(64),
  /** base64url verifier of the game's offline PIN; never the PIN itself. */
  pinHash: z.string().max(128),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** The club's light rules (API settings), sent with the schedule so the agent follows them offline. */
export const lightPolicySchema = z.object({
  /** Minutes before a game's start to switch the light on; null: on when the game's door opens. */
  onBeforeMin: z.number().int().min(0).nullable(),
  /** Minutes after the last game of a run to switch the light off. */
  offAfterMin: z.number().int().min(0),
  /** A light switched on by hand with no game goes off after this many minutes. */
  manualMaxMin: z.number().int().min(1),
});
export type LightPolicy = z.infer<typeof lightPolicySchema>;

export const scheduleSchema = z.object({
  site: z.string().min(1).max(64),
  /** Increases with every schedule the API issues for the site: an older one is a replay. */
  version: z.number().int().positive(),
  /** Epoch milliseconds, API clock. */
  issuedAt: z.number().int(),
  light: lightPolicySchema,
  games: z.array(scheduleEntrySchema).max(SCHEDULE_MAX_ENTRIES),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * What travels and what the agent keeps on disk: the schedule as the exact JSON text the API signed,
 * and the signature (base64url HMAC-SHA256, see schedule-crypto.ts). The agent verifies the text
 * before parsing it, on receipt and again on every load from disk.
 */
export const signedScheduleSchema = z.object({
  payload: z.string().max(400_000),
  signature: z.string().max(128),
});
export type SignedSchedule = z.infer<typeof signedScheduleSchema>;

/** The agent's answer to `schedule`: accepted, or why not (the API logs a refusal as an error). */
export const scheduleAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), version: z.number().int(), entries: z.number().int() }),
  z.object({ ok: z.literal(false), error: z.enum(['signature', 'replay', 'site', 'too-large', 'invalid']) }),
]);
export type ScheduleAck = z.infer<typeof scheduleAckSchema>;

/**
 * Decisions the agent takes alone, and what its door sensor proves. Each is written to the agent's
 * outbox first and uploaded in order (at once while online), applied by the API exactly once (the
 * id is the primary key of a row in the command log).
 */
export const AGENT_EVENT_KINDS = [
  'door.entry', // an offline PIN accepted at the keypad: the strike pulsed for `game`
  'door.pin-wrong', // a wrong PIN at the keypad
  'door.keypad-locked', // too many wrong PINs: the keypad refuses for KEYPAD_POLICY.lockMs
  'door.opened', // the door sensor saw the door open within a pulse (for `game`, when known)
  'door.not-opened', // the strike was released but the door never opened
  'door.held-open', // the door stayed open longer than DOOR_HELD_OPEN_MS
  'door.sensor', // a door sensor change while offline (online ones go as input.changed)
  'light.on', // the agent switched the light on for a game
  'light.off', // the agent switched the light off (run of games over, or the manual limit)
  'agent.offline', // the agent could not reach the API from params.from to params.to
  'alarm.raised', // a door or Pi alarm (params.alarm, fleet.ts), with its figure in params.value
  'alarm.cleared', // the condition of params.alarm is over
  'update.installed', // params.version proved itself (it replaced params.previous)
  'update.refused', // the bundle of params.version was refused (params.why), the running one stays
  'update.rolled-back', // params.version failed (params.why): back on params.previous
] as const;
export type AgentEventKind = (typeof AGENT_EVENT_KINDS)[number];

export const agentEventSchema = z.object({
  id: z.uuid(),
  /** Position in the agent's outbox; uploads are in increasing order. */
  seq: z.number().int().nonnegative(),
  kind: z.enum(AGENT_EVENT_KINDS),
  /** Epoch milliseconds, agent clock corrected by the last known API clock offset. */
  at: z.number().int(),
  /** The game it concerns, when there is one. */
  game: z.number().int().positive().nullable(),
  /** Taken while the agent could not reach the API. */
  offline: z.boolean(),
  params: z
    .object({
      /** door.entry: whether this site has a door sensor (then the game starts on door.opened). */
      sensor: z.boolean().optional(),
      /** door.sensor */
      closed: z.boolean().optional(),
      /** door.keypad-locked: epoch ms the keypad opens again. */
      until: z.number().int().optional(),
      /** agent.offline: epoch ms. */
      from: z.number().int().optional(),
      to: z.number().int().optional(),
      /** light.on / light.off */
      reason: z.enum(['game', 'run-over', 'manual-max']).optional(),
      /** alarm.raised / alarm.cleared */
      alarm: z.enum(AGENT_ALARMS).optional(),
      /** alarm.raised: the figure (°C, %, seconds open, seconds of drift). */
      value: z.number().optional(),
      /** update.*: the version concerned, and the one it replaced or went back to. */
      version: agentVersionSchema.optional(),
      previous: agentVersionSchema.optional(),
      /** update.refused / update.rolled-back */
      why: z.enum(UPDATE_REASON_KEYS).optional(),
      /** update.*: a line for the operator (which file, what the check lacked); never a secret. */
      detail: z.string().max(300).optional(),
    })
    .default({}),
});
export type AgentEvent = z.input<typeof agentEventSchema>;

/** One upload from the outbox: at most this many events per batch. */
export const OUTBOX_BATCH_MAX = 500;
export const outboxBatchSchema = z.object({ events: z.array(agentEventSchema).min(1).max(OUTBOX_BATCH_MAX) });
/** The API's ack: every event up to `seq` is stored (new or already known); the agent drops them. */
export const outboxAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), seq: z.number().int(), applied: z.number().int() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type OutboxAck = z.infer<typeof outboxAckSchema>;

/** Door events pushed to dashboards on /live the moment they are stored. */
export interface LiveDoorEvent {
  site: string;
  id: string;
  kind: AgentEventKind;
  at: string;
  game: number | null;
  offline: boolean;
}

/** The door display's keypad: `POST /unlock` on the agent's display port. */
export const unlockBodySchema = z.strictObject({ pin: z.string().regex(/^\d{1,12}$/) });
export const UNLOCK_BODY_MAX_BYTES = 1024;

/** Russian texts of the keypad and its answers (`detail` of every /unlock answer). */
export const keypadMessages = {
  prompt: 'Нет связи с сервером. Введите код из приложения',
  opened: 'Дверь открыта!',
  wrong: 'Неверный код',
  locked: 'Слишком много неверных попыток. Клавиатура заблокирована на 5 минут',
  outsideWindow: 'Сейчас этот код не действует: дверь открывается по нему только в окно вашей игры',
  online: 'Связь с сервером есть: откройте дверь из приложения',
  malformed: 'Введите код цифрами',
  tooLarge: 'Слишком большой запрос',
  hardware: 'Замок не сработал. Обратитесь к администратору',
} as const;

/** GET /api/send/{gameId}/ while the site's agent is offline: 503 with the game's offline PIN. */
export interface OfflinePinResponse extends ErrorResponse {
  code: typeof DeviceError.AgentOffline;
  offline_pin: string;
}
