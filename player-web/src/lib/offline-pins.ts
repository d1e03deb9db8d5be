import type { MyOrder } from '@kort/contracts';
import { courtTitle } from './game-card';
import { heldPinsIn, isCurrent, isOfflinePin, type HeldPin, type PinStore, type StoredPin } from './held-pins';
import { mirrorForOfflinePage, PINS_KEY } from './offline-page-data';
import { siteNowMs } from './site-clock';

export { isOfflinePin, type HeldPin } from './held-pins';

type Store = PinStore;
const current = (entry: StoredPin | undefined): entry is StoredPin => isCurrent(entry, siteNowMs());

/**
 * The offline PINs of today's games, kept on the phone (docs/decisions/0029-offline-pins.md):
 * when the club's link is down the phone may not reach the API either, and the keypad at the door
 * still wants the code. Only the PIN, the game's start and its court's name are kept, by game id;
 * nothing else of the account. Entries of past days are dropped on every read and write.
 */

function read(): Store {
  try {
    const parsed = JSON.parse(localStorage.getItem(PINS_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, StoredPin>).filter(([, entry]) => current(entry)),
    );
  } catch {
    // Storage off (private mode) or a damaged entry: the phone simply has no PIN to offer.
    return {};
  }
}

function write(store: Store): void {
  try {
    if (Object.keys(store).length === 0) localStorage.removeItem(PINS_KEY);
    else localStorage.setItem(PINS_KEY, JSON.stringify(store));
  } catch {
    // Full or refused storage: the PIN still comes with the API's 503 while the phone is online.
  }
  mirrorForOfflinePage();
}

/**
 * Takes the answer of /api/my-orders/: the PINs of the games it lists are kept; a game it no
 * longer lists (cancelled, ended, another account's) loses its PIN.
 */
export function rememberOfflinePins(orders: readonly MyOrder[]): void {
  const store: Store = {};
  for (const order of orders) {
    if (isOfflinePin(order.offline_pin))
      store[order.id] = {
        pin: order.offline_pin,
        start: order.time_start,
        court: courtTitle({ court: order.name, ...(order.court_name ? { courtName: order.court_name } : {}) }),
      };
  }
  write(Object.fromEntries(Object.entries(store).filter(([, entry]) => current(entry))));
}

/** Keeps one game's PIN (the API's 503 while the court's equipment is offline). */
export function rememberOfflinePin(gameId: number, pin: string, start: string, court?: string): void {
  const store = read();
  const entry = { pin, start, ...(court ? { court } : {}) };
  if (current(entry)) store[gameId] = entry;
  write(store);
}

/** The PIN kept for a game, if it is today's or later; prunes past days as it reads. */
export function storedOfflinePin(gameId: number): string | null {
  const store = read();
  write(store);
  return store[gameId]?.pin ?? null;
}

/**
 * Today's PINs the phone holds, by start: what the screens shown without a connection offer (the
 * app's failure screen, the service worker's offline page).
 */
export function heldOfflinePins(): HeldPin[] {
  return heldPinsIn(read(), siteNowMs());
}

/** Signing out leaves no PIN on the phone. */
export function forgetOfflinePins(): void {
  write({});
}
