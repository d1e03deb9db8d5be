import { BookingError, messages, RequestError } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { fail, ok } from './support/fake-server';
import {
  calendarReady,
  chooseCourtStep,
  chooseDay,
  confirmCourt,
  day,
  offeredHours,
  renderReserve,
  serveClub,
  server,
} from './support/reserve-screen';
import { render } from './support/render';

// /reserve under a fake API (support/reserve-screen.tsx); the waitlist and the no-show pause are in
// reserve-waitlist.test.tsx. The page keeps the club's clock for the visit: one clock per file.
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
});

test("the calendar opens on the club's month: past days are off, fully booked days are marked and open for the line", async () => {
  renderReserve();
  expect(await screen.findByRole('heading', { name: 'Ноябрь 2026' })).toBeTruthy();
  await calendarReady();
  expect(day('22 ноября 2026').disabled).toBe(true);
  expect(day('1 ноября 2026').disabled).toBe(true);
  expect(day('23 ноября 2026').disabled).toBe(false);
  const full = day('24 ноября 2026, вторник. Нет свободного времени, можно встать в очередь');
  expect(full.disabled).toBe(false);
  expect(full.className).toContain('is-unavailable');
  expect(day('25 ноября 2026').disabled).toBe(false);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Предыдущий месяц' }).disabled).toBe(true);
  expect(server.callsTo('GET /api/booked_times/').map((call) => call.query.toString())).toEqual(['month=11&year=2026']);
});

test("changing the month asks for that month's booked days and clears the chosen date", async () => {
  renderReserve();
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(day('25 ноября 2026').getAttribute('aria-pressed')).toBe('true');

  await userEvent.click(screen.getByRole('button', { name: 'Следующий месяц' }));
  expect(await screen.findByRole('heading', { name: 'Декабрь 2026' })).toBeTruthy();
  await waitFor(() => expect(server.callsTo('GET /api/booked_times/')).toHaveLength(2));
  expect(server.callsTo('GET /api/booked_times/')[1]?.query.toString()).toBe('month=12&year=2026');

  await userEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
  await calendarReady();
  expect(day('25 ноября 2026').getAttribute('aria-pressed')).toBe('false');
  expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
});

test("choosing today shows the dial: hours up to the club's current hour and taken hours are not offered", async () => {
  renderReserve({
    'GET /api/get-available-times/': { status: 200, body: { reserved: [15, 20], reserved_hours_by_current_user: [] } },
  });
  await chooseDay('23 ноября 2026');
  expect(screen.getByRole('heading', { name: 'Выберите время' })).toBeTruthy();
  expect(server.callsTo('GET /api/get-available-times/')[0]?.query.get('date')).toBe('2026-11-23');
  expect(offeredHours()).toEqual([13, 14, 16, 17, 18, 19, 21, 22, 23]);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(true);
});

test('another day offers every free hour from 6 to 23', async () => {
  renderReserve();
  await chooseDay('25 ноября 2026');
  expect(offeredHours()).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
});

test('18:00 then "Далее" asks which courts are busy at that hour; a busy court cannot be chosen', async () => {
  renderReserve({ 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [1] } } });
  await chooseCourtStep('25 ноября 2026', 18);
  expect(screen.getByText('ср, 25 ноября, 18:00–19:00')).toBeTruthy();
  expect(server.callsTo('GET /api/get_courts_status/').map((call) => call.query.toString())).toEqual([
    'date=2026-11-25&hour=18',
  ]);
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Корт 2' }).disabled).toBe(false));
  const busy = screen.getByRole<HTMLButtonElement>('button', { name: /^Корт 1/ });
  expect(busy.disabled).toBe(true);
  expect(busy.textContent).toBe('Корт 1 — занят');
});

