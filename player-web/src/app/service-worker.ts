import type { QueryClient } from '@tanstack/react-query';
import { isPushMessage } from '../lib/push-message';
import { queryKeys } from '../lib/query-keys';
import { registerServiceWorker } from '../lib/service-worker';

/** What a push is about (a reminder, a freed court, a game the club cancelled, a no-show) is on these screens. */
const REFRESHED_BY_A_PUSH = [queryKeys.games.myOrders, queryKeys.waitlist];

/**
 * A push the worker showed while the app is open: the screens showing what it is about ask again
 * at once instead of at their next poll. Returns the way to stop listening.
 */
export function refreshOnPush(client: QueryClient): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isPushMessage(event.data)) return;
    for (const queryKey of REFRESHED_BY_A_PUSH) void client.invalidateQueries({ queryKey });
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

/**
 * Web push's worker (src/sw.ts): registered for the whole app, and its messages heard. Loaded on
 * demand by start.tsx once the page is up: none of it is in the first script. A failure (a browser
 * that refuses workers) leaves the app as it is: it works the same without one.
 */
export function startServiceWorker(client: QueryClient): void {
  registerServiceWorker().catch((failure: unknown) => console.warn('service worker not registered', failure));
  refreshOnPush(client);
}
