import { useEffect, useState } from 'react';
import { siteNowMs, useSiteClock } from './site-clock';

/**
 * Milliseconds left until an instant by the server's clock, read again every second (0 once it is
 * over): a court held from the line, a game held for its payment. Null `until`: 0.
 */
export function useTimeLeft(until: string | null | undefined): number {
  // The phone's clock may be off: the server's offset is read once a visit (lib/site-clock), and
  // the screen is drawn again once it is in.
  useSiteClock();
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), 1_000);
    return () => clearInterval(timer);
  }, []);
  return until ? Math.max(0, Date.parse(until) - siteNowMs()) : 0;
}

/** Milliseconds as whole minutes and seconds, rounded up (a countdown never shows 0:00 too early). */
export function minutesAndSeconds(ms: number): [minutes: number, seconds: number] {
  const seconds = Math.ceil(ms / 1_000);
  return [Math.floor(seconds / 60), seconds % 60];
}