test('booking court 2 at 18:00 on the 25th sends the Moscow instant and returns to my games', async () => {
  renderReserve({
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/2/': { status: 200, body: { detail: messages.courtBooked, id: 501 } },
  });
  await chooseCourtStep('25 ноября 2026', 18);
  await userEvent.click(await screen.findByRole('button', { name: 'Корт 2' }));
  // Choosing the court books nothing yet: the summary, then its one button.
  expect(await screen.findByRole('heading', { name: 'Проверьте бронирование' })).toBeTruthy();
  expect(server.callsTo('POST /api/order-court/2/')).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
  expect(server.callsTo('POST /api/order-court/2/').map((call) => call.body)).toEqual([
    { id_cort: 2, time_start: '2026-11-25T18:00:00+03:00', players_count: 2 },
  ]);
  expect(screen.getByText('Корт забронирован')).toBeTruthy();
});

test('the booking limit (418) reads "Ограничение по количеству бронирований"', async () => {
  renderReserve({
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/2/': fail(418, "I'm a teapot", BookingError.QuotaReached),
  });
  await confirmCourt('25 ноября 2026', 18, 'Корт 2');
  expect(await screen.findByText('Ограничение по количеству бронирований')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Проверьте бронирование' })).toBeTruthy();
});

test('a slot taken meanwhile (409) shows the server text and goes back to the time', async () => {
  renderReserve({
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/2/': fail(409, messages.slotTaken, BookingError.SlotTaken),
  });
  await confirmCourt('25 ноября 2026', 18, 'Корт 2');
  expect(await screen.findByText(messages.slotTaken)).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Выберите время' })).toBeTruthy();
});

test('"Назад" steps back: court → time → date → my games', async () => {
  renderReserve({ 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } } });
  await chooseCourtStep('25 ноября 2026', 18);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByRole('heading', { name: 'Выберите время' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByRole('heading', { name: 'Выберите дату' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
});

test('no court list shows the network-failure screen', async () => {
  renderReserve({ 'GET /api/get_courts/': 'offline' });
  expect(await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' })).toBeTruthy();
});

// Without the club's clock the dial cannot be drawn: the screen says so instead of loading for ever.
test('no club clock shows the network-failure screen instead of loading for ever', async () => {
  vi.resetModules(); // a visit whose clock is not known yet
  const { ReservePage: FreshReservePage } = await import('../src/features/reserve/components/reserve-page');
  serveClub({ 'GET /api/site_time/': fail(500, 'internal', RequestError.ServerError) });
  render(
    <MemoryRouter initialEntries={['/reserve']}>
      <FreshReservePage />
    </MemoryRouter>,
  );
  await waitFor(() => expect(server.callsTo('GET /api/site_time/')).toHaveLength(1));
  expect(
    await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' }, { timeout: 500 }),
  ).toBeTruthy();
});

// --- Limits before the last step, the summary, the desktop ---

test('the summary shows the day, hour and court with one confirm button; "Назад" returns to the courts', async () => {
  renderReserve({ 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } } });
  await chooseCourtStep('25 ноября 2026', 18);
  await userEvent.click(await screen.findByRole('button', { name: 'Корт 2' }));
  expect(await screen.findByRole('heading', { name: 'Проверьте бронирование' })).toBeTruthy();
  const summary = [...document.querySelectorAll('.booking-summary dt, .booking-summary dd')].map(
    (cell) => cell.textContent,
  );
  expect(summary).toEqual(['Дата', 'ср, 25 ноября', 'Время', '18:00–19:00', 'Корт', 'Корт 2']);
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Подтвердить бронирование',
    'Назад',
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByRole('heading', { name: 'Выберите корт' })).toBeTruthy();
});

const limited = ok({
  days: [
    { day: 25, reason: 'day' },
    { day: 26, reason: 'week' },
  ],
  upcoming_full: false,
});

test("the calendar marks the days the player's own limits refuse, with the reason, before any other step", async () => {
  renderReserve({ 'GET /api/booking_limits/': limited });
  await calendarReady();
  expect(server.callsTo('GET /api/booking_limits/').map((call) => call.query.toString())).toEqual([
    'year=2026&month=11',
  ]);
  expect(day('25 ноября 2026, среда. Уже есть игра в этот день')).toBeTruthy();
  expect(day('26 ноября 2026, четверг. Две игры на этой неделе')).toBeTruthy();
  expect(day('28 ноября 2026, суббота').getAttribute('aria-label')).toBe('28 ноября 2026, суббота');
  // The legend names both reasons under the month.
  const legend = document.querySelector('.month-calendar-legend')?.textContent ?? '';
  expect(legend).toContain('Уже есть игра в этот день');
  expect(legend).toContain('Две игры на этой неделе');
});

test('a limited day opens the dial with no hour offered and the reason; "Далее" stays off', async () => {
  renderReserve({
    'GET /api/booking_limits/': limited,
    'GET /api/get-available-times/': { status: 200, body: { reserved: [9], reserved_hours_by_current_user: [18] } },
  });
  await calendarReady();
  await userEvent.click(day('26 ноября 2026'));
  expect(await screen.findByText('Две игры на этой неделе', { selector: '.time-dial-empty' })).toBeTruthy();
  expect(screen.queryAllByRole('radio')).toEqual([]);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(true);
  expect(screen.getByRole('radiogroup').getAttribute('aria-describedby')).toBeTruthy();
  expect(document.querySelector('.reserve-sr-only:not(th *)')?.textContent).toContain(
    'Две игры на этой неделе: забронировать нельзя.',
  );
});

test('five games ahead: the booking screen says so instead of offering days', async () => {
  renderReserve({ 'GET /api/booking_limits/': ok({ days: [], upcoming_full: true }) });
  expect(
    await screen.findByText(
      'У вас уже 5 предстоящих игр: больше забронировать нельзя, пока одна из них не пройдёт или не будет отменена',
    ),
  ).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1, name: 'Новую игру пока не забронировать' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Выберите дату' })).toBeNull();
  expect(screen.queryByRole('grid')).toBeNull();
  expect(screen.getByRole('button', { name: 'К моим играм' })).toBeTruthy();
});

test('a desktop shows calendar, hours and booking side by side: the actions stand by what they act on', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 64rem)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  renderReserve({ 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Выберите дату' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Выберите время' })).toBeTruthy();
  await calendarReady();
  await userEvent.click(day('25 ноября 2026'));
  await screen.findAllByRole('radio');
  expect(screen.getByRole('grid')).toBeTruthy();
  expect(day('25 ноября 2026').getAttribute('aria-pressed')).toBe('true');
  await userEvent.click(screen.getByRole('radio', { name: '18:00, свободно' }));
  // «Далее» stands with the hours it acts on, not under the calendar.
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' });
  expect(next.disabled).toBe(false);
  expect(next.closest('.time-step')?.contains(screen.getByRole('radiogroup'))).toBe(true);
  expect(next.closest('.time-step')?.contains(screen.getByRole('grid'))).toBe(false);
  // The third column says what is chosen, then takes the courts and the summary: the calendar and the
  // dial stay beside them.
  const side = screen.getByRole('region', { name: 'Ваша бронь' });
  expect(side.textContent).toContain('ср, 25 ноября');
  expect(side.textContent).toContain('18:00–19:00');
  await userEvent.click(next);
  expect(await within(side).findByRole('heading', { level: 2, name: 'Выберите корт' })).toBeTruthy();
  expect(screen.getByRole('grid')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();
  await userEvent.click(await within(side).findByRole('button', { name: 'Корт 2' }));
  expect(await within(side).findByRole('heading', { level: 2, name: 'Проверьте бронирование' })).toBeTruthy();
  // Another hour on the dial goes back to choosing it.
  await userEvent.click(screen.getByRole('radio', { name: '19:00, свободно' }));
  expect(await within(side).findByText('19:00–20:00')).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(false);
});

