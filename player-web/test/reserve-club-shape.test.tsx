import { BookingError, messages } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { clubRules, fail, ok, type Answer } from './support/fake-server';
import {
  calendarReady,
  chooseCourtStep,
  chooseDay,
  day,
  offeredHours,
  renderReserve,
  server,
} from './support/reserve-screen';

// /reserve in a club whose admins changed its shape (docs/admin-api.md: settings, courts, closures):
// its opening hours, quotas and horizon, a third court, closures with their reasons.
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
});

const hoursOf = (reserved: number[], closed?: { hour: number; reason: string }[]): Answer => ({
  status: 200,
  body: { reserved, reserved_hours_by_current_user: [], ...(closed && { closed }) },
});

const threeCourts = ok([
  { id_cort: 1, name: 'Корт 1' },
  { id_cort: 2, name: 'Корт 2' },
  { id_cort: 3, name: 'Корт 3' },
]);

test('a club open 8 to 22: the dial offers 8:00 to 21:00, says the hours, and 6, 7, 22, 23 are closed', async () => {
  renderReserve({
    'GET /api/booking_rules/': clubRules({ opening_hour: 8, closing_hour: 22 }),
    'GET /api/get-available-times/': hoursOf(
      [6, 7, 22, 23],
      [6, 7, 22, 23].map((hour) => ({ hour, reason: messages.clubClosedHours })),
    ),
  });
  await chooseDay('25 ноября 2026');
  expect(offeredHours()).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  // Not offered for the line either: nothing but free hours are radios, and no line is asked for.
  expect(screen.getAllByRole('radio')).toHaveLength(14);
  expect(server.callsTo('GET /api/waitlist/')).toEqual([]);
  expect(screen.getByText('Игры начинаются с 08:00 до 21:00')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Обозначения' })).getByText('Закрыто')).toBeTruthy();
});

test('a closure of the whole club shows its hours closed with the reason, under the dial and for a screen reader', async () => {
  renderReserve({
    'GET /api/get-available-times/': hoursOf(
      [10, 14, 15, 16],
      [14, 15, 16].map((hour) => ({ hour, reason: 'Турнир' })),
    ),
  });
  await chooseDay('25 ноября 2026');
  expect(offeredHours()).not.toContain(14);
  // 10:00 is taken by games: still a place in line. The closed hours are not.
  expect(screen.getByRole('radio', { name: '10:00, занято, можно встать в очередь' })).toBeTruthy();
  expect(screen.queryByRole('radio', { name: /^14:00/ })).toBeNull();
  expect(document.querySelector('.time-dial-closed')?.textContent).toBe('Закрыто: Турнир');
  // The list says it of each closed hour.
  expect(screen.getByRole('region', { name: 'Часы списком' }).textContent).toContain('14:00–15:00, Закрыто: Турнир');
  expect(document.querySelector('.time-dial .reserve-sr-only')?.textContent).toContain(
    'Закрыто: 14:00, 15:00, 16:00 (Турнир).',
  );
});

test('the caption follows the quota of games a day', async () => {
  renderReserve({ 'GET /api/booking_rules/': clubRules({ quota_per_day: 2 }) });
  await chooseDay('25 ноября 2026');
  expect(await screen.findByText('2 игры в сутки')).toBeTruthy();
  expect(screen.queryByText('Одна игра в сутки')).toBeNull();
});

test('while the rules are not read (or cannot be), the screen books as the spec says', async () => {
  renderReserve({ 'GET /api/booking_rules/': 'offline' });
  await chooseDay('25 ноября 2026');
  expect(offeredHours()).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
  expect(screen.getByText('Одна игра в сутки')).toBeTruthy();
  expect(screen.queryByText('Закрыто')).toBeNull();
});

test('a third court is offered; a court closed at that hour is off and says why instead of «занят»', async () => {
  renderReserve({
    'GET /api/get_courts/': threeCourts,
    'GET /api/get_courts_status/': {
      status: 200,
      body: { busy_courts: [1, 2], closed_courts: [{ id_cort: 2, reason: 'Ремонт покрытия' }] },
    },
    'POST /api/order-court/3/': { status: 200, body: { detail: messages.courtBooked, id: 77 } },
  });
  await chooseCourtStep('25 ноября 2026', 18);
  const third = await screen.findByRole<HTMLButtonElement>('button', { name: 'Корт 3' });
  await waitFor(() => expect(third.disabled).toBe(false));
  const closed = screen.getByRole<HTMLButtonElement>('button', { name: /^Корт 2\s*—\s*Закрыт: Ремонт покрытия$/ });
  expect(closed.disabled).toBe(true);
  expect(within(closed).getByText('Закрыт: Ремонт покрытия')).toBeTruthy();
  expect(closed.textContent).not.toContain('занят');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Корт 1\s*— занят$/ }).disabled).toBe(true);

  await userEvent.click(third);
  expect(within(document.querySelector('.booking-summary')!).getByText('Корт 3')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
  expect(server.callsTo('POST /api/order-court/3/').map((call) => call.body)).toEqual([
    { id_cort: 3, time_start: '2026-11-25T18:00:00+03:00', players_count: 2 },
  ]);
});

