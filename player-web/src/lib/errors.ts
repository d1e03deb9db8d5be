import {
  AuthError,
  BookingError,
  DoorError,
  messages,
  RequestError,
  type ErrorCode,
  type FieldErrors,
} from '@kort/contracts';
import { ApiError } from './api-client';

/** No answer at all (no network, the API out of reach): the app's own code beside the API's. */
export const NO_ANSWER = 'client.no_answer';
export type FailureCode = ErrorCode | typeof NO_ANSWER;

/** A failed call as the app decides on it: by its code, never by an HTTP status or a wording. */
export interface Failure {
  code: FailureCode;
  /** The server's Russian text for this very case (network trouble when there was no answer). */
  detail: string;
  /** Field errors of the login and registration calls. */
  errors: FieldErrors;
  /** The whole answer, for the refusals that carry more than a text (the offline PIN). */
  body: Readonly<Record<string, unknown>>;
  /** What the player reads: errorText(code, detail). */
  text: string;
}

/**
 * The player app's own text for a code (the spec's error catalogue). A code not named here is
 * worded by the server for the case at hand (a game's start time, the rule a password breaks, a
 * shelf's state): its detail is the text.
 */
const APP_TEXTS: Partial<Record<FailureCode, string>> = {
  // Trouble on the way or on the server: the spec's "network trouble", never a server's bug text.
  [NO_ANSWER]: messages.networkTrouble,
  [RequestError.ServerError]: messages.networkTrouble,
  [RequestError.Unavailable]: messages.networkTrouble,
  [RequestError.NotFound]: messages.networkTrouble,
  // Login and registration.
  [AuthError.CheckEmail]: messages.checkEmail,
  [AuthError.PasswordsDoNotMatch]: messages.passwordRequirements,
  // Activation and password recovery codes.
  [AuthError.CodeInvalid]: messages.codeInvalid,
  [AuthError.CodeTooManyTries]: messages.codeTooManyTries,
  [AuthError.VerifyCodeInvalid]: messages.verifyCodeInvalid,
  // A new password (reset and change).
  [AuthError.ResetCodeExpired]: messages.resetCodeExpired,
  [AuthError.NewPasswordEmpty]: messages.passwordEmpty,
  [AuthError.NewPasswordsDoNotMatch]: messages.newPasswordsDoNotMatch,
  [AuthError.NewPasswordWeak]: messages.passwordHint,
  // Bookings and the game.
  [BookingError.QuotaReached]: messages.bookingLimit,
  [BookingError.CancelTooLate]: messages.cancelTooLate,
  [DoorError.GameNotStarted]: messages.gameNotStarted,
  [DoorError.WrongCode]: messages.wrongDoorCode,
};

/** What the player reads for a code: the app's text for it, else the server's detail. */
export function errorText(code: FailureCode, detail: string = messages.genericError): string {
  return APP_TEXTS[code] ?? detail;
}

/** Any failure of a call (an ApiError, no answer at all, anything else) as a Failure. */
export function errorOf(error: unknown): Failure {
  if (error instanceof ApiError)
    return {
      code: error.code,
      detail: error.detail,
      errors: error.errors,
      body: error.body,
      text: errorText(error.code, error.detail),
    };
  return { code: NO_ANSWER, detail: messages.networkTrouble, errors: {}, body: {}, text: errorText(NO_ANSWER) };
}

/** Too many attempts: the server's text says how long to wait. */
export const RATE_LIMITS: readonly FailureCode[] = [
  RequestError.TooManyRequests,
  AuthError.TooManyLogins,
  AuthError.CodeSendLimit,
];

/**
 * For a call whose refusals the spec names one by one ("…; otherwise 'Ошибка'"): a named code reads
 * its text, every other failure reads `otherwise`.
 */
export function textAmong(failure: Failure, named: readonly FailureCode[], otherwise: string): string {
  return named.includes(failure.code) ? failure.text : otherwise;
}

/**
 * The spec's error texts for a new password (resetting and changing it): a body the server cannot
 * take (its 400) reads "the new passwords differ or break the rules", the named refusals their
 * text, a rate limit the server's text, no answer network trouble, anything else "Ошибка".
 */
export function passwordError(error: unknown): string {
  const failure = errorOf(error);
  if (failure.code === RequestError.Invalid || failure.code === RequestError.Failed) return messages.newPasswordsBad;
  return textAmong(
    failure,
    [
      AuthError.ResetCodeExpired,
      AuthError.NewPasswordEmpty,
      AuthError.NewPasswordsDoNotMatch,
      AuthError.NewPasswordWeak,
      NO_ANSWER,
      ...RATE_LIMITS,
    ],
    messages.genericError,
  );
}
