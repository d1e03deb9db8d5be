import type { MyOrder, WaitlistPlace } from '@kort/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastProvider } from '../../src/components/ui/toasts';
import { ProfilePage } from '../../src/features/profile/components/profile-page';
import { clubRules, checkedServer, ok, type Answer, type FakeServer } from './fake-server';
import { render } from './render';

/**
 * /profile on a fake server: what profile-page.test.tsx and profile-waitlist.test.tsx share. Call
 * `profileScreen()` once at the top of a file; it checks after each test that nothing was asked that
 * the test did not answer.
 */
export function profileScreen() {
  const checked = checkedServer();
  return {
    get server(): FakeServer {
      return checked.server;
    },
    /** /profile with my games, the sport-school flag, the booking limits and more routes, at `path`. */
    renderProfile: (
      orders: Answer,
      sportSchool: Answer = ok(false),
      bookingLimits: Answer = limits(false),
      more: Record<string, Answer> = {},
      path = '/profile',
    ) => {
      checked.start({
        'GET /api/my-orders/': orders,
        'GET /api/sport_school/': sportSchool,
        'GET /api/give_contacts/': ok('Администратор клуба: +7 (999) 111-22-33'),
        'GET /api/booking_limits/': bookingLimits,
        'GET /api/waitlist/': ok([]),
        'GET /api/booking_rules/': clubRules(),
        ...more,
      });
      render(
        <MemoryRouter initialEntries={[path]}>
          <ToastProvider>
            <Routes>
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/game" element={<GameRoute />} />
              <Route path="/reserve" element={<h1>Бронирование</h1>} />
            </Routes>
            <AddressSpy />
          </ToastProvider>
        </MemoryRouter>,
      );
    },
  };
}

let address = '';
/** The address of the screen now, as its router has it ('/profile?payment=3'). */
export const currentAddress = () => address;
function AddressSpy() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

function GameRoute() {
  return <pre aria-label="Состояние игры">{JSON.stringify(useLocation().state)}</pre>;
}

export const game = (id: number, overrides: Partial<MyOrder> = {}): MyOrder => ({
  id,
  date: `${20 + id} ноября 2026`,
  day_of_week: 'среда',
  time: '18:00',
  today: false,
  status: 'upcoming',
  name: 1,
  id_cort: 1,
  time_start: `2026-11-${20 + id}T18:00:00+03:00`,
  site_id: 'default',
  site_name: 'Основная площадка',
  ...overrides,
});
export const games = (count: number) => Array.from({ length: count }, (_, index) => game(index + 1));

/** GET /api/booking_limits/: the server's own count of games ahead (a sport school is never full). */
export const limits = (upcomingFull: boolean, pausedUntil: string | null = null) =>
  ok({ days: [], upcoming_full: upcomingFull, paused_until: pausedUntil });

/** Waits until all three answers are in (the contacts are asked for last). */
export const loaded = () => screen.findByRole('link', { name: '+7 (999) 111-22-33' });
export const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Забронировать игру' });

/** One of the player's places in line (GET /api/waitlist/). */
export const place = (id: number, overrides: Partial<WaitlistPlace> = {}): WaitlistPlace => ({
  id,
  time_start: '2026-11-25T12:00:00.000+03:00',
  date: '25 ноября 2026',
  time: '12:00',
  state: 'waiting',
  position: 2,
  court: null,
  court_name: null,
  hold_until: null,
  ...overrides,
});
/** The club's clock as the phone's: the hold's countdown is the server's. */
export const clubClock = {
  'GET /api/site_time/': () => ok({ time_zone: 'Europe/Moscow', now: new Date().toISOString() }),
};
