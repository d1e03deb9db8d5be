import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  act,
  render as renderAlone,
  renderHook as renderHookAlone,
  waitFor,
  type RenderHookOptions,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { expect } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';

/** The client of the latest render: each render gets a new one, with the app's own defaults. */
let client: QueryClient = createQueryClient();
export const testQueryClient = (): QueryClient => client;

function withQueries() {
  client = createQueryClient();
  const current = client;
  return function Queries({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={current}>{children}</QueryClientProvider>;
  };
}

/** Testing Library's render inside a QueryClientProvider, as the app's screens live (app/provider.tsx). */
export function render(ui: ReactElement) {
  return renderAlone(ui, { wrapper: withQueries() });
}

/** Testing Library's renderHook inside a QueryClientProvider. */
export function renderHook<Result, Props>(hook: (props: Props) => Result, options: RenderHookOptions<Props> = {}) {
  return renderHookAlone(hook, { ...options, wrapper: withQueries() });
}

/**
 * Waits until no answer is outstanding and the last ones have reached the screen: TanStack Query
 * tells the screens on a 0 ms timer, so one more turn of the timers lets that run first.
 */
export async function queriesSettled(): Promise<void> {
  await waitFor(() => expect(client.isFetching()).toBe(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
