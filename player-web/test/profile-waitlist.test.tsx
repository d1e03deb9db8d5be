import { BookingError, messages } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fail, ok } from './support/fake-server';
import { clubClock, game, limits, loaded, place, profileScreen } from './support/profile-screen';

// /profile: my places in line and the offers of a court that came free.
const screens = profileScreen();
const renderProfile = screens.renderProfile;

test('a place in line shows its hour and position; «Выйти из очереди» asks, then leaves', async () => {
  renderProfile(ok([]), ok(false), limits(false), {
    'GET /api/waitlist/': ok([place(7)]),
    'DELETE /api/waitlist/7/': ok(messages.waitlistLeft),
  });
  const line = within(await screen.findByRole('region', { name: 'Очередь' }));
  expect(line.getByText('ср, 25 ноября, 12:00')).toBeTruthy();
  expect(line.getByText('Вы в очереди: 2-й')).toBeTruthy();
  await userEvent.click(line.getByRole('button', { name: 'Выйти из очереди' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Выйти из очереди?' }));
  expect(screens.server.callsTo('DELETE /api/waitlist/7/')).toEqual([]);
  screens.server.answer('GET /api/waitlist/', ok([]));
  await userEvent.click(dialog.getByRole('button', { name: 'Да, выйти' }));
  expect(await screen.findByText('Вы вышли из очереди')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Очередь' })).toBeNull());
  expect(screens.server.callsTo('DELETE /api/waitlist/7/')).toHaveLength(1);
});

test('an offer arrives while the page is open (asked every 30 s); «Подтвердить» makes it a game in my games', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([]), ok(false), limits(false), {
    ...clubClock,
    'POST /api/waitlist/8/confirm/': { status: 200, body: { detail: messages.holdConfirmed, id: 77 } },
  });
  await loaded();
  expect(screen.queryByText(/Корт освободился/)).toBeNull();
  expect(screens.server.callsTo('GET /api/waitlist/')).toHaveLength(1);

  const holdUntil = new Date(Date.now() + (14 * 60 + 5) * 1_000).toISOString();
  screens.server.answer(
    'GET /api/waitlist/',
    ok([place(8, { state: 'offered', position: 0, court: 2, court_name: 'Корт 2', hold_until: holdUntil })]),
  );
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  const offer = within(await screen.findByRole('article', { name: 'Корт освободился: 12:00, корт 2' }));
  expect(screens.server.callsTo('GET /api/waitlist/')).toHaveLength(2);
  expect(offer.getByText('ср, 25 ноября')).toBeTruthy();
  expect(offer.getByText(/^Осталось 14:0[45]$/)).toBeTruthy();

  screens.server.answer(
    'GET /api/my-orders/',
    ok([game(77, { time_start: '2026-11-25T12:00:00+03:00', time: '12:00', name: 2 })]),
  );
  screens.server.answer('GET /api/waitlist/', ok([]));
  vi.useRealTimers();
  await userEvent.click(offer.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText('Корт забронирован')).toBeTruthy();
  expect(await screen.findByRole('button', { name: /25 ноября/ })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('article', { name: /Корт освободился/ })).toBeNull());
});

test('while in line, my games asks every 10 s: the offer shows within seconds, not half a minute', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([]), ok(false), limits(false), { ...clubClock, 'GET /api/waitlist/': ok([place(7)]) });
  await screen.findByRole('region', { name: 'Очередь' });
  expect(screens.server.callsTo('GET /api/waitlist/')).toHaveLength(1);

  const holdUntil = new Date(Date.now() + 15 * 60_000).toISOString();
  screens.server.answer(
    'GET /api/waitlist/',
    ok([place(7, { state: 'offered', position: 0, court: 1, court_name: 'Корт 1', hold_until: holdUntil })]),
  );
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  await screen.findByRole('article', { name: 'Корт освободился: 12:00, корт 1' });
  expect(screens.server.callsTo('GET /api/waitlist/')).toHaveLength(2);
  vi.useRealTimers();
});

test("a hold that ran out before «Подтвердить» (410) shows the server's text", async () => {
  const holdUntil = new Date(Date.now() + 5 * 60_000).toISOString();
  renderProfile(ok([]), ok(false), limits(false), {
    ...clubClock,
    'GET /api/waitlist/': ok([
      place(8, { state: 'offered', position: 0, court: 1, court_name: 'Корт 1', hold_until: holdUntil }),
    ]),
    'POST /api/waitlist/8/confirm/': fail(410, messages.holdExpired, BookingError.HoldExpired),
  });
  const offer = within(await screen.findByRole('article', { name: 'Корт освободился: 12:00, корт 1' }));
  await userEvent.click(offer.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText(messages.holdExpired)).toBeTruthy();
});

test('a hold whose time is up on the phone says so, and «Подтвердить» is off', async () => {
  const holdUntil = new Date(Date.now() - 1_000).toISOString();
  renderProfile(ok([]), ok(false), limits(false), {
    ...clubClock,
    'GET /api/waitlist/': ok([
      place(8, { state: 'offered', position: 0, court: 1, court_name: 'Корт 1', hold_until: holdUntil }),
    ]),
  });
  const offer = within(await screen.findByRole('article', { name: 'Корт освободился: 12:00, корт 1' }));
  expect(await offer.findByText('Время на подтверждение вышло')).toBeTruthy();
  expect(offer.getByRole<HTMLButtonElement>('button', { name: 'Подтвердить' }).disabled).toBe(true);
  // The places are read again: the server has passed the court on.
  await waitFor(() => expect(screens.server.callsTo('GET /api/waitlist/').length).toBeGreaterThan(1));
});

test('a push notice leads to /profile?offer=<id>: that offer is brought into view, marked and focused', async () => {
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
  const holdUntil = new Date(Date.now() + 10 * 60_000).toISOString();
  const offered = (id: number, court: number) =>
    place(id, { state: 'offered', position: 0, court, court_name: `Корт ${court}`, hold_until: holdUntil });
  renderProfile(
    ok([]),
    ok(false),
    limits(false),
    { ...clubClock, 'GET /api/waitlist/': ok([offered(7, 1), offered(8, 2)]) },
    '/profile?offer=8',
  );
  const pointed = await screen.findByRole('article', { name: 'Корт освободился: 12:00, корт 2' });
  await waitFor(() => expect(document.activeElement).toBe(pointed));
  expect(pointed.className).toContain('is-pointed');
  expect(scrolled).toEqual([pointed]);
  expect(screen.getByRole('article', { name: 'Корт освободился: 12:00, корт 1' }).className).not.toContain(
    'is-pointed',
  );
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});
