import type { PushNotice } from '@kort/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

/**
 * src/sw.ts run against a fake worker scope: its `self` is this object, its handlers are called as
 * the browser would (an event whose waitUntil collects the work), and the calls it makes on the
 * registration and the clients are what the test reads.
 */
type Listener = (event: Record<string, unknown>) => void;
const ORIGIN = 'https://kort.example';

interface FakeWindow {
  url: string;
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

let listeners: Map<string, Listener>;
let windows: FakeWindow[];
let scope: {
  location: { origin: string };
  registration: { showNotification: ReturnType<typeof vi.fn> };
  clients: {
    matchAll: ReturnType<typeof vi.fn>;
    openWindow: ReturnType<typeof vi.fn>;
    claim: ReturnType<typeof vi.fn>;
  };
  skipWaiting: ReturnType<typeof vi.fn>;
  addEventListener: (type: string, listener: Listener) => void;
};

beforeEach(async () => {
  listeners = new Map();
  windows = [];
  scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
      claim: vi.fn(() => Promise.resolve()),
    },
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type, listener) => void listeners.set(type, listener),
  };
  vi.stubGlobal('self', scope);
  vi.resetModules();
  await import('../src/sw');
});
afterEach(() => vi.unstubAllGlobals());

/** Fires an event at the worker and waits for what it asked to be waited for. */
async function fire(type: string, fields: Record<string, unknown> = {}): Promise<void> {
  const work: Promise<unknown>[] = [];
  const listener = listeners.get(type);
  if (!listener) throw new Error(`no ${type} handler`);
  listener({ ...fields, waitUntil: (promise: Promise<unknown>) => void work.push(promise) });
  await Promise.all(work);
}

const pushData = (text: string) => ({ data: { text: () => text } });

function appWindow(url: string): FakeWindow {
  const window: FakeWindow = {
    url,
    postMessage: vi.fn(),
    focus: vi.fn(() => Promise.resolve(window)),
    navigate: vi.fn((to: string) => Promise.resolve({ ...window, url: to })),
  };
  windows.push(window);
  return window;
}

const offer: PushNotice = {
  title: 'Корт освободился',
  body: '25 ноября, 12:00, корт 2. Подтвердите за 15 минут',
  url: '/profile?offer=8',
  tag: 'waitlist-8',
};

test("a push shows the API's notice: title, text, tag, where a tap leads, the app's icons, in Russian", async () => {
  await fire('push', pushData(JSON.stringify(offer)));
  expect(scope.registration.showNotification).toHaveBeenCalledWith('Корт освободился', {
    body: '25 ноября, 12:00, корт 2. Подтвердите за 15 минут',
    tag: 'waitlist-8',
    data: { url: '/profile?offer=8' },
    icon: '/pwa-192x192.png',
    badge: '/pwa-64x64.png',
    lang: 'ru',
  });
});

test('a push is told to the open windows of the app, so they ask their answers again', async () => {
  const open = appWindow(`${ORIGIN}/profile`);
  await fire('push', pushData(JSON.stringify(offer)));
  expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  expect(open.postMessage).toHaveBeenCalledWith({ type: 'kort-push', notice: offer });
});

test("a push that is not the API's JSON is shown as it came, under the app's name", async () => {
  await fire('push', pushData('Проверка связи'));
  expect(scope.registration.showNotification).toHaveBeenCalledWith(
    'Корт',
    expect.objectContaining({ body: 'Проверка связи', data: { url: '/' }, tag: undefined }),
  );
});

test('a push with no payload still shows a notice (the browser demands one)', async () => {
  await fire('push', { data: null });
  expect(scope.registration.showNotification).toHaveBeenCalledWith('Корт', expect.objectContaining({ body: '' }));
});

const click = (url: unknown) => {
  const notification = { data: { url }, close: vi.fn() };
  return { notification, fields: { notification } };
};

test('a tap with no window of the app open opens one where the notice leads', async () => {
  const { notification, fields } = click('/profile?offer=8');
  await fire('notificationclick', fields);
  expect(notification.close).toHaveBeenCalled();
  expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/profile?offer=8`);
});

test('a tap with the app open brings that window forward and takes it there', async () => {
  appWindow('https://elsewhere.example/');
  const open = appWindow(`${ORIGIN}/reserve`);
  const { notification, fields } = click('/profile?offer=8');
  await fire('notificationclick', fields);
  expect(notification.close).toHaveBeenCalled();
  expect(open.focus).toHaveBeenCalled();
  expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/profile?offer=8`);
  expect(scope.clients.openWindow).not.toHaveBeenCalled();
});

test('a window the worker cannot steer (opened before it): a new window instead', async () => {
  const open = appWindow(`${ORIGIN}/reserve`);
  open.navigate.mockRejectedValue(new TypeError('not controlled'));
  await fire('notificationclick', click('/profile?offer=8').fields);
  expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/profile?offer=8`);
});

test("a notice leading off the club's site opens the app's start instead", async () => {
  await fire('notificationclick', click('https://evil.example/phish').fields);
  expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
});

test('a new worker takes over at once: skipWaiting on install, clients.claim on activate; no fetch handler', async () => {
  await fire('install');
  expect(scope.skipWaiting).toHaveBeenCalled();
  await fire('activate');
  expect(scope.clients.claim).toHaveBeenCalled();
  // Every request goes to the network as without a worker: the app needs live answers.
  expect(listeners.has('fetch')).toBe(false);
});
