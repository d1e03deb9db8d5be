import { clubHourStart, learnZoneOffsets, wallClock, type DetailResponse, type SiteClock } from '@kort/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** A moment on the club's wall clock. */
export interface LocalMoment {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
}

/** The club's wall clock at an instant, whatever zone the phone is in. */
export function localMoment(instant: Date, zone: string): LocalMoment {
  const { date, hour, minute } = wallClock(instant, zone);
  return { date, hour, minute };
}

/**
 * The instant a local hour starts at the club, written with the club's offset, as the booking
 * calls want it: `startOfHour('2026-11-25', 18, 'Europe/Moscow')` is '2026-11-25T18:00:00+03:00'.
 */
export const startOfHour = clubHourStart;

export interface SiteClockInfo {
  /** The club's IANA zone ('Europe/Moscow'). */
  zone: string;
  /** How far the server's clock is ahead of the phone's, in ms. */
  skewMs: number;
}

let clock: SiteClockInfo | null = null;
let pending: Promise<SiteClockInfo> | null = null;

/** The club's zone and how far the phone's clock is from the server's (read once per visit). */
export function loadSiteClock(): Promise<SiteClockInfo> {
  if (clock) return Promise.resolve(clock);
  pending ??= api<DetailResponse<SiteClock>>('GET', '/api/site_time/').then(
    ({ detail }) => {
      // The club's clock by arithmetic from here on, without the browser's zone data
      // (docs/decisions/0008-bookings-are-instants.md).
      learnZoneOffsets(detail.time_zone, detail.offsets ?? [], detail.offsets_until);
      return (clock = { zone: detail.time_zone, skewMs: Date.parse(detail.now) - Date.now() });
    },
    (failure: unknown) => {
      pending = null;
      throw failure;
    },
  );
  return pending;
}

/** Another site chosen: its clock (zone and all) is read again on next use. */
export function forgetSiteClock(): void {
  clock = null;
  pending = null;
}

/**
 * GET /api/site_time/ as server state: the club's clock for the reserve and game screens (and,
 * through siteNowMs, the phone's offline PINs). Once known it stays known for the visit.
 */
export const siteClockQuery = queryOptions({
  queryKey: queryKeys.siteClock,
  queryFn: loadSiteClock,
  staleTime: Infinity,
});

export function useSiteClock() {
  return useQuery(siteClockQuery);
}

/** The month of a 'YYYY-MM-DD' date ({ year, month: 1-12 }). */
export const monthOf = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });

/** The club's month now: the calendar opens on it. */
export const clubMonth = (clock: SiteClockInfo) => monthOf(siteNowAt(clock).date);

/** The server's "now" in ms as far as the phone knows it (the phone's clock until the offset is read). */
export function siteNowMs(): number {
  return Date.now() + (clock?.skewMs ?? 0);
}

export type SiteNow = LocalMoment & { zone: string };

const siteNowAt = ({ zone, skewMs }: SiteClockInfo): SiteNow => ({
  ...localMoment(new Date(Date.now() + skewMs), zone),
  zone,
});

/**
 * The club's clock, ticking every 15 s (the dial's minute hand), or null until it is known (a
 * screen that cannot do without it reads useSiteClock's error).
 */
export function useSiteNow(): SiteNow | null {
  const { data } = useSiteClock();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!data) return;
    const timer = setInterval(() => setTick((count) => count + 1), 15_000);
    return () => clearInterval(timer);
  }, [data]);
  // Read again at every tick, and only then: between two ticks the screen keeps one moment.
  return useMemo(() => (data ? siteNowAt(data) : null), [data, tick]);
}

/** The phone's own date ('YYYY-MM-DD'), until the club's clock is known. */
const phoneToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * The club's date now ('YYYY-MM-DD'), for lib/format's dayText (a day of this year is written without
 * it). Never asks GET /api/site_time/ itself: until a screen that needs the clock has read it, the
 * phone's date stands in, which differs from the club's only around midnight on New Year's Eve.
 */
export function useClubToday(): string {
  const { data } = useQuery({ ...siteClockQuery, enabled: false });
  return data ? siteNowAt(data).date : phoneToday();
}
