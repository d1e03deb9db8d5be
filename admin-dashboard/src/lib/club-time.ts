import { wallClock, type DetailResponse, type SiteClock } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { callApi } from '../providers/http-client';

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

/** The club's time zone (GET /api/site_time/, read once); the browser's own if the API cannot say. */
export function loadClubZone(): Promise<string> {
  zone ??= callApi<DetailResponse<SiteClock>>('/api/site_time/').then(
    (answer) => (clubZone = answer.detail.time_zone),
    () => {
      zone = null;
      return Intl.DateTimeFormat().resolvedOptions().timeZone;
    },
  );
  return zone;
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

const displayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant as the club reads it, in Russian: '22 нояб. 2026 г., 18:00' ('datetime'), '22.11.2026,
 * 18:00' ('short'), '18:00' ('time') or '22.11' ('day'). The zone is the club's once
 * /api/site_time/ has answered (main.tsx waits for it before the first render).
 */
export function formatClubDateTime(
  instant: Date | string,
  style: 'datetime' | 'short' | 'time' | 'day' = 'datetime',
): string {
  const key = `${style}|${clubZone ?? ''}`;
  let format = displayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time'
        ? { timeStyle: 'short' }
        : style === 'day'
          ? { day: '2-digit', month: '2-digit' }
          : style === 'short'
            ? { dateStyle: 'short', timeStyle: 'short' }
            : { dateStyle: 'medium', timeStyle: 'short' };
    format = new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: clubZone });
    displayFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/** A period on the club's clock: '24.11 19:02 – 19:40', or '24.11 23:50 – 25.11 00:40' across midnight. */
export function formatClubPeriod(from: Date | string, to: Date | string): string {
  const [fromDay, toDay] = [formatClubDateTime(from, 'day'), formatClubDateTime(to, 'day')];
  const start = `${fromDay} ${formatClubDateTime(from, 'time')}`;
  return `${start} – ${toDay === fromDay ? '' : `${toDay} `}${formatClubDateTime(to, 'time')}`;
}
