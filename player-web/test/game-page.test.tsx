import { BookingError, CLUB_RULE_DEFAULTS, DoorError, messages, RequestError } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fail, ok } from './support/fake-server';
import {
  actionsSent,
  button,
  game,
  onNow,
  profileScreen,
  renderGame,
  soon,
  tonight,
  toasts,
  useGameScreen,
} from './support/game-screen';

// The game card: what it says, and the controls it offers at each point of a game's life.
useGameScreen();

test('the card shows weekday, date, the hour and court', () => {
  renderGame({});
  const card = within(screen.getByRole('article', { name: 'Карточка игры' }));
  expect(card.getByText('пн, 23 ноября')).toBeTruthy();
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
  expect(screen.getByText('пт, 27 ноября')).toBeTruthy();
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
  expect(await screen.findByText('ср, 25 ноября, 18:00, Грунт')).toBeTruthy();
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
  expect(game.server.callsTo('POST /api/delete_order/2/').map((call) => call.body)).toEqual([
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
  expect(confirm.getByText('пн, 23 ноября, 11:30, корт 2')).toBeTruthy();
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
  // The card follows the game's refetched state, which may come a moment after the toast.
  expect(await card.findByText('Игра завершена')).toBeTruthy();
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
