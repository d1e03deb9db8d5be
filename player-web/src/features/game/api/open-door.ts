import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/recieve/ {qr_code}: the code from the door's screen, typed or scanned, opens the door. */
export const openDoor = (code: string) => api<DetailResponse>('POST', '/api/recieve/', { qr_code: code });

export const useOpenDoor = () => useMutation({ mutationFn: openDoor });
