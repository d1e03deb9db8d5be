import {
  AuthError,
  BookingError,
  CLUB_RULE_DEFAULTS,
  DeviceError,
  DoorError,
  messages,
  RequestError,
  type MyOrder,
} from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toasts';
import { GameRoute } from '../src/app/routes/game-route';
import { GamePage } from '../src/features/game/components/game-page';
import type { GameCardState } from '../src/lib/game-card';
import { rememberOfflinePins } from '../src/lib/offline-pins';
import { loadSiteClock } from '../src/lib/site-clock';
import { fail, fakeServer, installDialogApi, ok, removeDialogApi, type FakeServer } from './support/fake-server';
import { render } from './support/render';

let server: FakeServer;
// The club's clock is read once a visit (the module keeps it): read it here, with the phone's
// clock agreeing, so every test starts from the same club time.
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  fakeServer({ 'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T09:00:00Z' }) });
  await loadSiteClock();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  installDialogApi();
  // Monday 23 November 2026, 12:00 in Moscow, on the phone and at the club alike.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
});
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeDialogApi();
  localStorage.clear();
});

const tonight: GameCardState = {
  gameId: 41,
  date: '23 ноября 2026',
  weekday: 'понедельник',
  time: '18:00',
  active: true,
  court: 2,
  idCort: 2,
  timeStart: '2026-11-23T18:00:00+03:00',
  status: 'upcoming',
};

/** A game whose door is open already (from 11:55), not begun yet: it is 12:00 at the club. */
const soon: GameCardState = { ...tonight, gameId: 41, time: '12:10', timeStart: '2026-11-23T12:10:00+03:00' };
/** A game whose hour is on (11:30-12:30), its door not opened yet. */
const onNow: GameCardState = { ...tonight, gameId: 41, time: '11:30', timeStart: '2026-11-23T11:30:00+03:00' };

/**
 * The club's clock (the same instant as the phone's in these tests, unless a test says otherwise)
 * and its rules (the door opens 15 minutes before the start).
 */
const clubClock = {
  'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T09:00:00Z' }),
  'GET /api/booking_rules/': ok(CLUB_RULE_DEFAULTS),
};

function renderGame(
  routes: Parameters<typeof fakeServer>[0],
  state: GameCardState | null = tonight,
  screens = { GamePage, ToastProvider },
) {
  server = fakeServer({ ...clubClock, ...routes });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/game', state }]}>
      <screens.ToastProvider>
        <Routes>
          <Route path="/game" element={<screens.GamePage />} />
          <Route path="/profile" element={<h1>Мои игры</h1>} />
        </Routes>
      </screens.ToastProvider>
    </MemoryRouter>,
  );
}

/** The calls that act (the club's clock and rules are only read). */
const actionsSent = () =>
  server.calls.filter((call) => call.path !== '/api/site_time/' && call.path !== '/api/booking_rules/');
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The toasts' live region (the card's own notices are status regions too). */
const toasts = () => {
  const region = document.querySelector<HTMLElement>('.toasts');
  if (!region) throw new Error('no toasts region');
  return within(region);
};
const profileScreen = () => screen.findByRole('heading', { name: 'Мои игры' });

test('the card shows weekday, date, the hour and court', () => {
  renderGame({});
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('понедельник, 23 ноября 2026')).toBeTruthy();
  expect(card.getByText('18:00–19:00')).toBeTruthy();
  expect(card.getByText('Корт 2')).toBeTruthy();
});

// --- What the card offers, by the club's clock ---

test("before the door opens: «Дверь откроется в 17:45» (the club's window), the door off, no «Завершить игру»", async () => {
  renderGame({});
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(await card.findByText('Дверь откроется в 17:45')).toBeTruthy();
  expect(button('Открыть дверь').disabled).toBe(true);
  expect(button('Открыть дверь').getAttribute('aria-describedby')).toBe('door-opens');
  expect(screen.queryByRole('button', { name: 'Завершить игру' })).toBeNull();
  expect(button('Отменить игру').disabled).toBe(false);
});

test("the door time reads the club's setting, not a fixed quarter of an hour", async () => {
  renderGame({ 'GET /api/booking_rules/': ok({ ...CLUB_RULE_DEFAULTS, door_opens_before_min: 20 }) });
  expect(await screen.findByText('Дверь откроется в 17:40')).toBeTruthy();
});

