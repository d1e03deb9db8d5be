import type { DetailResponse, OfflinePinResponse } from '@kort/contracts';
import { bookingRules } from '@kort/contracts';
import { api, ApiError } from '../../lib/api-client';
import { isOfflinePin } from '../../lib/offline-pins';

export const cancelGame = (idCort: number, timeStart: string) =>
  api<DetailResponse>('POST', `/api/delete_order/${idCort}/`, {
    id_cort: idCort,
    time_start: timeStart,
    players_count: bookingRules.playersCount,
  });
/** Shows a fresh one-time code on the door's screen (never on the phone). */
export const showDoorCode = (gameId: number) => api<DetailResponse>('GET', `/api/send/${gameId}/`);
/** The game's offline PIN in the 503 of showDoorCode while the court's equipment has no link (issue 15). */
export function offlinePinOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 503) return null;
  const pin = (failure.body as Partial<OfflinePinResponse>).offline_pin;
  return isOfflinePin(pin) ? pin : null;
}
export const openDoor = (code: string) => api<DetailResponse>('POST', '/api/recieve/', { qr_code: code });
export const endGame = (gameId: number) => api<DetailResponse>('GET', `/api/end/${gameId}/`);
