import type { DetailResponse } from '@kort/contracts';
import { bookingRules } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const cancelGame = (idCort: number, timeStart: string) =>
  api<DetailResponse>('POST', `/api/delete_order/${idCort}/`, {
    id_cort: idCort,
    time_start: timeStart,
    players_count: bookingRules.playersCount,
  });
/** Shows a fresh one-time code on the door's screen (never on the phone). */
export const showDoorCode = (gameId: number) => api<DetailResponse>('GET', `/api/send/${gameId}/`);
export const openDoor = (code: string) => api<DetailResponse>('POST', '/api/recieve/', { qr_code: code });
export const endGame = (gameId: number) => api<DetailResponse>('GET', `/api/end/${gameId}/`);
