import { learnZoneOffsets, wallClock, type DetailResponse, type SiteClock } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { callApi } from '../providers/http-client';
import { chosenSite } from '../providers/site-choice';

/** The club's wall clock at an instant ('YYYY-MM-DD', hour, minute), whatever zone the admin is in. */
export function clubMoment(instant: Date | string, zone: string): { date: string; hour: number; minute: number } {
  const { date, hour, minute } = wallClock(instant, zone);
  return { date, hour, minute };
}

/** 'HH:MM' on the club's clock. */
export function clubTime(instant: Date | string, zone: string): string {
  const { hour, minute } = clubMoment(instant, zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

let zone: Promise<string> | null = null;
/** The zone once read, for the formatters below (main.tsx reads it before the first render). */
let clubZone: string | undefined;
/** How far the server's clock is ahead of this browser's (ms), once /api/site_time/ answered. */
let serverAhead = 0;

/**
 * The club's time zone (GET /api/site_time/, read once): the chosen site's when one is chosen (the
 * call answers the account's own site), the browser's own if the API cannot say.
 */
export function loadClubZone(): Promise<string> {
  const asked = Date.now();
  zone ??= callApi<DetailResponse<SiteClock>>('/api/site_time/').then(
    (answer) => {
      const serverNow = Date.parse(answer.detail.now);
      // Half the round trip is the best guess of when the server read its clock.
      if (Number.isFinite(serverNow)) serverAhead = serverNow - (asked + Date.now()) / 2;
      learnZoneOffsets(answer.detail.time_zone, answer.detail.offsets ?? [], answer.detail.offsets_until);
      return (clubZone = chosenSite()?.timezone ?? answer.detail.time_zone);
    },
    () => {
      zone = null;
      return Intl.DateTimeFormat().resolvedOptions().timeZone;
    },
  );
  return zone;
}

/**
 * Another site chosen: its zone from now on, for the formatters and `useClubZone` (the dashboard's
 * pages are mounted again for the new site, and read it then).
 */
export function setClubZone(next: string): void {
  clubZone = next;
  zone = Promise.resolve(next);
}

/** The club's zone now (the chosen site's), or undefined before it is known. */
export function currentClubZone(): string | undefined {
  return clubZone;
}

/** The club's zone once known (null before). */
export function useClubZone(): string | null {
  const [known, setKnown] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadClubZone().then((value) => live && setKnown(value));
    return () => {
      live = false;
    };
  }, []);
  return known;
}

/** "Now" on the server's clock (the API's instants are its own), as well as this browser can tell. */
export function serverNow(): number {
  return Date.now() + serverAhead;
}

/** A clock for relative times: `serverNow()`, read again every `everyMs`. */
export function useServerNow(everyMs: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const relative = new Intl.RelativeTimeFormat('ru', { numeric: 'always', style: 'long' });
/**
 * How long ago an instant was, in Russian: 'только что' (under 5 s), '12 секунд назад',
 * '3 минуты назад', '2 часа назад'; a day or more reads as the date and time.
 */
export function formatAgo(instant: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(instant)) / 1000));
  if (seconds < 5) return 'только что';
  if (seconds < 60) return relative.format(-seconds, 'second');
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return formatClubDateTime(instant, 'short');
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant as the club reads it, in Russian. Every date and time in a list, a field or a sentence
 * reads one way, '22.11.2026, 18:00' ('datetime'; 'short' is the same); '18:00' ('time') and
 * '22.11.2026' ('day') are its parts. A game named in a sentence reads 'вс, 22 ноября в 18:00'
 * ('game'). The zone is the club's once /api/site_time/ has answered (main.tsx waits for it).
 */
export function formatClubDateTime(
  instant: Date | string,
  style: 'datetime' | 'short' | 'time' | 'day' | 'game' = 'datetime',
): string {
  const key = `${style}|${clubZone ?? ''}`;
  let format = displayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'game'
        ? { weekday: 'short', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }
        : style === 'time'
          ? { timeStyle: 'short' }
          : style === 'day'
            ? { dateStyle: 'short' }
            : { dateStyle: 'short', timeStyle: 'short' };
    format = new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: clubZone });
    displayFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/**
 * A period on the club's clock: '24.11.2026, 19:02 – 19:40', or '24.11.2026, 23:50 – 25.11.2026,
 * 00:40' across midnight.
 */
export function formatClubPeriod(from: Date | string, to: Date | string): string {
  const sameDay = formatClubDateTime(from, 'day') === formatClubDateTime(to, 'day');
  return `${formatClubDateTime(from)} – ${formatClubDateTime(to, sameDay ? 'time' : 'datetime')}`;
}
