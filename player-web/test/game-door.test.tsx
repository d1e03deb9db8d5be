import { AuthError, DeviceError, messages, type MyOrder } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, test, vi } from 'vitest';
import { GameRoute } from '../src/app/routes/game-route';
import { ToastProvider } from '../src/components/ui/toasts';
import { rememberOfflinePins } from '../src/lib/offline-pins';
import type { GameCardState } from '../src/lib/game-card';
import { fail, fakeServer, ok } from './support/fake-server';
import { button, clubClock, game, renderGame, soon, tonight, toasts, useGameScreen } from './support/game-screen';
import { render } from './support/render';

// The door from the game card: the code typed or scanned, the PIN when the club's link is down,
// and the door screen's QR opened by a phone's camera.
useGameScreen();

async function openDoorModal() {
  await userEvent.click(button('Открыть дверь'));
  return within(await screen.findByRole('dialog', { name: 'Открыть дверь' }));
}

async function typeCode(code: string) {
  await userEvent.click(screen.getByLabelText('Цифра 1'));
  await userEvent.keyboard(code);
}

test('the code from the door screen, typed, opens the door: "Дверь открыта!"', async () => {
  renderGame({ 'GET /api/send/41/': ok(messages.codeOnDisplay), 'POST /api/recieve/': ok('ok') }, soon);
  await openDoorModal();
  await typeCode('4821');
  expect(await toasts().findByText('Дверь открыта!')).toBeTruthy();
  expect(game.server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '4821' }]);
  expect(screen.queryByRole('dialog')).toBeNull();
  // The game is on: the card says so and it can no longer be cancelled.
  expect(await within(screen.getByRole('article', { name: 'Карточка игры' })).findByText('Идёт игра')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Отменить игру' })).toBeNull();
});

test('a wrong code reads "Неверный код"; the boxes are emptied for another try', async () => {
  renderGame(
    {
      'GET /api/send/41/': ok(messages.codeOnDisplay),
      'POST /api/recieve/': fail(403, 'Forbidden', AuthError.Forbidden),
    },
    soon,
  );
  const modal = await openDoorModal();
  await typeCode('1111');
  expect((await modal.findByRole('alert')).textContent).toBe('Неверный код');
  expect(modal.getByLabelText<HTMLInputElement>('Цифра 1').value).toBe('');
  expect(screen.getByRole('dialog')).toBeTruthy();
});

test('the court\'s equipment offline (503) says so instead of "Неверный код"', async () => {
  renderGame(
    {
      'GET /api/send/41/': ok(messages.codeOnDisplay),
      'POST /api/recieve/': fail(503, messages.agentOffline, DeviceError.AgentOffline),
    },
    soon,
  );
  const modal = await openDoorModal();
  await typeCode('4821');
  expect((await modal.findByRole('alert')).textContent).toBe(messages.agentOffline);
});

// --- The door without the club's link: the offline PIN ---

const offlinePin = (pin: string) => ({
  status: 503,
  body: { detail: messages.offlinePin, code: DeviceError.AgentOffline, offline_pin: pin },
});
/** The PIN view: its dialog, and the PIN as it reads (two groups of three, one number). */
const pinView = () => screen.findByRole('dialog', { name: 'Код для двери' });
const pinOnScreen = (dialog: HTMLElement) => dialog.querySelector('.offline-pin')?.textContent;
/** What my-orders gave the phone earlier today (or on another day). */
const keptPin = (gameId: number, pin: string, timeStart = tonight.timeStart) =>
  rememberOfflinePins([
    {
      id: gameId,
      date: '',
      day_of_week: '',
      time: '',
      today: true,
      status: 'upcoming',
      name: 2,
      id_cort: 2,
      time_start: timeStart,
      offline_pin: pin,
      site_id: 'default',
      site_name: 'Основная площадка',
    },
  ]);

