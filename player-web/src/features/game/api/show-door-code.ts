import { DeviceError, type DetailResponse, type OfflinePinResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorOf } from '../../../lib/errors';
import { isOfflinePin } from '../../../lib/offline-pins';

/** GET /api/send/{gameId}/: shows a fresh one-time code on the door's screen (never on the phone). */
export const showDoorCode = (gameId: number) => api<DetailResponse>('GET', `/api/send/${gameId}/`);

export const useShowDoorCode = () => useMutation({ mutationFn: showDoorCode });

/**
 * The game's offline PIN, which comes with the refusal while the court's equipment has no link
 * (`device.agent_offline` with `offline_pin`, for the game's owner), or null.
 */
export function offlinePinOf(error: unknown): string | null {
  const { code, body } = errorOf(error);
  const pin = (body as Partial<OfflinePinResponse>).offline_pin;
  return code === DeviceError.AgentOffline && isOfflinePin(pin) ? pin : null;
}
