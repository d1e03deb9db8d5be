import type { PushNotice } from '@kort/contracts';

/**
 * What the service worker (src/sw.ts) tells the open pages of the app when a push arrives: the
 * notice itself, so that a page can ask its answers again (a freed court, a cancelled game) instead
 * of waiting for its next poll, and a test can see the push reach the worker.
 */
export const PUSH_MESSAGE = 'kort-push';

export interface PushMessage {
  type: typeof PUSH_MESSAGE;
  notice: PushNotice;
}

/** Whether a message from the service worker is a push it received. */
export const isPushMessage = (data: unknown): data is PushMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_MESSAGE;
