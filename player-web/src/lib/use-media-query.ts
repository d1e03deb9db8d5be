import { useCallback, useSyncExternalStore } from 'react';

/** Wide enough for two columns beside the side menu: the booking screen's calendar and dial. */
export const DESKTOP = '(min-width: 64rem)';

/**
 * Whether a media query matches now, following it as the window changes. Without matchMedia (jsdom,
 * a very old browser) nothing matches: the phone's layout, which works everywhere.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
