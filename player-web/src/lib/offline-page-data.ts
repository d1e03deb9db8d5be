import { OFFLINE_CACHE, OFFLINE_DATA_URL, type OfflineData } from './offline-page';

/** Where the app keeps today's offline PINs (offline-pins.ts) and the club's contacts (remembered-contacts.ts). */
export const PINS_KEY = 'kort.offline-pins';
export const CONTACTS_KEY = 'kort.club-contacts';

/**
 * A copy of what the phone keeps for the door (the PINs, the club's contacts) where the service
 * worker can read it: a worker has no localStorage, but shares the Cache Storage with the page. It
 * draws the offline page from it when a navigation gets no answer (sw.ts, offline-page.ts).
 * Best effort, after each change: a browser without caches (or refusing them) has the in-app screen.
 */
export function mirrorForOfflinePage(): void {
  if (typeof caches === 'undefined') return;
  let data: OfflineData;
  try {
    data = {
      pins: JSON.parse(localStorage.getItem(PINS_KEY) ?? '{}') as OfflineData['pins'],
      contacts: localStorage.getItem(CONTACTS_KEY),
    };
  } catch {
    return;
  }
  void caches
    .open(OFFLINE_CACHE)
    .then((cache) =>
      cache.put(
        OFFLINE_DATA_URL,
        new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } }),
      ),
    )
    .catch(() => undefined);
}
