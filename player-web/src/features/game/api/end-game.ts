import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/end/{gameId}/: the player ends the game. */
export const endGame = (gameId: number) => api<DetailResponse>('GET', `/api/end/${gameId}/`);

/** An ended game reads as over in my games (and leaves them with its day). */
export function useEndGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endGame,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.games.myOrders }),
  });
}
