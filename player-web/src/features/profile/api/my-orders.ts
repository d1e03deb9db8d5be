import type { DetailResponse, MyOrder } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rememberOfflinePins } from '../../../lib/offline-pins';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/my-orders/: the player's upcoming games. */
export const myOrders = () => api<DetailResponse<MyOrder[]>>('GET', '/api/my-orders/');

/** My games, with today's offline PINs left on the phone on the way (never shown). */
export async function loadMyOrders(): Promise<MyOrder[]> {
  const answer = await myOrders();
  rememberOfflinePins(answer.detail);
  return answer.detail;
}

/**
 * My games. Every answer also leaves today's offline PINs on the phone for the door's keypad
 * (docs/decisions/0029-offline-pins.md); they are never shown. Booking, cancelling and ending a
 * game refresh it.
 */
export const useMyOrders = () =>
  useQuery({
    queryKey: queryKeys.games.myOrders,
    queryFn: loadMyOrders,
  });