// --- The hours as a list beside the dial ---

/** The list's row of an hour: '18:00–19:00, свободно'. */
const listed = (name: string | RegExp) =>
  within(screen.getByRole('region', { name: 'Часы списком' })).getByRole('button', { name });

test('the list of hours chooses as the dial does, and each follows the other', async () => {
  renderReserve({ 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } } });
  await chooseDay('25 ноября 2026');
  await userEvent.click(listed('18:00–19:00, свободно'));
  expect(listed(/^18:00/).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByRole('radio', { name: '18:00, свободно' }).getAttribute('aria-checked')).toBe('true');
  await userEvent.click(screen.getByRole('radio', { name: '19:00, свободно' }));
  expect(listed(/^19:00/).getAttribute('aria-pressed')).toBe('true');
  expect(listed(/^18:00/).getAttribute('aria-pressed')).toBe('false');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByText('ср, 25 ноября, 19:00–20:00')).toBeTruthy();
});

test("each row says its hour's state: taken (the line), closed with the reason, the player's own; only choosable rows are buttons", async () => {
  renderReserve({
    'GET /api/get-available-times/': {
      status: 200,
      body: { reserved: [10], reserved_hours_by_current_user: [19], closed: [{ hour: 14, reason: 'Турнир' }] },
    },
  });
  await chooseDay('23 ноября 2026');
  const list = screen.getByRole('region', { name: 'Часы списком' });
  const rows = [...list.querySelectorAll('li')].map((row) => row.textContent);
  // Today at 12:00: the hours gone by are not listed.
  expect(rows[0]).toBe('13:00–14:00, свободно');
  expect(rows).toContain('14:00–15:00, Закрыто: Турнир');
  expect(rows).toContain('19:00–20:00, ваша игра');
  expect(within(list).queryByRole('button', { name: /^14:00/ })).toBeNull();
  expect(within(list).queryByRole('button', { name: /^19:00/ })).toBeNull();
  expect(within(list).queryByRole('button', { name: /^10:00/ })).toBeNull();
});

