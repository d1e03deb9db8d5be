/** The page's own reload, in an object so that tests can watch it (jsdom cannot navigate). */
export const browserPage = { reload: () => window.location.reload() };

const RELOADED_AT = 'kort.new-build-reload';
/** A reload that met the same failure this soon after did not help: the error screen shows instead. */
const AGAIN_AFTER_MS = 60_000;
let reloading = false;

/**
 * A chunk of the app could not be loaded: a tab opened before a deploy asks for a file the new build
 * no longer has (the server answers 404). The page reloads once to get the new build. sessionStorage
 * remembers when, so a broken deploy cannot reload the tab in a loop: a second failure within a
 * minute is left to the error screen and its «Обновить». True while the page is reloading.
 */
export function reloadForNewBuild(): boolean {
  if (reloading) return true;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // No sessionStorage (a locked-down browser): no guard against a loop, so no reload either.
    return false;
  }
  reloading = true;
  browserPage.reload();
  return true;
}

/** What a screen's loader returns while the page reloads: it never settles, the loading line stays. */
export const whileReloading = () => new Promise<never>(() => undefined);

/**
 * Vite's `vite:preloadError`: a lazy chunk or one of the files it needs failed to load. Prevented when
 * the page reloads for it (the import then settles with nothing, which the route loader expects);
 * otherwise the failure goes on to the route, and the error screen.
 */
export function reloadOnPreloadError(target: Window = window): () => void {
  const listener = (event: Event) => {
    if (reloadForNewBuild()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
