import { bookingRules, type OrderCreated } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshBookings } from '../../../lib/query-keys';

/** POST /api/order-court/{id_cort}/: books a court for the hour starting at `timeStart`. */
export const orderCourt = (idCort: number, timeStart: string) =>
  api<OrderCreated>('POST', `/api/order-court/${idCort}/`, {
    id_cort: idCort,
    time_start: timeStart,
    players_count: bookingRules.playersCount,
  });

/** A booking refreshes my games and the calendar (not waited for: the player goes on at once). */
export function useOrderCourt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idCort, timeStart }: { idCort: number; timeStart: string }) => orderCourt(idCort, timeStart),
    onSuccess: () => void refreshBookings(queryClient),
  });
}
