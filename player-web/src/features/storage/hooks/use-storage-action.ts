import type { DetailResponse } from '@kort/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';

type StorageMutation<V> = Pick<UseMutationResult<DetailResponse, Error, V>, 'mutate'>;

/**
 * One storage action (rent, open, close, end) through its mutation: the answer's text becomes a
 * toast, a refusal's in the server's words (network trouble when there is no answer); `after` runs
 * on success, `settled` in any case.
 */
export function useStorageAction() {
  const toast = useToast();
  return useCallback(
    <V>(
      mutation: StorageMutation<V>,
      variables: V,
      { after, settled }: { after?: () => void; settled?: () => void } = {},
    ) =>
      mutation.mutate(variables, {
        onSuccess: (answer) => (toast(answer.detail), after?.()),
        onError: (failure) => toast(errorOf(failure).detail, 'error'),
        onSettled: () => settled?.(),
      }),
    [toast],
  );
}
