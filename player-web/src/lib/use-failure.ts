import { useEffect, useRef } from 'react';

interface QueryOutcome {
  error: unknown;
  errorUpdatedAt: number;
  isFetching: boolean;
}

/**
 * Runs `onFailure` once for each failed fetch of a query (a toast, a step back to where the player
 * can try again). TanStack Query v5 has no per-query onError: the screen reacts where it shows the
 * answer. An earlier failure that a new fetch is about to replace is not reported again.
 */
export function useFailure({ error, errorUpdatedAt, isFetching }: QueryOutcome, onFailure: (error: unknown) => void) {
  const latest = useRef(onFailure);
  useEffect(() => {
    latest.current = onFailure;
  });
  useEffect(() => {
    if (error && !isFetching) latest.current(error);
  }, [error, errorUpdatedAt, isFetching]);
}
