import { learnZoneOffsets, wallClock, type DetailResponse, type SiteClock } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { clockText, dateText, dayText, momentText } from './club-format';
import { callApi } from '../providers/http-client';
import { chosenSite } from '../providers/site-choice';

/** The club's wall clock at an instant ('YYYY-MM-DD', hour, minute), whatever zone the admin is in. */
export function clubMoment(instant: Date | string, zone: string): { date: string; hour: number; minute: number } {
  const { date, hour, minute } = wallClock(instant, zone);
  return { date, hour, minute };
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

/** The club's wall clock at an instant: its zone once known, the browser's before (main.tsx waits). */
const wallOf = (instant: Date | string) =>
  clubMoment(instant, clubZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The club's date now, 'YYYY-MM-DD' (a day of this year is written without its year). */
export const clubTodayNow = (): string => wallOf(new Date(serverNow())).date;

/** Two instants fall on one day of the club. */
export const sameClubDay = (a: Date | string, b: Date | string): boolean => wallOf(a).date === wallOf(b).date;

/**
 * An instant as the club reads it (lib/club-format.ts's kinds): a moment '22.11.2026, 18:00'
 * ('datetime'; 'short' is the same), its time '18:00' ('time'), its date '22.11.2026' ('date'), or a
 * game in a sentence, its day and hour 'вс, 22 ноября в 18:00' ('game'). The zone is the club's once
 * /api/site_time/ has answered (main.tsx waits for it).
 */
export function formatClubDateTime(
  instant: Date | string,
  style: 'datetime' | 'short' | 'time' | 'date' | 'game' = 'datetime',
): string {
  const wall = wallOf(instant);
  switch (style) {
    case 'time':
      return clockText(wall.hour, wall.minute);
    case 'date':
      return dateText(wall.date);
    case 'game':
      return `${dayText(wall.date, clubTodayNow())} в ${clockText(wall.hour, wall.minute)}`;
    case 'datetime':
    case 'short':
      return momentText(wall);
  }
}

/**
 * A period on the club's clock: '24.11.2026, 19:02 – 19:40', or '24.11.2026, 23:50 – 25.11.2026,
 * 00:40' across midnight.
 */
export function formatClubPeriod(from: Date | string, to: Date | string): string {
  return `${formatClubDateTime(from)} – ${formatClubDateTime(to, sameClubDay(from, to) ? 'time' : 'datetime')}`;
}