test('a taken hour chosen in the list offers the line, as on the dial; a limited day says why once, not on each hour', async () => {
  renderReserve({
    'GET /api/booking_limits/': limited,
    'GET /api/get-available-times/': { status: 200, body: { reserved: [18], reserved_hours_by_current_user: [] } },
  });
  await chooseDay('27 ноября 2026');
  await userEvent.click(listed('18:00–19:00, занято, можно в очередь'));
  // Exactly one button joins: no row's name says what the join button says.
  expect(screen.getAllByRole('button', { name: /встать в очередь/i })).toHaveLength(1);
  expect(screen.getByText('18:00: все корты заняты')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  await userEvent.click(day('25 ноября 2026'));
  await screen.findByRole('heading', { name: 'Выберите время' });
  // Said once on screen, under the dial (and in the dial's description for a screen reader); no list
  // of 18 hours each saying it again.
  const said = screen.getAllByText(/уже есть игра в этот день/i);
  expect(said.filter((line) => !line.classList.contains('reserve-sr-only'))).toHaveLength(1);
  // The list keeps the one hour with something else to say (taken), not the 17 the quota refuses.
  const list = screen.getByRole('region', { name: 'Часы списком' });
  expect([...list.querySelectorAll('li')].map((row) => row.textContent)).toEqual(['18:00–19:00, занято']);
  expect(within(list).queryAllByRole('button')).toEqual([]);
});

// --- The booking horizon (docs/decisions/0017-booking-horizon.md) ---

test('days past the 90-day horizon are not offered, nor are months after its month', async () => {
  renderReserve();
  await calendarReady();
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Следующий месяц' });
  for (const title of ['Декабрь 2026', 'Январь 2027', 'Февраль 2027']) {
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  }
  // 23 November 2026 + 90 days = 21 February 2027, the last day open.
  await waitFor(() => expect(day('21 февраля 2027').disabled).toBe(false));
  const beyond = day('22 февраля 2027');
  expect(beyond.disabled).toBe(true);
  expect(beyond.getAttribute('aria-label')).toBe('22 февраля 2027, понедельник. Запись на этот день ещё не открыта');
  expect(next.disabled).toBe(true);
  expect(document.querySelector('.month-calendar-legend')?.textContent).toContain(messages.bookingBeyondHorizon);
  expect(server.callsTo('GET /api/booked_times/').map((call) => call.query.get('month'))).toEqual([
    '11',
    '12',
    '1',
    '2',
  ]);
});
