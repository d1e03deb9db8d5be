import { useSyncExternalStore } from 'react';

/**
 * The site the dashboard works on, chosen in the app bar and remembered in this browser: every
 * call to the API that acts on a site carries it as `?site_id=` and the live socket names it at
 * connect. Nothing chosen (one site, or a first visit): no `site_id`, and the API acts on the
 * admin's first site.
 */
export interface SiteChoice {
  id: string;
  /** Its IANA zone: the dates and hours on screen are the chosen site's. */
  timezone: string;
}

const STORAGE_KEY = 'kort-admin.site';
const listeners = new Set<() => void>();
let chosen: SiteChoice | null = read();

function read(): SiteChoice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SiteChoice> | null;
    return typeof stored?.id === 'string' && typeof stored.timezone === 'string'
      ? { id: stored.id, timezone: stored.timezone }
      : null;
  } catch {
    return null;
  }
}

export function chosenSite(): SiteChoice | null {
  return chosen;
}

/** Remembers the site (null: forget it, back to the admin's first) and tells every listener. */
export function chooseSite(site: SiteChoice | null): void {
  if (site?.id === chosen?.id && site?.timezone === chosen?.timezone) return;
  chosen = site ? { id: site.id, timezone: site.timezone } : null;
  try {
    if (chosen) localStorage.setItem(STORAGE_KEY, JSON.stringify(chosen));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // A browser that keeps nothing (private mode) still switches, for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen site's id (null: none chosen), re-rendering when it changes. */
export function useChosenSiteId(): string | null {
  return useSyncExternalStore(subscribe, () => chosen?.id ?? null);
}

/**
 * Calls that are not a site's: the account's own (sign-in, identity, the admin check) and the list
 * of sites itself, which must answer even when the remembered site is no longer the admin's.
 */
const NOT_A_SITES_CALL = /^\/api\/(login|logout|is_admin|my_name|give_email|profile|sites|admin\/sites)(\/|\?|$)/;

/** `url` with the chosen site as `site_id` when the call acts on a site's data. */
export function withSite(url: string): string {
  if (!chosen || !url.startsWith('/api/') || NOT_A_SITES_CALL.test(url)) return url;
  // Appended as it is: the rest of the query (react-admin's JSON filter) keeps its own encoding.
  return `${url}${url.includes('?') ? '&' : '?'}site_id=${encodeURIComponent(chosen.id)}`;
}
