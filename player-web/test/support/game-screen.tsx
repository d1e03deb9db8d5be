import { CLUB_RULE_DEFAULTS } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { ToastProvider } from '../../src/components/ui/toasts';
import { GamePage } from '../../src/features/game/components/game-page';
import type { GameCardState } from '../../src/lib/game-card';
import { loadSiteClock } from '../../src/lib/site-clock';
import { fakeServer, installDialogApi, ok, removeDialogApi, type FakeServer } from './fake-server';
import { render } from './render';

/**
 * The game card's screen in tests (game-page and game-door): Monday 23 November 2026, 12:00 in
 * Moscow on the phone and at the club alike, a fake API that fails a test on any call it was not
 * given, and the states of a game the tests start from.
 */
export const game = {
  /** The fake API of the current test (set by `renderGame`). */
  server: undefined as unknown as FakeServer,
};

/** Registers the screen's clock, dialogs and stray-call check around every test of the file. */
export function useGameScreen() {
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
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  });
  afterEach(() => {
    expect(game.server.strays).toEqual([]);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    removeDialogApi();
    localStorage.clear();
  });
}

export const tonight: GameCardState = {
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
export const soon: GameCardState = { ...tonight, gameId: 41, time: '12:10', timeStart: '2026-11-23T12:10:00+03:00' };
/** A game whose hour is on (11:30-12:30), its door not opened yet. */
export const onNow: GameCardState = { ...tonight, gameId: 41, time: '11:30', timeStart: '2026-11-23T11:30:00+03:00' };

/**
 * The club's clock (the same instant as the phone's in these tests, unless a test says otherwise)
 * and its rules (the door opens 15 minutes before the start).
 */
export const clubClock = {
  'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T09:00:00Z' }),
  'GET /api/booking_rules/': ok(CLUB_RULE_DEFAULTS),
};

/** /game with `state` in its navigation state, and /profile as a heading to come back to. */
export function renderGame(
  routes: Parameters<typeof fakeServer>[0],
  state: GameCardState | null = tonight,
  screens = { GamePage, ToastProvider },
) {
  game.server = fakeServer({ ...clubClock, ...routes });
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
export const actionsSent = () =>
  game.server.calls.filter((call) => call.path !== '/api/site_time/' && call.path !== '/api/booking_rules/');
export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The toasts' live region (the card's own notices are status regions too). */
export const toasts = () => {
  const region = document.querySelector<HTMLElement>('.toasts');
  if (!region) throw new Error('no toasts region');
  return within(region);
};
export const profileScreen = () => screen.findByRole('heading', { name: 'Мои игры' });
