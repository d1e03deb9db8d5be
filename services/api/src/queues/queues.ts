import type { DefaultJobOptions } from 'bullmq';

/** Every BullMQ queue and job of the API, with its retry policy: the one home for both. */

/**
 * The part of a job's id that names its record for all time: the record's id with the instant it
 * was made (docs/decisions/0083-job-ids-for-all-time.md). A database restored from a backup, or made
 * afresh beside a Redis that ran before, hands its ids out again; BullMQ keeps completed jobs for
 * days and ignores an add whose id it has seen, so an id alone would lose the new record's job.
 */
export const recordKey = (id: number, createdAt: Date): string => `${id}-${createdAt.getTime().toString(36)}`;

export const QUEUES = {
  mail: 'mail',
  accounts: 'accounts',
  bookings: 'bookings',
  commands: 'commands',
  noShows: 'no-shows',
  waitlist: 'waitlist',
  notifyEmail: 'notify-email',
  notifyTelegram: 'notify-telegram',
  notifyPush: 'notify-push',
  payments: 'payments',
  alerts: 'alerts',
} as const;

export const JOBS = {
  sendMail: 'send-mail',
  purgeAccount: 'purge-account',
  bookingReminder: 'booking-reminder',
  deliverCommand: 'deliver-command',
  noShowCheck: 'no-show-check',
  waitlistOffer: 'waitlist-offer',
  holdExpiry: 'hold-expiry',
  notify: 'notify',
  paymentHold: 'payment-hold',
  paymentSweep: 'payment-sweep',
  alertTelegram: 'alert-telegram',
  agentOfflineCheck: 'agent-offline-check',
} as const;

/**
 * A notice to a player on one channel (notifications/notifier.ts): a job per message and channel,
 * a queue per channel, so that a slow mail server never delays a Telegram offer and a Telegram
 * rate limit (429) pauses only Telegram. Each try is about 5 s, 10 s, 20 s … apart (about 20
 * minutes in all); the delivery row, not the job, is what keeps a message from going twice.
 */
const NOTIFY_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

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
  // A check that fails (the database away) is tried again soon: a release a few minutes late is
  // better than none. The job id is the booking's: a check is queued once, whatever the replicas do.
  noShows: {
    attempts: 5,
    backoff: { type: 'fixed', delay: 20_000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  // An offer or an expiry that fails is tried again: each is idempotent (states checked under locks).
  waitlist: {
    attempts: 5,
    backoff: { type: 'fixed', delay: 10_000 },
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
  notifyEmail: NOTIFY_OPTIONS,
  notifyTelegram: NOTIFY_OPTIONS,
  notifyPush: NOTIFY_OPTIONS,
  // A hold's release and the sweep are idempotent (states checked in SQL): a failure is tried again
  // soon, and the sweep behind them re-reads whatever a lost job missed.
  payments: {
    attempts: 5,
    backoff: { type: 'fixed', delay: 10_000 },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  // An alert's Telegram message (its id is the alert's, for all time: sent once; a retry skips the
  // admins it reached) and the periodic agent.offline check (idempotent SQL: alerts/).
  alerts: NOTIFY_OPTIONS,
};

/**
 * Reminders each replica turns into notices at once. Games start on the hour, so their reminders
 * fall due together: one at a time, a club's 1,000 took 80 s, each waiting on its own queries
 * (bench/notify.mjs).
 */
export const REMINDER_CONCURRENCY = 20;

/** Notices each replica sends at once per channel (e-mail keeps the mail queue's). */
export const NOTIFY_CONCURRENCY = { email: 5, telegram: 25, push: 25 } as const;

/**
 * Letters each replica sends at once. One at a time, a slow mail server (seconds per connection)
 * held every letter behind the one being sent: the tenth code of a burst of registrations came
 * ten greetings later.
 */
export const MAIL_CONCURRENCY = 5;

/**
 * Device commands: every deadline and the worker's options, in one place. A door opening must
 * happen within DOOR_DEADLINE_MS of the request, or not at all; light, shelf and display commands
 * get COMMAND_DEADLINE_MS (the setting, DEFAULT_DEADLINE_MS unless set). The worker gives up at the
 * deadline; the caller waits CALLER_GRACE_MS more for the worker's verdict. A job whose worker died
 * is failed, never run by another (maxStalledCount 0).
 */
export const COMMANDS = {
  DOOR_DEADLINE_MS: 10_000,
  DEFAULT_DEADLINE_MS: 8_000,
  CALLER_GRACE_MS: 250,
  /**
   * A delivery not acknowledged this long is sent again with the same id, while the deadline lasts
   * (one lost on the way while Redis came back); the agent answers a repeated id without running it.
   */
  REDELIVER_AFTER_MS: 1_000,
  worker: { concurrency: 50, maxStalledCount: 0 },
} as const;

/** Self-deleted accounts lose their personal data this long after deletion (the spec's 10 days). */
export const PURGE_AFTER_MS = 10 * 24 * 3600 * 1000;
