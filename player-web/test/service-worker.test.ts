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
  registration: {
    showNotification: ReturnType<typeof vi.fn>;
    navigationPreload: { enable: ReturnType<typeof vi.fn> };
  };
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
    registration: {
      showNotification: vi.fn(() => Promise.resolve()),
      navigationPreload: { enable: vi.fn(() => Promise.resolve()) },
    },
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

test('a new worker takes over at once: skipWaiting on install, clients.claim and navigation preload on activate', async () => {
  await fire('install');
  expect(scope.skipWaiting).toHaveBeenCalled();
  await fire('activate');
  expect(scope.clients.claim).toHaveBeenCalled();
  expect(scope.registration.navigationPreload.enable).toHaveBeenCalled();
});

/** A fetch event: what the worker answered it with, or undefined when it left it to the network. */
async function fetched(
  request: { url: string; mode: string },
  preloadResponse: Promise<unknown> = Promise.resolve(undefined),
) {
  let answer: Promise<Response> | undefined;
  listeners.get('fetch')!({
    request,
    preloadResponse,
    respondWith: (response: Promise<Response>) => (answer = response),
  });
  return answer && (await answer);
}

test('only page loads pass through the worker; the API and the app files go to the network untouched', async () => {
  expect(await fetched({ url: `${ORIGIN}/api/my-orders/`, mode: 'cors' })).toBeUndefined();
  expect(await fetched({ url: `${ORIGIN}/assets/index.js`, mode: 'no-cors' })).toBeUndefined();
  const page = new Response('<html>the app</html>');
  expect(await fetched({ url: `${ORIGIN}/game`, mode: 'navigate' }, Promise.resolve(page))).toBe(page);
});

test("a page load with no network: the offline page, with today's door PINs and the club's contacts", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T06:30:00Z')); // 09:30 at the club
  const kept = {
    pins: {
      3: { pin: '089234', start: '2026-11-23T10:00:00+03:00', court: 'Корт 3' },
      9: { pin: '111222', start: '2026-11-24T10:00:00+03:00', court: 'Корт 1' },
    },
    contacts: 'Администратор: +7 (999) 123-45-67',
  };
  vi.stubGlobal('caches', {
    match: vi.fn((url: string) => Promise.resolve(url === '/offline-data.json' ? Response.json(kept) : undefined)),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  try {
    const answer = await fetched({ url: `${ORIGIN}/game?door=0427`, mode: 'navigate' });
    expect(answer?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await answer!.text();
    expect(html).toContain('Нет соединения, возможно ошибка сети.');
    expect(html).toContain('Код для двери без интернета: 089 234, Корт 3, 10:00');
    expect(html).not.toContain('111 222'); // tomorrow's
    expect(html).toContain('Администратор: <a href="tel:+79991234567">+7 (999) 123-45-67</a>');
    expect(html).toContain(`href="${ORIGIN}/game?door=0427"`); // «Повторить» loads the same address
    expect(html).not.toContain('<script');
  } finally {
    vi.useRealTimers();
  }
});

test('nothing kept (a phone that never opened the app online): the offline page says what to try', async () => {
  vi.stubGlobal('caches', { match: vi.fn(() => Promise.resolve(undefined)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const html = await (await fetched({ url: `${ORIGIN}/profile`, mode: 'navigate' }))!.text();
  expect(html).toContain('Нет соединения, возможно ошибка сети.');
  expect(html).not.toContain('Код для двери без интернета');
  expect(html).toContain('позвоните администратору клуба');
});
