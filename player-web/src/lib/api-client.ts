import {
  AuthError,
  csrfTokenKeeper,
  CSRF_HEADER,
  messages,
  RequestError,
  type ErrorCode,
  type FieldErrors,
} from '@kort/contracts';

/**
 * An answer of the API that is not a success. The app decides on `code` (lib/errors.ts), never on
 * `status`, which is the transport's business (and shows in tests and logs).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    /** The server's Russian text for this very case (network trouble when it has none for a player). */
    readonly detail: string,
    readonly errors: FieldErrors = {},
    /** The whole JSON answer, for the few calls that carry more than a text (the offline PIN). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
  }
}

/** The API could not be reached at all (the spec's "Нет соединения" screen). */
export class NetworkError extends Error {}

export interface ApiHandlers {
  /** 401 on a call that needs a session: the app goes to /login. */
  onUnauthorized?: () => void;
  /** The rules have not been accepted yet (`auth.rules_not_accepted`). */
  onRulesRequired?: () => void;
}

const handlers: ApiHandlers = {};
export function setApiHandlers(next: ApiHandlers): void {
  Object.assign(handlers, next);
}

/** The `csrftoken` cookie the API sets, asked for on a first visit (the one helper both apps use). */
const csrf = csrfTokenKeeper({ cookies: () => document.cookie, fetch: (url, init) => fetch(url, init) });

export interface CallOptions {
  /**
   * Only asking: a 401 or unaccepted rules are this call's answer, not a reason to leave the
   * screen (a public page asking whether its visitor is signed in).
   */
  quiet?: boolean;
}

/**
 * The one way the app talks to the API: cookies included, the CSRF header on every call (the API
 * wants it on every state change, the spec's GETs included), errors turned into ApiError with the
 * server's code and Russian detail, a lost session and unaccepted rules handled in one place.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  { quiet = false }: CallOptions = {},
): Promise<T> {
  let response: Response;
  try {
    const token = await csrf.ensure();
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { [CSRF_HEADER]: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new NetworkError(messages.networkTrouble);
  }
  const payload = (await response.json().catch(() => ({}))) as {
    detail?: unknown;
    code?: unknown;
    errors?: FieldErrors;
  };
  if (response.ok) return payload as T;
  // The session is gone: the transport's own status, whatever the body says.
  if (response.status === 401 && !quiet) handlers.onUnauthorized?.();
  const code = typeof payload.code === 'string' ? (payload.code as ErrorCode) : undefined;
  if (code === AuthError.RulesNotAccepted && !quiet) handlers.onRulesRequired?.();
  // An answer with a code is the API's, and its detail is meant for the player, except a server
  // error (our bug: the player sees the spec's neutral text). An answer without one (a proxy's own
  // error page) says the API is out of reach, and reads as network trouble.
  const ours = code !== undefined && code !== RequestError.ServerError && typeof payload.detail === 'string';
  throw new ApiError(
    response.status,
    code ?? RequestError.Unavailable,
    ours ? (payload.detail as string) : messages.networkTrouble,
    payload.errors ?? {},
    payload,
  );
}
