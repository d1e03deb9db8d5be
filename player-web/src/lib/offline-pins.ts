import { OFFLINE_PIN_LENGTH, type MyOrder } from '@kort/contracts';
import { siteNowMs } from './site-clock';

/**
 * The offline PINs of today's games, kept on the phone (docs/decisions/0029-offline-pins.md):
 * when the club's link is down the phone may not reach the API either, and the keypad at the door
 * still wants the code. Only the PIN and the game's start are kept, by game id; nothing else of
 * the account. Entries of past days are dropped on every read and write.
 */
const KEY = 'kort.offline-pins';

interface StoredPin {
  pin: string;
  /** The game's start with the club's offset ('2026-11-23T18:00:00+03:00'): its local date and time. */
  start: string;
}
type Store = Record<string, StoredPin>;

const PIN_PATTERN = new RegExp(`^\\d{${OFFLINE_PIN_LENGTH}}$`);
const START_PATTERN = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A PIN as the API must send it: exactly OFFLINE_PIN_LENGTH digits, anything else is ignored. */
export const isOfflinePin = (value: unknown): value is string => typeof value === 'string' && PIN_PATTERN.test(value);

/** The club's date now, at the offset the game's start is written with ('YYYY-MM-DD'). */
function todayAt(start: string): string | null {
  const match = START_PATTERN.exec(start);
  if (!match) return null;
  const zone = match[2] as string;
  const offsetMs =
    zone === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
  return new Date(siteNowMs() + offsetMs).toISOString().slice(0, 10);
}

/** Kept: a well-formed entry whose game is today or later on the club's calendar. */
function current(entry: StoredPin | undefined): entry is StoredPin {
  if (!entry || !isOfflinePin(entry.pin) || typeof entry.start !== 'string') return false;
  const today = todayAt(entry.start);
  return today !== null && entry.start.slice(0, 10) >= today;
}

function read(): Store {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
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
    if (Object.keys(store).length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    // Full or refused storage: the PIN still comes with the API's 503 while the phone is online.
  }
}

/**
 * Takes the answer of /api/my-orders/: the PINs of the games it lists are kept; a game it no
 * longer lists (cancelled, ended, another account's) loses its PIN.
 */
export function rememberOfflinePins(orders: readonly MyOrder[]): void {
  const store: Store = {};
  for (const order of orders) {
    if (isOfflinePin(order.offline_pin)) store[order.id] = { pin: order.offline_pin, start: order.time_start };
  }
  write(Object.fromEntries(Object.entries(store).filter(([, entry]) => current(entry))));
}

/** Keeps one game's PIN (the API's 503 while the court's equipment is offline). */
export function rememberOfflinePin(gameId: number, pin: string, start: string): void {
  const store = read();
  const entry = { pin, start };
  if (current(entry)) store[gameId] = entry;
  write(store);
}

/** The PIN kept for a game, if it is today's or later; prunes past days as it reads. */
export function storedOfflinePin(gameId: number): string | null {
  const store = read();
  write(store);
  return store[gameId]?.pin ?? null;
}

/** Signing out leaves no PIN on the phone. */
export function forgetOfflinePins(): void {
  write({});
}
