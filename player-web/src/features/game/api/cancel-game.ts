import { bookingRules, type DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshBookings } from '../../../lib/query-keys';

/** POST /api/delete_order/{id_cort}/: cancels the game on that court at `timeStart`. */
export const cancelGame = (idCort: number, timeStart: string) =>
  api<DetailResponse>('POST', `/api/delete_order/${idCort}/`, {
    id_cort: idCort,
    time_start: timeStart,
    players_count: bookingRules.playersCount,
  });

/** A cancelled game leaves my games and frees its hour (not waited for: the player goes on at once). */
export function useCancelGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCort, timeStart }: { idCort: number; timeStart: string }) => cancelGame(idCort, timeStart),
    onSuccess: () => void refreshBookings(queryClient),
  });
}
