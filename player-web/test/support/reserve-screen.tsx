import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { ToastProvider } from '../../src/components/ui/toasts';
import { ReservePage } from '../../src/features/reserve/components/reserve-page';
import { clubRules, fakeServer, ok, type Answer, type FakeServer } from './fake-server';
import { render } from './render';

// The /reserve screen under a fake API, for reserve-page.test.tsx and reserve-waitlist.test.tsx. The
// club's clock says Monday 23 November 2026, 12:00 in Moscow (the phone's own clock plays no part).

/** The fake API of the last renderReserve (each test file checks its strays after each test). */
export let server: FakeServer;

export const club: Record<string, Answer> = {
  'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T09:00:00Z' }),
  'GET /api/get_courts/': ok([
    { id_cort: 1, name: 'Корт 1' },
    { id_cort: 2, name: 'Корт 2' },
  ]),
  'GET /api/booked_times/': ok([24, 27]),
  'GET /api/get-available-times/': { status: 200, body: { reserved: [], reserved_hours_by_current_user: [] } },
  'GET /api/booking_limits/': ok({ days: [], upcoming_full: false, paused_until: null }),
  'GET /api/waitlist/': ok([]),
  'GET /api/booking_rules/': clubRules(),
  'GET /api/give_contacts/': ok('Администратор клуба: +7 900 000-00-00'),
};

/** The club's fake API, `routes` over `club`'s answers, as `server`. */
export function serveClub(routes: Record<string, Answer> = {}): FakeServer {
  server = fakeServer({ ...club, ...routes });
  return server;
}

/** The router of the last renderReserve: its address, and the browser's back (`router.navigate(-1)`). */
export let router: ReturnType<typeof createMemoryRouter>;

/** /reserve (or `at`, an address with steps in it, as a reload or a shared link opens it). */
export function renderReserve(routes: Record<string, Answer> = {}, at = '/reserve') {
  serveClub(routes);
  router = createMemoryRouter(
    [
      { path: '/reserve', element: <ReservePage /> },
      { path: '/profile', element: <h1>Мои игры</h1> },
    ],
    { initialEntries: [at] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
}

/** The address's query now ('?date=2026-11-25&hour=18'). */
export const search = () => router.state.location.search;

export const day = (label: string) => screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(`^${label}`) });
/** Waits for the month's booked days (every day is off until they are in). */
export const calendarReady = () => waitFor(() => expect(day('30 ноября').disabled).toBe(false));
/** The free hours offered for a booking (taken ones are offered for the line, named "занято"). */
export const offeredHours = () =>
  screen.getAllByRole('radio', { name: /свободно$/ }).map((radio) => Number(radio.getAttribute('data-hour')));

export async function chooseDay(label: string) {
  await calendarReady();
  await userEvent.click(day(label));
  await screen.findAllByRole('radio');
}

export async function chooseCourtStep(label: string, hour: number) {
  await chooseDay(label);
  await userEvent.click(screen.getByRole('radio', { name: `${hour}:00, свободно` }));
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByRole('heading', { name: 'Выберите корт' })).toBeTruthy();
}

export async function confirmCourt(label: string, hour: number, court: string) {
  await chooseCourtStep(label, hour);
  await userEvent.click(await screen.findByRole('button', { name: court }));
  await userEvent.click(await screen.findByRole('button', { name: 'Подтвердить бронирование' }));
}
