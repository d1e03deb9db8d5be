import { BookingError, messages, type MyOrder } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { useCancelGame } from '../src/features/game/api/cancel-game';
import { useEndGame } from '../src/features/game/api/end-game';
import { useMyOrders } from '../src/features/profile/api/my-orders';
import { useOrderCourt } from '../src/features/reserve/api/order-court';
import { queryKeys } from '../src/lib/query-keys';
import { fail, fakeServer, ok, type FakeServer } from './support/fake-server';
import { queriesSettled, render, testQueryClient } from './support/render';

// Mutations refresh the answers they change: my games on screen are asked for again at once, the
// answers of other screens (a month's full days, a day's hours) are marked out of date, so the
// next screen that shows them asks again.
let server: FakeServer;
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  localStorage.clear();
});

const game = (id: number): MyOrder => ({
  id,
  date: `${20 + id} ноября 2026`,
  day_of_week: 'среда',
  time: '18:00',
  today: false,
  status: 'upcoming',
  name: 2,
  id_cort: 2,
  time_start: `2026-11-${20 + id}T18:00:00+03:00`,
  site_id: 'default',
  site_name: 'Основная площадка',
});

/** My games, on screen the whole time. */
function MyGames() {
  const orders = useMyOrders();
  return (
    <ul aria-label="Мои игры">
      {(orders.data ?? []).map((order) => (
        <li key={order.id}>{order.date}</li>
      ))}
    </ul>
  );
}

function Actions() {
  const order = useOrderCourt();
  const cancel = useCancelGame();
  const end = useEndGame();
  return (
    <>
      <button type="button" onClick={() => order.mutate({ idCort: 2, timeStart: '2026-11-25T18:00:00+03:00' })}>
        Забронировать
      </button>
      <button type="button" onClick={() => cancel.mutate({ idCort: 2, timeStart: '2026-11-25T18:00:00+03:00' })}>
        Отменить
      </button>
      <button type="button" onClick={() => end.mutate(5)}>
        Завершить
      </button>
    </>
  );
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Мои игры' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

/** Renders my games beside the actions, with November's full days and the 25th's hours already kept. */
async function renderWithGames(games: MyOrder[], routes: Parameters<typeof fakeServer>[0]) {
  server = fakeServer({ 'GET /api/my-orders/': ok(games), ...routes });
  render(
    <>
      <MyGames />
      <Actions />
    </>,
  );
  const client = testQueryClient();
  client.setQueryData(queryKeys.booking.bookedDays(2026, 11), { detail: [24] });
  client.setQueryData(queryKeys.booking.availableTimes('2026-11-25'), {
    reserved: [],
    reserved_hours_by_current_user: [],
  });
  await waitFor(() => expect(listed()).toEqual(games.map((one) => one.date)));
  return client;
}

const outOfDate = (key: readonly unknown[]) => testQueryClient().getQueryState(key)?.isInvalidated;

test('a booking refreshes my games, and marks the calendar and the hours out of date', async () => {
  const client = await renderWithGames([game(1)], {
    'POST /api/order-court/2/': { status: 200, body: { detail: messages.courtBooked, id: 5 } },
  });
  expect(outOfDate(queryKeys.booking.bookedDays(2026, 11))).toBe(false);
  server.answer('GET /api/my-orders/', ok([game(1), game(5)]));

  await userEvent.click(screen.getByRole('button', { name: 'Забронировать' }));
  await waitFor(() => expect(listed()).toEqual(['21 ноября 2026', '25 ноября 2026']));
  expect(server.callsTo('GET /api/my-orders/')).toHaveLength(2);
  expect(outOfDate(queryKeys.booking.bookedDays(2026, 11))).toBe(true);
  expect(outOfDate(queryKeys.booking.availableTimes('2026-11-25'))).toBe(true);
  // Nobody shows them now: they are asked for when next shown, not before.
  expect(server.callsTo('GET /api/booked_times/')).toHaveLength(0);
  expect(client.isFetching()).toBe(0);
});

test('a refused booking changes nothing: my games are not asked for again', async () => {
  await renderWithGames([game(1)], {
    'POST /api/order-court/2/': fail(409, messages.slotTaken, BookingError.SlotTaken),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Забронировать' }));
  await waitFor(() => expect(server.callsTo('POST /api/order-court/2/')).toHaveLength(1));
  await waitFor(() => expect(testQueryClient().isMutating()).toBe(0));
  await queriesSettled();
  expect(server.callsTo('GET /api/my-orders/')).toHaveLength(1);
  expect(outOfDate(queryKeys.booking.bookedDays(2026, 11))).toBe(false);
});

test('a cancelled game leaves my games, and its hour is freed in the calendar', async () => {
  await renderWithGames([game(1), game(5)], { 'POST /api/delete_order/2/': ok(messages.gameCancelled) });
  server.answer('GET /api/my-orders/', ok([game(1)]));
  await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
  await waitFor(() => expect(listed()).toEqual(['21 ноября 2026']));
  expect(outOfDate(queryKeys.booking.bookedDays(2026, 11))).toBe(true);
  expect(outOfDate(queryKeys.booking.availableTimes('2026-11-25'))).toBe(true);
});

test('an ended game leaves my games', async () => {
  await renderWithGames([game(1), game(5)], { 'GET /api/end/5/': ok(messages.gameEnded) });
  server.answer('GET /api/my-orders/', ok([game(1)]));
  await userEvent.click(screen.getByRole('button', { name: 'Завершить' }));
  await waitFor(() => expect(listed()).toEqual(['21 ноября 2026']));
  expect(server.callsTo('GET /api/my-orders/')).toHaveLength(2);
});
