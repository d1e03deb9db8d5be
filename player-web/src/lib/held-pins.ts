import { OFFLINE_PIN_LENGTH } from '@kort/contracts';

/**
 * The offline PINs a phone holds, as data both the app (offline-pins.ts, the failure screen) and the
 * service worker's offline page (offline-page.ts) read: pure functions of the stored entries and the
 * time, nothing of the page or the worker.
 */
export interface StoredPin {
  pin: string;
  /** The game's start with the club's offset ('2026-11-23T18:00:00+03:00'): its local date and time. */
  start: string;
  /** The court as the player reads it («Корт 3», «Грунт»); absent in entries kept before it was. */
  court?: string;
}
export type PinStore = Record<string, StoredPin>;

/** A PIN the phone holds, as the screens with no connection list them. */
export interface HeldPin {
  pin: string;
  court: string | null;
  /** 'HH:MM', the club's time. */
  time: string;
}

const PIN_PATTERN = new RegExp(`^\\d{${OFFLINE_PIN_LENGTH}}$`);
const START_PATTERN = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A PIN as the API must send it: exactly OFFLINE_PIN_LENGTH digits, anything else is ignored. */
export const isOfflinePin = (value: unknown): value is string => typeof value === 'string' && PIN_PATTERN.test(value);

/** The club's date at `nowMs`, at the offset the game's start is written with ('YYYY-MM-DD'). */
export function clubDateAt(start: string, nowMs: number): string | null {
  const match = START_PATTERN.exec(start);
  if (!match) return null;
  const zone = match[2] as string;
  const offsetMs =
    zone === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
  return new Date(nowMs + offsetMs).toISOString().slice(0, 10);
}

/** Kept: a well-formed entry whose game is today or later on the club's calendar. */
export function isCurrent(entry: StoredPin | undefined, nowMs: number): entry is StoredPin {
  if (!entry || !isOfflinePin(entry.pin) || typeof entry.start !== 'string') return false;
  const today = clubDateAt(entry.start, nowMs);
  return today !== null && entry.start.slice(0, 10) >= today;
}

/** Today's PINs of `store` at `nowMs`, by start (anything malformed is left out). */
export function heldPinsIn(store: unknown, nowMs: number): HeldPin[] {
  if (!store || typeof store !== 'object') return [];
  return Object.values(store as PinStore)
    .filter((entry) => isCurrent(entry, nowMs) && entry.start.slice(0, 10) === clubDateAt(entry.start, nowMs))
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((entry) => ({
      pin: entry.pin,
      court: typeof entry.court === 'string' ? entry.court : null,
      time: entry.start.slice(11, 16),
    }));
}

/** «Код для двери без интернета: 089 234, Корт 3, 10:00» */
export const heldPinText = ({ pin, court, time }: HeldPin): string =>
  `Код для двери без интернета: ${pin.slice(0, 3)} ${pin.slice(3)}${court ? `, ${court}` : ''}, ${time}`;

/** Under the list: the PIN works where the door's screen shows its keypad (the club's link is down too). */
export const HELD_PINS_HINT = 'Если на экране у двери клавиатура, введите на нём код.';
