import { useCallback, useEffect, useState } from 'react';
import { callApi, messageOf } from '../providers/http-client';

export interface ApiCall<T> {
  data: T | undefined;
  /** The Russian text of the last failure, null while the call works. */
  error: string | null;
  reload: () => void;
  /** Shows an answer got otherwise (a POST that answers the new state) as the call's own. */
  replace: (data: T) => void;
}

/**
 * One of the spec's read calls (`/api/count_users/`, …) kept fresh: read on mount and every
 * `refreshMs`. The last good answer stays on screen while a later read fails.
 */
export function useApiCall<T>(path: string, refreshMs?: number): ApiCall<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const replace = useCallback((answer: T) => {
    setData(answer);
    setError(null);
  }, []);

  useEffect(() => {
    let live = true;
    callApi<T>(path).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setError(null);
      },
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    const timer = refreshMs ? setTimeout(reload, refreshMs) : undefined;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, refreshMs, round, reload]);

  return { data, error, reload, replace };
}
