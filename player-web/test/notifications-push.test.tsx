import { RequestError } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fail, ok, type SettingsChanges } from './support/fake-server';
import { box, notificationScreens, settings } from './support/notification-screens';

// /account «Уведомления»: web push on this device.
const screens = notificationScreens();
const renderAccount = screens.renderAccount;

const ENDPOINT = 'https://push.example.net/send/device-1';
const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };

interface PushStubs {
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
}

/**
 * A browser with web push: navigator.serviceWorker with one registration, its PushManager and the
 * Notification permission. `subscribed`: this browser already has a subscription; `answer`: what the
 * permission prompt answers; `refuse`: the push service's refusal of subscribe().
 */
interface PushBrowser {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  refuse?: Error | null;
}
function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  refuse = null,
}: PushBrowser = {}): PushStubs {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(() => ((current = null), Promise.resolve(true)));
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe,
  } as unknown as PushSubscription;
  if (subscribed) current = subscription;
  const subscribe = vi.fn(() => (refuse ? Promise.reject(refuse) : Promise.resolve((current = subscription))));
  const registration = { pushManager: { getSubscription: () => Promise.resolve(current), subscribe } };
  const register = vi.fn(() => Promise.resolve(registration));
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  return { requestPermission, subscribe, unsubscribe, register };
}

const pushBlock = async () => within(await screen.findByRole('region', { name: 'Уведомления на этом устройстве' }));
const noTelegram: SettingsChanges = { telegram: { available: false } };

test('a browser without web push says so (an iPhone outside the home screen)', async () => {
  renderAccount(noTelegram);
  const block = await pushBlock();
  expect(block.getByText(/Этот браузер не умеет получать уведомления/)).toBeTruthy();
  expect(block.queryByRole('button')).toBeNull();
});

test('the permission is asked only on «Включить»; the subscription goes to the API as toJSON()', async () => {
  const browser = stubPushBrowser();
  renderAccount(noTelegram, {
    'POST /api/push/subscribe/': () => {
      screens.server.answer('GET /api/notifications/', settings({ ...noTelegram, push: { devices: 1 } }));
      return ok('Уведомления включены');
    },
  });
  const block = await pushBlock();
  await block.findByRole('button', { name: 'Включить' });
  expect(browser.requestPermission).not.toHaveBeenCalled();
  expect(browser.subscribe).not.toHaveBeenCalled();

  await userEvent.click(block.getByRole('button', { name: 'Включить' }));
  expect(await block.findByText('Уведомления на этом устройстве включены')).toBeTruthy();
  expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  const [options] = browser.subscribe.mock.calls[0] as [PushSubscriptionOptionsInit];
  expect(options.userVisibleOnly).toBe(true);
  // The base64url key as bytes: 'BPnJ…' starts with the 0x04 of an uncompressed P-256 point.
  expect((options.applicationServerKey as Uint8Array)[0]).toBe(0x04);
  expect(screens.server.callsTo('POST /api/push/subscribe/').map((call) => call.body)).toEqual([
    { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
  ]);
  expect(block.getByText('Подключено устройств: 1')).toBeTruthy();
  expect(block.getByRole('button', { name: 'Отключить' })).toBeTruthy();
  expect(box('Неявки: Уведомления на устройстве').disabled).toBe(false);
});

test('a permission refused at the prompt: the browser forbids it, nothing is subscribed', async () => {
  const browser = stubPushBrowser({ answer: 'denied' });
  renderAccount(noTelegram);
  const block = await pushBlock();
  const enable = await block.findByRole('button', { name: 'Включить' });
  expect(enable.className).toBe('primary');
  await userEvent.click(enable);
  const alert = await block.findByRole('alert');
  expect(alert.textContent).toMatch(/^Браузер запретил уведомления для этого сайта/);
  // How to allow it there, once; and «Включить» is no longer the main button (the browser will not ask again).
  expect(alert.textContent).toContain('откройте «Уведомления», выберите «Разрешить» и обновите страницу');
  expect(block.getAllByText(/^Браузер запретил уведомления/)).toHaveLength(1);
  expect(block.getByRole('button', { name: 'Включить' }).className).not.toContain('primary');
  expect(browser.subscribe).not.toHaveBeenCalled();
  expect(screens.server.callsTo('POST /api/push/subscribe/')).toEqual([]);
});

test('a permission refused before: said at once, with the button to try after changing it', async () => {
  stubPushBrowser({ permission: 'denied', answer: 'denied' });
  renderAccount(noTelegram);
  const block = await pushBlock();
  expect(await block.findByText(/^Браузер запретил уведомления для этого сайта/)).toBeTruthy();
  expect(block.getByText(/^Как разрешить: нажмите на значок замка/)).toBeTruthy();
  expect(block.getByRole('button', { name: 'Включить' }).className).not.toContain('primary');
});

test("the push service's refusal is said as it is, with nothing sent to the API", async () => {
  stubPushBrowser({ refuse: new DOMException('Registration failed - push service error', 'AbortError') });
  renderAccount(noTelegram);
  const block = await pushBlock();
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  expect((await block.findByRole('alert')).textContent).toBe(
    'Не удалось подписаться на уведомления: Registration failed - push service error',
  );
  expect(screens.server.callsTo('POST /api/push/subscribe/')).toEqual([]);
});

test("the API refusing the subscription: its detail, and the browser's subscription is undone", async () => {
  const browser = stubPushBrowser();
  renderAccount(noTelegram, {
    'POST /api/push/subscribe/': fail(400, 'Нет ключа подписки', RequestError.Invalid),
  });
  const block = await pushBlock();
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  expect((await block.findByRole('alert')).textContent).toBe('Нет ключа подписки');
  expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  expect(block.getByRole('button', { name: 'Включить' })).toBeTruthy();
});

test('«Отключить» unsubscribes this browser and tells the API its endpoint', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
  renderAccount(
    { ...noTelegram, push: { devices: 2 } },
    {
      'POST /api/push/unsubscribe/': () => {
        screens.server.answer('GET /api/notifications/', settings({ ...noTelegram, push: { devices: 1 } }));
        return ok('Уведомления отключены');
      },
    },
  );
  const block = await pushBlock();
  expect(await block.findByText('Уведомления на этом устройстве включены')).toBeTruthy();
  expect(block.getByText('Подключено устройств: 2')).toBeTruthy();
  await userEvent.click(block.getByRole('button', { name: 'Отключить' }));
  expect(await block.findByText('Уведомления на этом устройстве отключены')).toBeTruthy();
  expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  expect(screens.server.callsTo('POST /api/push/unsubscribe/').map((call) => call.body)).toEqual([
    { endpoint: ENDPOINT },
  ]);
  expect(await block.findByText('Подключено устройств: 1')).toBeTruthy();
  expect(block.getByRole('button', { name: 'Включить' })).toBeTruthy();
});

test('a subscription the push service dropped: the club says so, and «Включить» subscribes anew', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
  renderAccount({ ...noTelegram, push: { off: 'gone', devices: 0 } }, { 'POST /api/push/subscribe/': ok('ok') });
  const block = await pushBlock();
  expect(block.getByText(/Браузер отозвал подписку на уведомления/)).toBeTruthy();
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  await waitFor(() => expect(screens.server.callsTo('POST /api/push/subscribe/')).toHaveLength(1));
  // The old one is dropped first: the push service no longer delivers to it.
  expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  expect(browser.subscribe).toHaveBeenCalledTimes(1);
});
