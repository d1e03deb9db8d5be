import type { ErrorCode, FieldErrors } from '@kort/contracts';

export interface KortErrorOptions {
  /** The text when it is not the code's own (a field's problem, "the game starts at 18:00"). */
  detail?: string;
  /** The spec's field errors (login, registration). */
  errors?: FieldErrors;
  /** More fields of the answer (the offline PIN for a game's owner). */
  extra?: Record<string, unknown>;
  /** Seconds after which the same call may work: sent as `Retry-After` (a busy line's 429). */
  retryAfterSeconds?: number;
}

/**
 * The one error type services throw: a code from @kort/contracts' errors.ts, no HTTP status.
 * common/error-answers.ts turns the code into the status and the Russian `detail`.
 */
export class KortError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: KortErrorOptions = {},
  ) {
    super(code);
    this.name = 'KortError';
  }
}
