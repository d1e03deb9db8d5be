import { RequestError, type TelegramLinkResponse } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toasts';
import { AccountPage } from '../src/features/account/components/account-page';
import {
  fail,
  fakeServer,
  installDialogApi,
  notificationSettings,
  ok,
  profile,
  removeDialogApi,
  type Answer,
  type FakeServer,
  type SettingsChanges,
} from './support/fake-server';
import { render } from './support/render';

let server: FakeServer;
beforeEach(installDialogApi);
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeDialogApi();
});

const settings = (changes: SettingsChanges = {}) => ok(notificationSettings(changes));

/** /account with its profile, the given notification settings and more routes. */
function renderAccount(changes: SettingsChanges = {}, routes: Record<string, Answer> = {}) {
  server = fakeServer({ 'GET /api/profile/': profile(), 'GET /api/notifications/': settings(changes), ...routes });
  render(
    <MemoryRouter initialEntries={['/account']}>
      <ToastProvider>
        <AccountPage />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const section = async () => within(await screen.findByRole('region', { name: 'Уведомления' }));
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

/** An answer the test gives when it chooses: `release(reply)`. */
function held() {
  let release: (reply: ReturnType<typeof ok>) => void = () => undefined;
  const answer = () => new Promise<ReturnType<typeof ok>>((resolve) => (release = resolve));
  return { answer, release: (reply: ReturnType<typeof ok>) => release(reply) };
}

// --- The matrix ---

test('a row per kind and a column per channel the club offers; Telegram not linked is off and says why', async () => {
  renderAccount({ push: { available: false, public_key: null } });
  const notices = await section();
  expect(notices.getAllByRole('rowheader').map((row) => row.textContent)).toEqual([
    'Напоминания об играх',
    'Очередь: освободился корт',
    'Отмены и закрытия клубом',
    'Неявки',
  ]);
  expect(notices.getAllByRole('columnheader').map((column) => column.textContent)).toEqual([
    'Сообщения',
    'E-mail',
    'TelegramПодключите Telegram ниже',
  ]);
  expect(box('Напоминания об играх: E-mail').checked).toBe(true);
  expect(box('Напоминания об играх: E-mail').disabled).toBe(false);
  const telegram = box('Неявки: Telegram');
  expect(telegram.disabled).toBe(true);
  expect(telegram.checked).toBe(false);
  expect(telegram.getAttribute('aria-describedby')).toBeTruthy();
  expect(document.getElementById(telegram.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Подключите Telegram ниже',
  );
  // No VAPID key: no column, no block.
  expect(notices.queryByText('Уведомления на устройстве')).toBeNull();
  expect(notices.queryByRole('heading', { name: 'Уведомления на этом устройстве' })).toBeNull();
});

test('a club without a bot has no Telegram column nor block; a linked Telegram is a column to tick', async () => {
  renderAccount({ telegram: { available: false } });
  await section();
  expect(screen.queryByRole('checkbox', { name: 'Неявки: Telegram' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Telegram' })).toBeNull();
  // Push offered but no device yet: its column waits for one.
  expect(box('Неявки: Уведомления на устройстве').disabled).toBe(true);
  expect(screen.getByText('Включите уведомления на устройстве ниже')).toBeTruthy();
});

test('ticking a box shows it ticked at once, saves it (PUT) and says so quietly', async () => {
  const put = held();
  renderAccount({ telegram: { linked: true } }, { 'PUT /api/notifications/': put.answer });
  await section();
  await userEvent.click(box('Очередь: освободился корт: Telegram'));
  expect(box('Очередь: освободился корт: Telegram').checked).toBe(true);
  expect(server.callsTo('PUT /api/notifications/').map((call) => call.body)).toEqual([
    { kind: 'waitlist', channel: 'telegram', enabled: true },
  ]);
  act(() => put.release(settings({ telegram: { linked: true }, choices: { waitlist: { telegram: true } } })));
  expect(await screen.findByText('Настройки уведомлений сохранены')).toBeTruthy();
  expect(screen.getByText('Настройки уведомлений сохранены').getAttribute('role')).toBe('status');
  expect(box('Очередь: освободился корт: Telegram').checked).toBe(true);
});

test("a refused box goes back, the others stay, and the server's detail is shown", async () => {
  renderAccount(
    { telegram: { linked: true } },
    {
      'PUT /api/notifications/': (call) =>
        (call.body as { kind: string }).kind === 'club'
          ? fail(400, 'Сначала подключите Telegram', RequestError.Invalid)
          : settings({ telegram: { linked: true }, choices: { reminders: { email: false } } }),
    },
  );
  await section();
  await userEvent.click(box('Напоминания об играх: E-mail'));
  await userEvent.click(box('Отмены и закрытия клубом: Telegram'));
  expect((await screen.findByRole('alert')).textContent).toBe('Сначала подключите Telegram');
  expect(box('Отмены и закрытия клубом: Telegram').checked).toBe(false);
  expect(box('Напоминания об играх: E-mail').checked).toBe(false);
});

test('the settings not answered: a failure line and «Повторить»', async () => {
  renderAccount({}, { 'GET /api/notifications/': 'offline' });
  const notices = await section();
  expect((await notices.findByRole('alert')).textContent).toBe('Не удалось загрузить настройки уведомлений');
  server.answer('GET /api/notifications/', settings());
  await userEvent.click(notices.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('checkbox', { name: 'Неявки: E-mail' })).toBeTruthy();
});

// --- Telegram ---

const telegramLink = (changes: Partial<TelegramLinkResponse> = {}): Answer => ({
  status: 200,
  body: {
    detail: 'https://t.me/kort_club_bot?start=Zm9vYmFy',
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...changes,
  } satisfies TelegramLinkResponse,
});

/** A desktop's screen for useMediaQuery (jsdom has no matchMedia: a phone). */
function desktopScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 64rem)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const telegramBlock = async () => within(await screen.findByRole('region', { name: 'Telegram' }));

test('«Подключить Telegram» on a phone: the link to open, no QR code', async () => {
  renderAccount({ push: { available: false } }, { 'POST /api/telegram/link/': telegramLink() });
  const block = await telegramBlock();
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  const open = await block.findByRole('link', { name: 'Открыть Telegram' });
  expect(open.getAttribute('href')).toBe('https://t.me/kort_club_bot?start=Zm9vYmFy');
  expect(open.getAttribute('target')).toBe('_blank');
  expect(open.getAttribute('rel')).toContain('noopener');
  expect(document.activeElement).toBe(open);
  expect(block.getByText(/Откройте ссылку в Telegram и нажмите «Запустить»/)).toBeTruthy();
  expect(block.queryByRole('img')).toBeNull();
  expect(block.queryByRole('button', { name: 'Подключить Telegram' })).toBeNull();
});

test('on a desktop the QR code of the link shows too, with the time the link is good until', async () => {
  desktopScreen();
  const expiresAt = new Date(Date.now() + 10 * 60_000);
  renderAccount(
    { push: { available: false } },
    { 'POST /api/telegram/link/': telegramLink({ expires_at: expiresAt.toISOString() }) },
  );
  const block = await telegramBlock();
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  const qr = await block.findByRole<HTMLImageElement>('img', { name: 'QR-код ссылки на бот клуба в Telegram' });
  const prefix = 'data:image/svg+xml;utf8,';
  expect(qr.getAttribute('src')?.startsWith(prefix)).toBe(true);
  expect(decodeURIComponent(qr.getAttribute('src')?.slice(prefix.length) ?? '')).toContain('<path d="M0 0h1v1H0z"/>');
  // On the phone's clock (the server's is not known here: they are one).
  const hhmm = `${String(expiresAt.getHours()).padStart(2, '0')}:${String(expiresAt.getMinutes()).padStart(2, '0')}`;
  expect(block.getByText(`Ссылка действует до ${hhmm}`)).toBeTruthy();
});

test('while the link is shown the settings are asked every 3 s; the bot confirming turns it to «Telegram подключён»', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderAccount({ push: { available: false } }, { 'POST /api/telegram/link/': telegramLink() });
  const block = await telegramBlock();
  expect(server.callsTo('GET /api/notifications/')).toHaveLength(1);
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  await block.findByRole('link', { name: 'Открыть Telegram' });
  const before = server.callsTo('GET /api/notifications/').length;
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  await waitFor(() => expect(server.callsTo('GET /api/notifications/')).toHaveLength(before + 1));
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  await waitFor(() => expect(server.callsTo('GET /api/notifications/')).toHaveLength(before + 2));
  expect(block.getByRole('link', { name: 'Открыть Telegram' })).toBeTruthy();

  server.answer('GET /api/notifications/', settings({ telegram: { linked: true }, push: { available: false } }));
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  expect((await block.findByText('Telegram подключён')).getAttribute('role')).toBe('status');
  expect(block.queryByRole('link', { name: 'Открыть Telegram' })).toBeNull();
  expect(box('Неявки: Telegram').disabled).toBe(false);
  // Linked: no more asking.
  const asked = server.callsTo('GET /api/notifications/').length;
  await act(() => vi.advanceTimersByTimeAsync(9_000));
  expect(server.callsTo('GET /api/notifications/')).toHaveLength(asked);
});

test('a link whose time is up goes, and a new one can be asked for', async () => {
  renderAccount(
    { push: { available: false } },
    { 'POST /api/telegram/link/': telegramLink({ expires_at: new Date(Date.now() + 300).toISOString() }) },
  );
  const block = await telegramBlock();
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  expect(await block.findByRole('link', { name: 'Открыть Telegram' })).toBeTruthy();
  expect(await block.findByText('Срок действия ссылки истёк. Получите новую.')).toBeTruthy();
  expect(block.queryByRole('link', { name: 'Открыть Telegram' })).toBeNull();
  expect(block.getByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
});

test("a club that has no bot after all (404): the server's detail", async () => {
  renderAccount(
    { push: { available: false } },
    { 'POST /api/telegram/link/': fail(404, 'В клубе не настроен Telegram-бот', RequestError.NotFound) },
  );
  const block = await telegramBlock();
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  expect((await block.findByRole('alert')).textContent).toBe('В клубе не настроен Telegram-бот');
});

test('linked: «Telegram подключён» and «Отключить», which unlinks and offers to connect again', async () => {
  renderAccount(
    { telegram: { linked: true }, push: { available: false }, choices: { club: { telegram: true } } },
    { 'POST /api/telegram/unlink/': ok('Telegram отключён') },
  );
  const block = await telegramBlock();
  expect(block.getByText('Telegram подключён')).toBeTruthy();
  expect(box('Отмены и закрытия клубом: Telegram').checked).toBe(true);
  server.answer('GET /api/notifications/', settings({ push: { available: false } }));
  await userEvent.click(block.getByRole('button', { name: 'Отключить' }));
  expect(await screen.findByText('Telegram отключён')).toBeTruthy();
  expect(await block.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
  expect(box('Отмены и закрытия клубом: Telegram').disabled).toBe(true);
  expect(box('Отмены и закрытия клубом: Telegram').checked).toBe(false);
  expect(server.callsTo('POST /api/telegram/unlink/')).toHaveLength(1);
});

test('a bot the player blocked: the club says so, and the way to connect again', async () => {
  renderAccount({ telegram: { off: 'blocked' }, push: { available: false } });
  const block = await telegramBlock();
  expect(block.getByText(/Бот не может написать вам: похоже, он заблокирован/)).toBeTruthy();
  expect(block.getByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
});

// --- Web push on this device ---

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
      server.answer('GET /api/notifications/', settings({ ...noTelegram, push: { devices: 1 } }));
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
  expect(server.callsTo('POST /api/push/subscribe/').map((call) => call.body)).toEqual([
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
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  expect((await block.findByRole('alert')).textContent).toMatch(/^Браузер запретил уведомления для этого сайта/);
  expect(browser.subscribe).not.toHaveBeenCalled();
  expect(server.callsTo('POST /api/push/subscribe/')).toEqual([]);
});

test('a permission refused before: said at once, with the button to try after changing it', async () => {
  stubPushBrowser({ permission: 'denied', answer: 'denied' });
  renderAccount(noTelegram);
  const block = await pushBlock();
  expect(await block.findByText(/^Браузер запретил уведомления для этого сайта/)).toBeTruthy();
  expect(block.getByRole('button', { name: 'Включить' })).toBeTruthy();
});

test("the push service's refusal is said as it is, with nothing sent to the API", async () => {
  stubPushBrowser({ refuse: new DOMException('Registration failed - push service error', 'AbortError') });
  renderAccount(noTelegram);
  const block = await pushBlock();
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  expect((await block.findByRole('alert')).textContent).toBe(
    'Не удалось подписаться на уведомления: Registration failed - push service error',
  );
  expect(server.callsTo('POST /api/push/subscribe/')).toEqual([]);
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
        server.answer('GET /api/notifications/', settings({ ...noTelegram, push: { devices: 1 } }));
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
  expect(server.callsTo('POST /api/push/unsubscribe/').map((call) => call.body)).toEqual([{ endpoint: ENDPOINT }]);
  expect(await block.findByText('Подключено устройств: 1')).toBeTruthy();
  expect(block.getByRole('button', { name: 'Включить' })).toBeTruthy();
});

test('a subscription the push service dropped: the club says so, and «Включить» subscribes anew', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
  renderAccount({ ...noTelegram, push: { off: 'gone', devices: 0 } }, { 'POST /api/push/subscribe/': ok('ok') });
  const block = await pushBlock();
  expect(block.getByText(/Браузер отозвал подписку на уведомления/)).toBeTruthy();
  await userEvent.click(await block.findByRole('button', { name: 'Включить' }));
  await waitFor(() => expect(server.callsTo('POST /api/push/subscribe/')).toHaveLength(1));
  // The old one is dropped first: the push service no longer delivers to it.
  expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  expect(browser.subscribe).toHaveBeenCalledTimes(1);
});
