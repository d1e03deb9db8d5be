import { CSRF_COOKIE, CSRF_HEADER, messages, type FieldErrors } from '@kort/contracts';

/** An answer of the API that is not a success: its status and the Russian text to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
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
  /** 451: the rules have not been accepted yet. */
  onRulesRequired?: () => void;
}

const handlers: ApiHandlers = {};
export function setApiHandlers(next: ApiHandlers): void {
  Object.assign(handlers, next);
}

function csrfToken(): string {
  const match = new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * The one way the app talks to the API: cookies included, the CSRF header on every call (the API
 * wants it on every state change, the spec's GETs included), errors turned into ApiError with the
 * server's Russian detail, 401 and 451 handled in one place.
 */
export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    // A first visit has no token yet (the page itself is not an /api/ answer): get one.
    if (!csrfToken()) await fetch('/api/give_email/', { credentials: 'include' });
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { [CSRF_HEADER]: csrfToken(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new NetworkError(messages.networkTrouble);
  }
  const payload = (await response.json().catch(() => ({}))) as { detail?: unknown; errors?: FieldErrors };
  if (response.ok) return payload as T;
  if (response.status === 401) handlers.onUnauthorized?.();
  if (response.status === 451) handlers.onRulesRequired?.();
  // A 500 is our bug: the player sees the spec's neutral text. 502-504 with our JSON detail are the
  // court's equipment (offline, no answer, refused), which the player should hear about; a proxy's
  // own 502 page has no JSON detail and reads as network trouble.
  const ours = typeof payload.detail === 'string' && (response.status < 500 || response.status >= 502);
  const detail = ours ? (payload.detail as string) : messages.networkTrouble;
  throw new ApiError(response.status, detail, payload.errors ?? {}, payload);
}
