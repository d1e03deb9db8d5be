import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/recieve/ {qr_code}: the code from the door's screen, typed or scanned, opens the door. */
export const openDoor = (code: string) => api<DetailResponse>('POST', '/api/recieve/', { qr_code: code });

/** An opened door starts the game: my games shows it in progress. */
export function useOpenDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDoor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.games.myOrders }),
  });
}