test('a game days away: the door opens on its day (the date is just above); one button off, not two', async () => {
  renderGame({}, { ...tonight, active: false, date: '27 ноября 2026', timeStart: '2026-11-27T18:00:00+03:00' });
  expect(await screen.findByText('Дверь откроется в день игры, в 17:45')).toBeTruthy();
  expect(screen.getByText('пятница, 27 ноября 2026')).toBeTruthy();
  expect(button('Открыть дверь').disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Завершить игру' })).toBeNull();
  expect(button('Отменить игру').disabled).toBe(false);
});

test('the door open, the game not begun: «Открыть дверь» on, still no «Завершить игру» (a stray tap ends nothing)', async () => {
  renderGame({}, soon);
  await waitFor(() => expect(button('Отменить игру').disabled).toBe(true));
  expect(button('Открыть дверь').disabled).toBe(false);
  expect(screen.queryByText(/Дверь откроется/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Завершить игру' })).toBeNull();
});

test('from the start of the hour: both the door and «Завершить игру»', async () => {
  renderGame({}, onNow);
  expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Завершить игру' })).disabled).toBe(false);
  expect(button('Открыть дверь').disabled).toBe(false);
});

test('a court the club named is titled by its name, on the card and in the cancel question', async () => {
  renderGame(
    {},
    { ...tonight, court: 3, idCort: 3, courtName: 'Грунт', active: false, timeStart: '2026-11-25T18:00:00+03:00' },
  );
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('Грунт')).toBeTruthy();
  await userEvent.click(button('Отменить игру'));
  expect(await screen.findByText('23 ноября 2026, 18:00, Грунт')).toBeTruthy();
});

test('without a game in the navigation state it goes to /profile', async () => {
  renderGame({}, null);
  expect(await profileScreen()).toBeTruthy();
});

test('"Назад" returns to my games', async () => {
  renderGame({});
  await userEvent.click(button('Назад'));
  expect(await profileScreen()).toBeTruthy();
});

// --- Cancelling ---

test('cancel asks "Точно хотите отменить игру?", sends the game and returns to my games', async () => {
  renderGame({ 'POST /api/delete_order/2/': ok(messages.gameCancelled) });
  await userEvent.click(button('Отменить игру'));
  const confirm = within(screen.getByRole('dialog', { name: 'Точно хотите отменить игру?' }));
  expect(actionsSent()).toHaveLength(0);
  await userEvent.click(confirm.getByRole('button', { name: 'Да, отменить' }));
  expect(await profileScreen()).toBeTruthy();
  expect(server.callsTo('POST /api/delete_order/2/').map((call) => call.body)).toEqual([
    { id_cort: 2, time_start: '2026-11-23T18:00:00+03:00', players_count: 2 },
  ]);
  expect(toasts().getByText('Игра успешно отменена')).toBeTruthy();
});

test('"Нет" keeps the game', async () => {
  renderGame({});
  await userEvent.click(button('Отменить игру'));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Нет' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(actionsSent()).toHaveLength(0);
});

test('409 on cancel reads "Нельзя отменить бронирование менее чем за 1 час" and stays on the card', async () => {
  renderGame({ 'POST /api/delete_order/2/': fail(409, 'Conflict', BookingError.CancelTooLate) });
  await userEvent.click(button('Отменить игру'));
  await userEvent.click(screen.getByRole('button', { name: 'Да, отменить' }));
  expect(await toasts().findByText('Нельзя отменить бронирование менее чем за 1 час')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Игра' })).toBeTruthy();
});

test('under an hour before the start, cancel is off with the reason', async () => {
  renderGame({}, { ...tonight, time: '12:30', timeStart: '2026-11-23T12:30:00+03:00' });
  await waitFor(() => expect(button('Отменить игру').disabled).toBe(true));
  expect(screen.getByText('Отменить игру можно не позже чем за час до начала')).toBeTruthy();
});

// --- Ending ---

/** "Завершить игру" (there once the club's clock says the hour is on), then "Да, завершить". */
async function endTheGame() {
  await userEvent.click(await screen.findByRole('button', { name: 'Завершить игру' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Завершить игру?' }));
  await userEvent.click(confirm.getByRole('button', { name: 'Да, завершить' }));
}

test('"Завершить игру" asks first; "Нет" keeps the game going', async () => {
  renderGame({}, onNow);
  await userEvent.click(await screen.findByRole('button', { name: 'Завершить игру' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Завершить игру?' }));
  expect(confirm.getByText('23 ноября 2026, 11:30, корт 2')).toBeTruthy();
  await userEvent.click(confirm.getByRole('button', { name: 'Нет' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(actionsSent()).toHaveLength(0);
});

test.each([
  [fail(418, 'not started', DoorError.GameNotStarted), 'Вы ещё не начали игру'],
  [fail(500, 'internal', RequestError.ServerError), 'Ошибка сети'],
  ['offline' as const, 'Ошибка сети'],
])('ending refused (%j) reads "%s" and stays on the card', async (reply, text) => {
  renderGame({ 'GET /api/end/41/': reply }, onNow);
  await endTheGame();
  expect(await toasts().findByText(text)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Игра' })).toBeTruthy();
  expect(button('Завершить игру').disabled).toBe(false);
});

test('ending the game: "Игра успешно завершена", the card says it is over, no door and no end buttons', async () => {
  renderGame({ 'GET /api/end/41/': ok(messages.gameEnded) }, onNow);
  await endTheGame();
  expect(await toasts().findByText('Игра успешно завершена')).toBeTruthy();
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('Игра завершена')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Открыть дверь' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Завершить игру' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Отменить игру' })).toBeNull();
  await userEvent.click(button('Назад'));
  expect(await profileScreen()).toBeTruthy();
});

test('a game in progress (my-orders says playing): the card says so, the door still opens, no cancelling', () => {
  renderGame({}, { ...tonight, status: 'playing' });
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('Идёт игра')).toBeTruthy();
  expect(button('Открыть дверь').disabled).toBe(false);
  expect(button('Завершить игру').disabled).toBe(false);
  expect(screen.queryByRole('button', { name: 'Отменить игру' })).toBeNull();
});

test('a game whose hour has passed reads as over, whatever the card was given', async () => {
  renderGame({}, { ...tonight, time: '10:00', timeStart: '2026-11-23T10:00:00+03:00' });
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(await card.findByText('Игра завершена')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Открыть дверь' })).toBeNull();
});

test('a game released as a no-show reads «Неявка», with no door, end or cancel buttons, even once its hour is past', async () => {
  renderGame({}, { ...tonight, time: '11:00', timeStart: '2026-11-23T11:00:00+03:00', status: 'no_show' });
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('Неявка')).toBeTruthy();
  // The club's no-show minutes, with their plural.
  expect(card.getByText(/^Дверь не открыли в течение 15 минут после начала/)).toBeTruthy();
  // The club's clock comes in: the hour is past, and the card still says «Неявка», not "over".
  await waitFor(() => expect(card.queryByText('Игра завершена')).toBeNull());
  expect(card.getByText('Неявка')).toBeTruthy();
  expect(screen.getAllByRole('button').map((one) => one.textContent)).toEqual(['Назад']);
});

// --- The door ---

test('too early (the phone ahead of the club): the server text and when the door opens, as information', async () => {
  renderGame(
    { 'GET /api/send/41/': fail(425, 'Игра начнётся в 12:10. Пожалуйста, подождите', DoorError.TooEarly) },
    soon,
  );
  await userEvent.click(button('Открыть дверь'));
  const notice = await screen.findByText('Игра начнётся в 12:10. Пожалуйста, подождите. Дверь откроется в 11:55.');
  expect(notice.getAttribute('role')).toBe('status');
  expect(notice.className).toBe('info');
  expect(toasts().queryByText(/Игра начнётся/)).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
});

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
  expect(server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '4821' }]);
  expect(screen.queryByRole('dialog')).toBeNull();
  // The game is on: the card says so and it can no longer be cancelled.
  expect(within(screen.getByRole('article', { name: 'Карточка игры' })).getByText('Идёт игра')).toBeTruthy();
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

// --- The door without the club's link (issue 15) ---

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

test('no answer at all, with the PIN kept on the phone: the same PIN view', async () => {
  keptPin(41, '482913');
  renderGame({ 'GET /api/send/41/': 'offline' }, soon);
  await userEvent.click(button('Открыть дверь'));
  const dialog = await pinView();
  expect(pinOnScreen(dialog)).toBe('482913');
  expect(within(dialog).getByText(messages.offlinePin)).toBeTruthy();
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

// The game page reads the club's clock itself: a phone clock that runs ahead must not lock the
// player out of a cancellation the server would accept.
test('cancel follows the club clock, not a phone clock that runs ahead', async () => {
  // The phone says 17:45 in Moscow, a quarter of an hour before the game; the club says 12:00.
  vi.setSystemTime(new Date('2026-11-23T14:45:00Z'));
  vi.resetModules(); // a visit whose clock is not known yet (the module keeps it once read)
  const fresh = {
    GamePage: (await import('../src/features/game/components/game-page')).GamePage,
    ToastProvider: (await import('../src/components/ui/toasts')).ToastProvider,
  };
  renderGame({}, tonight, fresh);
  await waitFor(() => expect(button('Отменить игру').disabled).toBe(false), { timeout: 500 });
});

// --- The door screen's QR, opened by a phone's camera: /game?door=<code> ---

function renderDoorLink(routes: Parameters<typeof fakeServer>[0], state: GameCardState | null) {
  server = fakeServer({ ...clubClock, ...routes });
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
});

test('on the card, ?door= opens the door modal with the code and sends it once: «Дверь открыта!»', async () => {
  renderDoorLink({ 'POST /api/recieve/': ok('ok') }, soon);
  expect(await toasts().findByText('Дверь открыта!')).toBeTruthy();
  expect(server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '0427' }]);
  expect(within(screen.getByRole('article', { name: 'Карточка игры' })).getByText('Идёт игра')).toBeTruthy();
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
  expect(server.callsTo('POST /api/recieve/').map((call) => call.body)).toEqual([{ qr_code: '0427' }]);
  expect(within(screen.getByRole('article', { name: 'Карточка игры' })).getByText('12:10–13:10')).toBeTruthy();
});

test('no game whose door is open now: it says so and sends nothing', async () => {
  renderDoorLink({ 'GET /api/my-orders/': ok([order(tonight)]) }, null);
  expect(await screen.findByText('Сейчас нет вашей игры, для которой открывается дверь')).toBeTruthy();
  expect(screen.getByText(/^Дверь открывается за 15 минут до начала вашей игры/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Перейти в «Мои игры»' })).toBeTruthy();
  expect(server.callsTo('POST /api/recieve/')).toEqual([]);
});
