import type { DetailResponse, PushSubscriptionBody } from '@kort/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/push/subscribe/: this device's subscription (the browser's PushSubscription.toJSON()). */
export const pushSubscribe = (subscription: PushSubscriptionBody) =>
  api<DetailResponse>('POST', '/api/push/subscribe/', subscription);
