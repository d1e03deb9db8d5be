import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import type { Answer } from './support/fake-server';
import { chooseCourtStep, day, renderReserve, router, search, server } from './support/reserve-screen';

// /reserve's steps in the address (support/reserve-screen.tsx; the club's clock says Monday 23
// November 2026, 12:00 in Moscow): the phone's back goes one step back, a reload or a shared link
// resumes, and an address that cannot be shown falls back to the nearest step that can.
afterEach(() => expect(server.strays).toEqual([]));

const freeCourts: Record<string, Answer> = {
  'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
};
const browserBack = () => act(() => router.navigate(-1));
const heading = (name: string) => screen.findByRole('heading', { name });
const dialHour = (hour: number) =>
  screen.getByRole('radio', { name: new RegExp(`^${String(hour).padStart(2, '0')}:00,`) });

test('each step is in the address, and the browser back goes one step back with the choices kept', async () => {
  renderReserve(freeCourts);
  expect(search()).toBe('');
  await chooseCourtStep('25 ноября 2026', 18);
  expect(search()).toBe('?date=2026-11-25&hour=18');
  await userEvent.click(await screen.findByRole('button', { name: 'Корт 2' }));
  expect(await heading('Проверьте бронирование')).toBeTruthy();
  expect(search()).toBe('?date=2026-11-25&hour=18&court=2');

  await browserBack();
  expect(await heading('Выберите корт')).toBeTruthy();
  await browserBack();
  expect(await heading('Выберите время')).toBeTruthy();
  expect(search()).toBe('?date=2026-11-25');
  // The hour is still chosen: «Далее» goes straight on.
  expect(dialHour(18).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(false);
  await browserBack();
  expect(await heading('Выберите дату')).toBeTruthy();
  expect(search()).toBe('');
  expect(day('25 ноября 2026').getAttribute('aria-pressed')).toBe('true');
});

test('a reload at ?date&hour resumes at the courts of that hour; «Назад» leads to its dial, the hour chosen', async () => {
  renderReserve(freeCourts, '/reserve?date=2026-11-25&hour=18');
  expect(await heading('Выберите корт')).toBeTruthy();
  expect(screen.getByText('ср, 25 ноября, 18:00–19:00')).toBeTruthy();
  await waitFor(() => expect(server.callsTo('GET /api/get_courts_status/')).toHaveLength(1));
  expect(server.callsTo('GET /api/get_courts_status/')[0]?.query.toString()).toBe('date=2026-11-25&hour=18');

  // No step before it in this tab's history: «Назад» goes up one step, not out of the page.
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await heading('Выберите время')).toBeTruthy();
  expect(search()).toBe('?date=2026-11-25');
  expect(dialHour(18).getAttribute('aria-checked')).toBe('true');
});

test('a shared link to the summary opens it with the court named', async () => {
  renderReserve(freeCourts, '/reserve?date=2026-11-25&hour=18&court=2');
  expect(await heading('Проверьте бронирование')).toBeTruthy();
  expect(screen.getByText('Корт 2')).toBeTruthy();
  expect(screen.getByText('18:00–19:00')).toBeTruthy();
});

test.each([
  ['an impossible date', '/reserve?date=2026-02-30&hour=18', 'Выберите дату', ''],
  ['a date gone by', '/reserve?date=2026-11-20', 'Выберите дату', ''],
  ['a date past the booking horizon', '/reserve?date=2027-06-01', 'Выберите дату', ''],
  ['words for a date', '/reserve?date=tomorrow', 'Выберите дату', ''],
  ['an hour that is no hour', '/reserve?date=2026-11-25&hour=abc', 'Выберите время', '?date=2026-11-25'],
  ['an hour outside the dial', '/reserve?date=2026-11-25&hour=3', 'Выберите время', '?date=2026-11-25'],
  ['an hour already past today', '/reserve?date=2026-11-23&hour=9', 'Выберите время', '?date=2026-11-23'],
  [
    'a court the club does not have',
    '/reserve?date=2026-11-25&hour=18&court=9',
    'Выберите корт',
    '?date=2026-11-25&hour=18',
  ],
])('%s falls back to the nearest step that can be shown', async (_, at, title, fallback) => {
  renderReserve(freeCourts, at);
  expect(await heading(title)).toBeTruthy();
  await waitFor(() => expect(search()).toBe(fallback));
});

test('a link to an hour taken on every court opens its dial with the hour chosen and the line offered', async () => {
  renderReserve(
    { 'GET /api/get-available-times/': { status: 200, body: { reserved: [18], reserved_hours_by_current_user: [] } } },
    '/reserve?date=2026-11-25&hour=18',
  );
  expect(await heading('Выберите время')).toBeTruthy();
  await waitFor(() => expect(search()).toBe('?date=2026-11-25'));
  expect(dialHour(18).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('button', { name: 'Встать в очередь' })).toBeTruthy();
  expect(server.callsTo('GET /api/get_courts_status/')).toEqual([]);
});

test('a link to a court taken meanwhile opens the courts of that hour', async () => {
  renderReserve(
    { 'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [2] } } },
    '/reserve?date=2026-11-25&hour=18&court=2',
  );
  expect(await heading('Выберите корт')).toBeTruthy();
  await waitFor(() => expect(search()).toBe('?date=2026-11-25&hour=18'));
});
