import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient (a new one for each mounted app, so tests never share answers). The
 * player's screens behave as they did before TanStack Query: a failed call is shown at once (no
 * silent retries), nothing is fetched again because the window got focus or the network came
 * back, and calls are made whatever the browser says about being online (the phone at the door
 * must hear "no answer" to offer its offline PIN, not wait for a network that may not come).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
