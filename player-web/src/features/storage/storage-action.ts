import { messages } from '@kort/contracts';
import { useCallback, useState } from 'react';
import { useToast } from '../../components/ui/toasts';
import { ApiError } from '../../lib/api-client';

/** The server's Russian text for a refusal; network trouble when there is no answer. */
export const storageError = (failure: unknown): string =>
  failure instanceof ApiError ? failure.detail : messages.networkTrouble;

/**
 * One storage action at a time (rent, open, close, end): `busy` names the shelf being worked on,
 * the answer's text becomes a toast, `after` runs on success and `settled` in any case.
 */
export function useStorageAction(settled?: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const act = useCallback(
    async (shelf: number, work: () => Promise<{ detail: string }>, after?: () => void) => {
      setBusy(shelf);
      try {
        toast((await work()).detail);
        after?.();
      } catch (failure) {
        toast(storageError(failure), 'error');
      } finally {
        setBusy(null);
        settled?.();
      }
    },
    [toast, settled],
  );
  return { busy, act };
}
