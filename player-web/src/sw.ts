/// <reference lib="webworker" />
/**
 * The player app's service worker (built to /sw.js by vite-plugin-pwa, vite.config.ts): it shows
 * the club's web push notices and opens the app where a tap on one leads.
 *
 * It caches none of the app: the app needs live answers (the door, the hours free right now, a court
 * held for ten minutes), and every request goes to the network as it would without a worker. Only a
 * page load that gets no answer at all (a phone in the club's basement) is answered by the worker:
 * with the offline page, which shows today's door PINs and the club's contacts as the app kept them
 * (lib/offline-page.ts, docs/decisions/0088-offline-door-page.md). Navigation preload keeps the
 * worker off a page load's critical path.
 */
import type { PushNotice } from '@kort/contracts';
import { OFFLINE_DATA_URL, offlinePageHtml, type OfflineData } from './lib/offline-page';
import { PUSH_MESSAGE, type PushMessage } from './lib/push-message';

declare const self: ServiceWorkerGlobalScope;

/** The title of a push whose payload is not the API's JSON (the app's name, as on the home screen). */
const GENERIC_TITLE = 'Корт';

/** The notice a push carries: the API's JSON `PushNotice`, or any other text under the app's name. */
function noticeOf(data: PushMessageData | null): PushNotice {
  const text = data?.text() ?? '';
  try {
    const parsed = JSON.parse(text) as Partial<PushNotice> | null;
    if (parsed && typeof parsed.title === 'string')
      return {
        title: parsed.title,
        body: typeof parsed.body === 'string' ? parsed.body : '',
        url: typeof parsed.url === 'string' ? parsed.url : '/',
        tag: typeof parsed.tag === 'string' ? parsed.tag : '',
      };
  } catch {
    // Not JSON: shown as it came, below.
  }
  return { title: GENERIC_TITLE, body: text, url: '/', tag: '' };
}

/** Where a tap leads: a path of this app; anything else (another site) opens the app's start. */
function appUrl(url: unknown): string {
  const origin = self.location.origin;
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** The app's windows, whether this worker controls them yet or not. */
const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function tellWindows(notice: PushNotice): Promise<void> {
  const message: PushMessage = { type: PUSH_MESSAGE, notice };
  for (const client of await appWindows()) client.postMessage(message);
}

/** A window of the app already open goes to `url` and comes to the front; else a new one opens there. */
async function openApp(url: string): Promise<void> {
  const open = (await appWindows()).find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      // Focus first, while the tap still allows it; navigate() refuses a window this worker does
      // not control (one opened before it was installed): a new window then.
      const focused = await open.focus();
      if (await focused.navigate(url)) return;
    } catch {
      // Falls through to a new window.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('install', (event) => {
  // A new worker takes over at once: it holds no cache that an older page could depend on.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable().catch(() => undefined)]),
  );
});

/** A page load: the network's answer (the preloaded one when there is), else the offline page. */
async function pageLoad(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const kept = await caches.match(OFFLINE_DATA_URL).catch(() => undefined);
    const data = kept ? ((await kept.json().catch(() => null)) as OfflineData | null) : null;
    return new Response(offlinePageHtml(data, Date.now(), event.request.url), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

// Page loads only: every other request (the API, the app's files) is the network's, untouched.
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(pageLoad(event));
});

self.addEventListener('push', (event) => {
  const notice = noticeOf(event.data);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag || undefined,
        data: { url: notice.url },
        icon: '/pwa-192x192.png',
        badge: '/pwa-64x64.png',
        lang: 'ru',
      }),
      tellWindows(notice),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openApp(appUrl(data?.url)));
});
