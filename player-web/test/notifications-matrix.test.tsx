import { RequestError } from '@kort/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail } from './support/fake-server';
import { box, held, notificationScreens, section, settings } from './support/notification-screens';

// /account «Уведомления»: the matrix of kinds and channels.
const screens = notificationScreens();
const renderAccount = screens.renderAccount;

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
  expect(screens.server.callsTo('PUT /api/notifications/').map((call) => call.body)).toEqual([
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
  screens.server.answer('GET /api/notifications/', settings());
  await userEvent.click(notices.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('checkbox', { name: 'Неявки: E-mail' })).toBeTruthy();
});

// --- Telegram ---
