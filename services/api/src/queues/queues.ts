import type { DefaultJobOptions } from 'bullmq';

/** Every BullMQ queue and job of the API, with its retry policy: the one home for both. */
export const QUEUES = {
  mail: 'mail',
  accounts: 'accounts',
  bookings: 'bookings',
  commands: 'commands',
} as const;

export const JOBS = {
  sendMail: 'send-mail',
  purgeAccount: 'purge-account',
  bookingReminder: 'booking-reminder',
  deliverCommand: 'deliver-command',
} as const;

export const QUEUE_OPTIONS: Record<keyof typeof QUEUES, DefaultJobOptions> = {
  // A slow or failing mail server must never fail the HTTP call: retry for about an hour.
  mail: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 15_000 },
    removeOnComplete: true,
    removeOnFail: { age: 24 * 3600 },
  },
  accounts: {
    attempts: 10,
    backoff: { type: 'exponential', delay: 60_000 },
    removeOnComplete: { age: 30 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  },
  bookings: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 30_000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  // Never retried: a door must not open late or twice. The deadline decides, not the attempts.
  // Removed at once: a display job carries a door code (the outcome lives in the commands table).
  commands: {
    attempts: 1,
    removeOnComplete: true,
    removeOnFail: true,
  },
};

/**
 * Letters each replica sends at once. One at a time, a slow mail server (seconds per connection)
 * held every letter behind the one being sent: the tenth code of a burst of registrations came
 * ten greetings later.
 */
export const MAIL_CONCURRENCY = 5;

/** A door opening must happen within this long of the request, or not at all. */
export const DOOR_COMMAND_DEADLINE_MS = 10_000;

/** Self-deleted accounts lose their personal data this long after deletion (spec section 9). */
export const PURGE_AFTER_MS = 10 * 24 * 3600 * 1000;
