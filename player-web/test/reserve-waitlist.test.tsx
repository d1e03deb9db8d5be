import { BookingError, messages } from '@kort/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { fail, ok, type Answer } from './support/fake-server';
import { chooseDay, confirmCourt, renderReserve, server } from './support/reserve-screen';

// /reserve: the line for a taken hour, and the pause for no-shows.
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
});

const takenAt = (hours: number[]): Answer => ({
  status: 200,
  body: { reserved: hours, reserved_hours_by_current_user: [] },
});

/** One of the player's places in line (GET /api/waitlist/). */
const place = (id: number, timeStart: string, position: number) => ({
  id,
  time_start: timeStart,
  date: '25 ноября 2026',
  time: timeStart.slice(11, 16),
  state: 'waiting',
  position,
  court: null,
  court_name: null,
  hold_until: null,
});

test('a taken hour on the dial offers «Встать в очередь»; joining says the position', async () => {
  renderReserve({
    'GET /api/get-available-times/': takenAt([15, 20]),
    'POST /api/waitlist/': { status: 200, body: { detail: messages.waitlistJoined, id: 31, position: 2 } },
  });
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('radio', { name: '15:00, занято, можно встать в очередь' }));
  expect(screen.getByText('15:00: все корты заняты')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();
  server.answer('GET /api/waitlist/', ok([place(31, '2026-11-25T15:00:00.000+03:00', 2)]));
  await userEvent.click(screen.getByRole('button', { name: 'Встать в очередь' }));
  expect(await screen.findByText(messages.waitlistJoined)).toBeTruthy();
  expect(await screen.findByText('Вы в очереди: 2-й')).toBeTruthy();
  expect(server.callsTo('POST /api/waitlist/').map((call) => call.body)).toEqual([
    { time_start: '2026-11-25T15:00:00+03:00' },
  ]);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Встать в очередь' }).disabled).toBe(true);
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: '15:00, занято, вы в очереди' }).getAttribute('aria-checked')).toBe(
      'true',
    ),
  );
  // A free hour is still a booking: "Далее" comes back.
  await userEvent.click(screen.getByRole('radio', { name: '18:00, свободно' }));
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(false);
});

test('an hour the player already waits for says so on the dial and under it', async () => {
  renderReserve({
    'GET /api/get-available-times/': takenAt([15, 20]),
    'GET /api/waitlist/': ok([place(5, '2026-11-25T20:00:00.000+03:00', 1)]),
  });
  await chooseDay('25 ноября 2026');
  await userEvent.click(await screen.findByRole('radio', { name: '20:00, занято, вы в очереди' }));
  expect(screen.getByText('Вы в очереди: 1-й')).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Встать в очередь' }).disabled).toBe(true);
});

test('a court freed meanwhile (409) says so, and the dial is asked again', async () => {
  renderReserve({
    'GET /api/get-available-times/': takenAt([15]),
    'POST /api/waitlist/': fail(409, messages.waitlistCourtFree, BookingError.WaitlistCourtFree),
  });
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('radio', { name: '15:00, занято, можно встать в очередь' }));
  server.answer('GET /api/get-available-times/', takenAt([]));
  await userEvent.click(screen.getByRole('button', { name: 'Встать в очередь' }));
  expect(await screen.findByText(messages.waitlistCourtFree)).toBeTruthy();
  expect(await screen.findByRole('radio', { name: '15:00, свободно' })).toBeTruthy();
  expect(server.callsTo('GET /api/get-available-times/')).toHaveLength(2);
});

test('paused for no-shows: one state instead of the calendar, until when, why, the club to call, the way back', async () => {
  renderReserve({
    'GET /api/booking_limits/': ok({ days: [], upcoming_full: false, paused_until: '2026-11-30T18:00:00.000+03:00' }),
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Запись приостановлена до 30.11.2026, 18:00' }),
  ).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Выберите дату' })).toBeNull();
  expect(screen.queryByRole('grid')).toBeNull();
  expect(screen.getByText(/после неявок/)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Контакты клуба' })).toBeTruthy();
  expect((await screen.findByRole('link', { name: '+7 900 000-00-00' })).getAttribute('href')).toBe('tel:+79000000000');
  await userEvent.click(screen.getByRole('button', { name: 'К моим играм' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
});

test('a link into the steps while paused shows the pause, not the steps', async () => {
  renderReserve(
    {
      'GET /api/booking_limits/': ok({ days: [], upcoming_full: false, paused_until: '2026-11-30T18:00:00.000+03:00' }),
      'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    },
    '/reserve?date=2026-11-25&hour=18',
  );
  expect(await screen.findByRole('heading', { name: /^Запись приостановлена/ })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Выберите корт' })).toBeNull();
});

test('a booking refused for no-shows (403) shows its detail, and the screen then says until when', async () => {
  const detail = 'Запись приостановлена из-за неявок до 30 ноября 2026, 18:00';
  renderReserve({
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/2/': fail(403, detail, BookingError.PausedForNoShows),
    // A no-show released meanwhile: the limits read after the refusal carry the pause.
    'GET /api/booking_limits/': () =>
      ok({
        days: [],
        upcoming_full: false,
        paused_until: server.callsTo('POST /api/order-court/2/').length > 0 ? '2026-11-30T18:00:00.000+03:00' : null,
      }),
  });
  await confirmCourt('25 ноября 2026', 18, 'Корт 2');
  expect(await screen.findByText(detail)).toBeTruthy();
  expect(await screen.findByText('Запись приостановлена до 30.11.2026, 18:00')).toBeTruthy();
});
