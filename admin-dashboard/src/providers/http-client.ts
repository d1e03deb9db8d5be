import { CSRF_HEADER, csrfTokenKeeper, messages, SiteError, type ErrorCode } from '@kort/contracts';
import { fetchUtils, HttpError } from 'react-admin';
import { chooseSite, chosenSite, withSite } from './site-choice';

/** The `csrftoken` cookie the API sets, asked for on a first visit (the one helper both apps use). */
const csrf = csrfTokenKeeper({ cookies: () => document.cookie, fetch: (url, init) => fetch(url, init) });

/**
 * The one way the dashboard talks to the API (react-admin's data provider, the auth provider and
 * the spec's calls): cookies included, the CSRF header on every call (the API wants it on the
 * spec's state-changing GETs too), the chosen site on every call that acts on one, and errors
 * carrying the server's Russian `detail` as their message, which is what react-admin puts in its
 * notifications.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}): Promise<JsonAnswer> {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const site = chosenSite();
  try {
    headers.set(CSRF_HEADER, await csrf.ensure());
    return await fetchUtils.fetchJson(withSite(url), { ...options, headers, credentials: 'include' });
  } catch (error) {
    // The site remembered here is not this admin's (any more): back to their first one.
    if (site && codeOf(error) === SiteError.NotYours && chosenSite()?.id === site.id) chooseSite(null);
    throw withRussianMessage(error);
  }
}

export type JsonAnswer = { status: number; headers: Headers; body: string; json: unknown };

/** The API's `{detail}` of a failed call, or the spec's network text when there is none. */
function withRussianMessage(error: unknown): HttpError {
  if (!(error instanceof HttpError)) return new HttpError(messages.networkTrouble, 0, {});
  const body = error.body as { detail?: unknown } | undefined;
  // A proxy's own 502 page has no JSON detail and reads as network trouble; our 503 (the court's
  // equipment is offline) has one and should be heard.
  const detail = typeof body?.detail === 'string' ? body.detail : messages.networkTrouble;
  return new HttpError(detail, error.status, error.body);
}

/** A GET of one of the spec's calls (`/api/count_users/`, `/api/turn_on_light/`, …): its JSON. */
export async function callApi<T>(path: string): Promise<T> {
  const { json } = await httpClient(path);
  return json as T;
}

/** The API's error code of a failed call (@kort/contracts errors.ts), or null (not reached, not ours). */
export function codeOf(error: unknown): ErrorCode | null {
  const code = error instanceof HttpError ? (error.body as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : null;
}

/** The text to show for a failed call. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : messages.networkTrouble;
}
