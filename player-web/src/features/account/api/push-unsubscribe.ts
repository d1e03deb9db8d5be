import type { DetailResponse } from '@kort/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/push/unsubscribe/: the club forgets this device's subscription. */
export const pushUnsubscribe = (endpoint: string) =>
  api<DetailResponse>('POST', '/api/push/unsubscribe/', { endpoint });
