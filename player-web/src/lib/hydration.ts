import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False while the page is the build's prerendered HTML (when the build writes it, and while React
 * takes it over), true once the app runs it. A form of a prerendered page keeps its submit button
 * off until then: pressed before, the browser would send the form itself, a GET with the e-mail in
 * the address (and in the server's log).
 */
export const useAppLive = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );

/**
 * A field of a prerendered page can be typed into (or filled in by the browser) before the app takes
 * the page over. React keeps the field and its text but not in the screen's state, and would put the
 * state's empty value back on the next render: as the app takes the page over (a layout effect, so
 * before that render), what the field holds becomes the state (`onTyped`). Returns the field's ref.
 */
export function useTypedBeforeStart(onTyped: (value: string) => void) {
  const field = useRef<HTMLInputElement>(null);
  const typed = useRef(onTyped);
  useLayoutEffect(() => {
    const value = field.current?.value;
    if (value) typed.current(value);
  }, []);
  return field;
}
