/** A screen that answers every media query with `matches` (jsdom has no matchMedia of its own). */
export const screenWhere =
  (matches: boolean) =>
  (query: string): MediaQueryList =>
    ({
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