test('503 with the offline PIN: the PIN in large digits and one sentence, no door modal', async () => {
  const console = [vi.spyOn(globalThis.console, 'log'), vi.spyOn(globalThis.console, 'info')];
  renderGame({ 'GET /api/send/41/': offlinePin('305917') }, soon);
  await userEvent.click(button('Открыть дверь'));
  const dialog = await pinView();
  expect(pinOnScreen(dialog)).toBe('305917');
  expect(
    within(dialog)
      .getAllByRole('paragraph')
      .map((p) => p.textContent),
  ).toEqual(['Нет связи с оборудованием корта. Введите этот код на экране у двери', '305917']);
  expect(screen.queryByRole('dialog', { name: 'Открыть дверь' })).toBeNull();
  expect(toasts().queryByText(messages.offlinePin)).toBeNull();
  // The phone keeps it, in case it loses the API too; it never goes to the console.
  expect(localStorage.getItem('kort.offline-pins')).toContain('305917');
  for (const spy of console) expect(spy).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a 503 without a PIN (the equipment offline, no schedule) stays a message', async () => {
  renderGame({ 'GET /api/send/41/': fail(503, messages.agentOffline, DeviceError.AgentOffline) }, soon);
  await userEvent.click(button('Открыть дверь'));
  expect(await toasts().findByText(messages.agentOffline)).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('no answer at all, with the PIN kept on the phone: the PIN view, saying it is the phone that is offline', async () => {
  keptPin(41, '482913');
  renderGame({ 'GET /api/send/41/': 'offline' }, soon);
  await userEvent.click(button('Открыть дверь'));
  const dialog = await pinView();
  expect(pinOnScreen(dialog)).toBe('482913');
  // Not the court's link: the phone's. The keypad is there only if the club's link is down too.
  expect(
    within(dialog).getByText('Телефон не в сети. Если на экране у двери клавиатура, введите на нём этот код'),
  ).toBeTruthy();
  expect(within(dialog).queryByText(messages.offlinePin)).toBeNull();
  expect(toasts().queryByText(messages.networkTrouble)).toBeNull();
});

test('no answer at all and no PIN kept for this game: only the network error', async () => {
  keptPin(42, '482913'); // another game's
  renderGame({ 'GET /api/send/41/': 'offline' }, soon);
  await userEvent.click(button('Открыть дверь'));
  expect(await toasts().findByText(messages.networkTrouble)).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("no answer at all and yesterday's PIN kept: not offered, and dropped from the phone", async () => {
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
  keptPin(41, '482913', '2026-11-22T18:00:00+03:00');
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  renderGame({ 'GET /api/send/41/': 'offline' }, soon);
  await userEvent.click(button('Открыть дверь'));
  expect(await toasts().findByText(messages.networkTrouble)).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(localStorage.getItem('kort.offline-pins')).toBeNull();
});

// --- The door screen's QR, opened by a phone's camera: /game?door=<code> ---

function renderDoorLink(routes: Parameters<typeof fakeServer>[0], state: GameCardState | null) {
  game.server = fakeServer({ ...clubClock, ...routes });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/game', search: '?door=0427', state }]}>
      <ToastProvider>
        <Routes>
          <Route path="/game" element={<GameRoute />} />
          <Route path="/profile" element={<h1>Мои игры</h1>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const order = (game: GameCardState): MyOrder => ({
  id: game.gameId,
  date: game.date,
  day_of_week: game.weekday,
  time: game.time,
  today: game.active,
  status: game.status,
  name: game.court,
  id_cort: game.idCort,
  time_start: game.timeStart,
  site_id: 'default',
  site_name: 'Основная площадка',
});

test('on the card, ?door= opens the door modal with the code and sends it once: «Дверь открыта!»', async () => {
  renderDoorLink({ 'POST /api/recieve/': ok('ok') }, soon);
  expect(await toasts().findByText('Дверь открыта!')).toBeTruthy();
  expect(game.server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '0427' }]);
  expect(await within(screen.getByRole('article', { name: 'Карточка игры' })).findByText('Идёт игра')).toBeTruthy();
});

test("with no card (the phone's camera opened the link), the player's game whose door is open now is found", async () => {
  renderDoorLink(
    {
      'GET /api/my-orders/': ok([order(soon), order({ ...tonight, gameId: 42 })]),
      'POST /api/recieve/': ok('ok'),
    },
    null,
  );
  expect(await toasts().findByText('Дверь открыта!')).toBeTruthy();
  expect(game.server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '0427' }]);
  expect(within(screen.getByRole('article', { name: 'Карточка игры' })).getByText('12:10–13:10')).toBeTruthy();
});

test('no game whose door is open now: it says so and sends nothing', async () => {
  renderDoorLink({ 'GET /api/my-orders/': ok([order(tonight)]) }, null);
  expect(await screen.findByText('Сейчас нет вашей игры, для которой открывается дверь')).toBeTruthy();
  expect(screen.getByText(/^Дверь открывается за 15 минут до начала вашей игры/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Перейти в «Мои игры»' })).toBeTruthy();
  expect(game.server.callsTo('POST /api/recieve/')).toEqual([]);
});
