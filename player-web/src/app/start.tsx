import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app';
import { routes, type AppRoute } from './route-map';

/** The attribute the build puts on #root of a prerendered page: the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The routes of the map a path goes through (the signed-in shell, then the screen). */
const routesOf = (path: string): AppRoute[] => (matchRoutes(routes, path) ?? []).map(({ route }) => route);

/**
 * A visit that opens on a route loads the code of its screens (the signed-in shell and the screen)
 * and asks the answers they show first, all at once rather than each after the one before. Settles
 * when the code is in (or failed: the error screen will say so); never while the page reloads for a
 * new build.
 */
export function preloadFirstScreen(
  client: QueryClient,
  matched = routesOf(window.location.pathname),
): Promise<unknown> {
  const code = matched.flatMap((route) => route.Component?.preload?.() ?? []);
  for (const route of matched) route.handle?.answers?.(client);
  return Promise.allSettled(code);
}

/**
 * Web push's service worker (app/service-worker.ts), loaded and started once the page is loaded and
 * the browser idle: never before the first paint or the app's first render, and none of its code in
 * the first script. A build only: the dev server has no /sw.js.
 */
function startServiceWorkerWhenIdle(client: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () =>
    void import('./service-worker').then(
      ({ startServiceWorker }) => startServiceWorker(client),
      () => undefined,
    );
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(start, { timeout: 10_000 })
      : setTimeout(start, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** A new task: what follows does not lengthen the one that evaluated the app's code. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app on the page the server sent (player-web/README.md, "First paint"). The app takes
 * the page over once the first screen's code is in, so that its first render is that screen, never a
 * bare "Загрузка…" in place of what the page already shows:
 * - the prerendered page of a route whose first screen holds no answer of the API (login,
 *   registration) is hydrated: React keeps the elements the build wrote, with what the visitor typed;
 * - any other page (a signed-in screen's frame and heading) is replaced by the app's first render,
 *   which shows the same, or already the answers.
 * The page is already painted, so the takeover is a transition: React renders it in slices between
 * which the phone keeps answering taps and scrolls, rather than in one long task.
 */
export async function startApp(container: HTMLElement, client: QueryClient): Promise<void> {
  const path = window.location.pathname;
  const matched = routesOf(path);
  await nextTask();
  await preloadFirstScreen(client, matched);
  const app = (
    <StrictMode>
      <App queryClient={client} />
    </StrictMode>
  );
  const hydrate = container.getAttribute(PRERENDERED_ATTRIBUTE) === path && matched.at(-1)?.handle?.hydrate;
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // Web push's worker, once the page is up and the browser idle: nothing above waits for it.
  startServiceWorkerWhenIdle(client);
}
