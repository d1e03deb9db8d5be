import { RequestError, type TelegramLinkResponse } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fail, ok, type Reply } from './support/fake-server';
import { box, notificationScreens, settings } from './support/notification-screens';

// /account «Уведомления»: linking Telegram.
const screens = notificationScreens();
const renderAccount = screens.renderAccount;

const telegramLink = (changes: Partial<TelegramLinkResponse> = {}): Reply => ({
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
  expect(screens.server.callsTo('GET /api/notifications/')).toHaveLength(1);
  await userEvent.click(block.getByRole('button', { name: 'Подключить Telegram' }));
  await block.findByRole('link', { name: 'Открыть Telegram' });
  const before = screens.server.callsTo('GET /api/notifications/').length;
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  await waitFor(() => expect(screens.server.callsTo('GET /api/notifications/')).toHaveLength(before + 1));
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  await waitFor(() => expect(screens.server.callsTo('GET /api/notifications/')).toHaveLength(before + 2));
  expect(block.getByRole('link', { name: 'Открыть Telegram' })).toBeTruthy();

  screens.server.answer(
    'GET /api/notifications/',
    settings({ telegram: { linked: true }, push: { available: false } }),
  );
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  expect((await block.findByText('Telegram подключён')).getAttribute('role')).toBe('status');
  expect(block.queryByRole('link', { name: 'Открыть Telegram' })).toBeNull();
  expect(box('Неявки: Telegram').disabled).toBe(false);
  // Linked: no more asking.
  const asked = screens.server.callsTo('GET /api/notifications/').length;
  await act(() => vi.advanceTimersByTimeAsync(9_000));
  expect(screens.server.callsTo('GET /api/notifications/')).toHaveLength(asked);
});

test('a link whose time is up goes, and a new one can be asked for', async () => {
  renderAccount(
    { push: { available: false } },
    // Its time runs from the answer, not from the render: on a loaded machine the click may come later.
    { 'POST /api/telegram/link/': () => telegramLink({ expires_at: new Date(Date.now() + 1500).toISOString() }) },
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
  screens.server.answer('GET /api/notifications/', settings({ push: { available: false } }));
  await userEvent.click(block.getByRole('button', { name: 'Отключить' }));
  expect(await screen.findByText('Telegram отключён')).toBeTruthy();
  expect(await block.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
  expect(box('Отмены и закрытия клубом: Telegram').disabled).toBe(true);
  expect(box('Отмены и закрытия клубом: Telegram').checked).toBe(false);
  expect(screens.server.callsTo('POST /api/telegram/unlink/')).toHaveLength(1);
});

test('a bot the player blocked: the club says so, and the way to connect again', async () => {
  renderAccount({ telegram: { off: 'blocked' }, push: { available: false } });
  const block = await telegramBlock();
  expect(block.getByText(/Бот не может написать вам: похоже, он заблокирован/)).toBeTruthy();
  expect(block.getByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
});

// --- Web push on this device ---