test("a booking refused inside a closure (409) shows the API's reason and goes back to the hours, asked again", async () => {
  const detail = 'В это время корт закрыт: Ремонт покрытия';
  renderReserve({
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/2/': fail(409, detail, BookingError.SlotClosed),
  });
  await chooseCourtStep('25 ноября 2026', 18);
  await userEvent.click(await screen.findByRole('button', { name: 'Корт 2' }));
  // The club closed 18:00 meanwhile: the dial, asked again, shows it closed.
  server.answer('GET /api/get-available-times/', hoursOf([18], [{ hour: 18, reason: 'Ремонт покрытия' }]));
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  expect(await screen.findByText(detail)).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Выберите время' })).toBeTruthy();
  await waitFor(() =>
    expect(document.querySelector('.time-dial-closed')?.textContent).toBe('Закрыто: Ремонт покрытия'),
  );
  expect(server.callsTo('GET /api/get-available-times/')).toHaveLength(2);
  expect(screen.queryByRole('radio', { name: /^18:00/ })).toBeNull();
  // The hour is chosen anew.
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(true);
});

test("a court taken out of booking meanwhile (409) shows the API's text and goes back to the courts, asked again", async () => {
  renderReserve({
    'GET /api/get_courts/': threeCourts,
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
    'POST /api/order-court/3/': fail(409, messages.courtInactive, BookingError.CourtInactive),
  });
  await chooseCourtStep('25 ноября 2026', 18);
  await userEvent.click(await screen.findByRole('button', { name: 'Корт 3' }));
  server.answer(
    'GET /api/get_courts/',
    ok([
      { id_cort: 1, name: 'Корт 1' },
      { id_cort: 2, name: 'Корт 2' },
    ]),
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Подтвердить бронирование' }));
  expect(await screen.findByText(messages.courtInactive)).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Выберите корт' })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Корт 3' })).toBeNull());
  expect(screen.getByRole('button', { name: 'Корт 2' })).toBeTruthy();
});

test('a place in line refused for a closed hour (409) shows the reason and asks the dial again', async () => {
  const detail = 'В это время клуб закрыт: Турнир';
  renderReserve({
    'GET /api/get-available-times/': hoursOf([15]),
    'POST /api/waitlist/': fail(409, detail, BookingError.SlotClosed),
  });
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('radio', { name: '15:00, занято, можно встать в очередь' }));
  server.answer('GET /api/get-available-times/', hoursOf([15], [{ hour: 15, reason: 'Турнир' }]));
  await userEvent.click(screen.getByRole('button', { name: 'Встать в очередь' }));
  expect(await screen.findByText(detail)).toBeTruthy();
  await waitFor(() => expect(document.querySelector('.time-dial-closed')?.textContent).toBe('Закрыто: Турнир'));
  expect(screen.queryByRole('radio', { name: /^15:00/ })).toBeNull();
});

test("the calendar's last day follows the club's horizon", async () => {
  renderReserve({ 'GET /api/booking_rules/': clubRules({ booking_horizon_days: 30 }) });
  await calendarReady();
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Следующий месяц' });
  await userEvent.click(next);
  expect(await screen.findByRole('heading', { name: 'Декабрь 2026' })).toBeTruthy();
  // 23 November 2026 + 30 days = 23 December 2026, the last day open.
  await waitFor(() => expect(day('23 декабря 2026').disabled).toBe(false));
  expect(day('24 декабря 2026').getAttribute('aria-label')).toBe(
    '24 декабря 2026, четверг. Запись на этот день ещё не открыта',
  );
  expect(next.disabled).toBe(true);
  expect(document.querySelector('.month-calendar-legend')?.textContent).toContain(
    'Записаться можно не больше чем на 30 дней вперёд',
  );
});

test("the quotas' texts follow the club's: games a day, a week, and ahead", async () => {
  renderReserve({
    'GET /api/booking_rules/': clubRules({ quota_per_day: 2, quota_per_week: 3 }),
    'GET /api/booking_limits/': ok({
      days: [
        { day: 25, reason: 'day' },
        { day: 26, reason: 'week' },
      ],
      upcoming_full: false,
      paused_until: null,
    }),
  });
  await calendarReady();
  await waitFor(() => expect(day('25 ноября 2026, среда. Уже 2 игры в этот день')).toBeTruthy());
  expect(day('26 ноября 2026, четверг. Уже 3 игры на этой неделе')).toBeTruthy();
});

test("games ahead at the club's limit: the screen says the club's number", async () => {
  renderReserve({
    'GET /api/booking_rules/': clubRules({ quota_upcoming: 3 }),
    'GET /api/booking_limits/': ok({ days: [], upcoming_full: true, paused_until: null }),
  });
  expect(
    await screen.findByText(
      'У вас уже 3 предстоящие игры: больше забронировать нельзя, пока одна из них не пройдёт или не будет отменена',
    ),
  ).toBeTruthy();
});
