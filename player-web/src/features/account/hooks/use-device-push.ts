import { notificationTexts, type NotificationSettings, type PushSubscriptionBody } from '@kort/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ui } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { activeRegistration, currentRegistration, hasServiceWorker } from '../../../lib/service-worker';
import { pushSubscribe } from '../api/push-subscribe';
import { pushUnsubscribe } from '../api/push-unsubscribe';

type PushChannel = NotificationSettings['channels']['push'];

/** A step in the browser that failed (not an answer of the API): its text is for the player as it is. */
export class DevicePushError extends Error {}

/** Whether this browser can receive web push (an iPhone's Safari only from the home screen). */
export const pushSupported = (): boolean =>
  hasServiceWorker() && typeof window.PushManager === 'function' && typeof window.Notification === 'function';

/** The VAPID key as the browser takes it: bytes, from the API's base64url. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, index) => byte === b[index]);

/** This browser's subscription, if the app's worker has one (nothing is registered to find out). */
async function deviceSubscription(): Promise<PushSubscription | null> {
  const registration = await currentRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser with the club's key. A subscription it already has is reused, unless it
 * was made with another key or the club says the push service dropped it (`renew`).
 */
async function subscribeDevice(publicKey: string, renew: boolean): Promise<PushSubscription> {
  const key = applicationServerKey(publicKey);
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing && !renew && sameBytes(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (failure) {
    // A DOMException (AbortError, NotAllowedError) in a browser; its message says what went wrong.
    const { message } = (failure ?? {}) as { message?: unknown };
    const reason = typeof message === 'string' && message ? message : String(failure);
    throw new DevicePushError(ui.notifications.subscribeFailed(reason));
  }
}

/** Where the permission stands, as far as this page knows. */
type Permission = NotificationPermission | 'unsupported';

/**
 * Web push on this device: whether this browser is subscribed (its own answer), and the two
 * actions. «Включить» asks the browser's permission (only then: a browser blocks a site that asks
 * unprompted), subscribes with the club's key and tells the API; «Отключить» does the reverse.
 */
export function useDevicePush(push: PushChannel) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [permission, setPermission] = useState<Permission>(() => (supported ? Notification.permission : 'unsupported'));
  const device = useQuery({
    queryKey: queryKeys.account.pushDevice,
    queryFn: async () => (await deviceSubscription())?.endpoint ?? null,
    enabled: supported,
  });
  const settled = (endpoint: string | null) => {
    queryClient.setQueryData(queryKeys.account.pushDevice, endpoint);
    return queryClient.invalidateQueries({ queryKey: queryKeys.account.notifications });
  };

  const enable = useMutation({
    mutationFn: async () => {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'denied') throw new DevicePushError(notificationTexts.pushDenied);
      if (answer !== 'granted') throw new DevicePushError(ui.notifications.pushDismissed);
      if (!push.public_key) throw new DevicePushError(ui.notifications.subscribeFailed(ui.notifications.noKey));
      const subscription = await subscribeDevice(push.public_key, push.off !== null);
      try {
        await pushSubscribe(subscription.toJSON() as PushSubscriptionBody);
      } catch (failure) {
        // The club did not take it: the browser keeps no subscription nobody sends to.
        await subscription.unsubscribe().catch(() => undefined);
        throw failure;
      }
      return subscription.endpoint;
    },
    onSuccess: settled,
  });

  const disable = useMutation({
    mutationFn: async () => {
      const subscription = await deviceSubscription();
      if (!subscription) return;
      await subscription.unsubscribe();
      await pushUnsubscribe(subscription.endpoint);
    },
    onSuccess: () => settled(null),
  });

  return {
    supported,
    permission,
    /** Still asking the browser. */
    checking: supported && device.isPending,
    /** This browser is subscribed, and the club has not dropped its subscription. */
    subscribed: Boolean(device.data) && push.off === null && push.devices > 0,
    enable,
    disable,
  };
}
