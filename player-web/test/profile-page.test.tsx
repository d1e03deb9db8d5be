import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { clubRules, ok } from './support/fake-server';
import { addButton, game, games, limits, loaded, profileScreen } from './support/profile-screen';

// /profile: my games, the add button and its limits, no-shows and the pause.
const screens = profileScreen();
const renderProfile = screens.renderProfile;

test("my games are listed with the day ('пн, 23 ноября'), time and court; today is marked; next year's day has its year", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  try {
    renderProfile(
      ok([
        game(1, { time_start: '2026-11-23T18:00:00+03:00', time: '18:00', name: 2, today: true }),
        game(2, { time_start: '2026-11-25T07:00:00+03:00', time: '07:00', name: 1 }),
        game(3, { time_start: '2027-01-04T06:00:00+03:00', time: '06:00', name: 1 }),
      ]),
    );
    await loaded();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'пн, 23 ноября18:00Корт 2Сегодня',
      'ср, 25 ноября07:00Корт 1',
      'пн, 4 января 202706:00Корт 1',
    ]);
  } finally {
    vi.useRealTimers();
  }
});

test('no games: a hint, and booking is allowed', async () => {
  renderProfile(ok([]));
  expect(await screen.findByText(/У вас пока нет игр/)).toBeTruthy();
  expect(addButton().disabled).toBe(false);
});

const fullText =
  'У вас уже 5 предстоящих игр: больше забронировать нельзя, пока одна из них не пройдёт или не будет отменена';

test('with 5 upcoming games (the server counts them) the add button is off and says why', async () => {
  renderProfile(ok(games(5)), ok(false), limits(true));
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(true));
  const reason = screen.getByText(fullText);
  expect(addButton().getAttribute('aria-describedby')).toBe(reason.id);
});

test('a game ended early still counts until its hour is over, as the server counts it', async () => {
  // Four ahead and one ended today: the list alone would allow a fifth; the server does not.
  renderProfile(ok([...games(4), game(9, { status: 'over', today: true })]), ok(false), limits(true));
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(true));
  expect(screen.getByText(fullText)).toBeTruthy();
});

test("without the server's count, the games not over yet are counted", async () => {
  renderProfile(ok(games(5)), ok(false), 'offline');
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(true));
  expect(screen.getByText(fullText)).toBeTruthy();
});

test('a sport school may add a game even with 5', async () => {
  renderProfile(ok(games(5)), ok(true));
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(false));
  expect(screen.queryByText(fullText)).toBeNull();
});

test('a game in progress and a finished one say so instead of "Сегодня"', async () => {
  renderProfile(
    ok([
      game(1, { date: '23 ноября 2026', time: '10:00', today: true, status: 'over' }),
      game(2, { date: '23 ноября 2026', time: '12:00', today: true, status: 'playing' }),
      game(3, { date: '23 ноября 2026', time: '20:00', today: true }),
    ]),
  );
  await loaded();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items.map((item) => item.querySelector('.badge')?.textContent)).toEqual([
    'Игра завершена',
    'Идёт игра',
    'Сегодня',
  ]);
});

test('with 4 games the add button is on and leads to /reserve', async () => {
  renderProfile(ok(games(4)));
  await loaded();
  expect(addButton().disabled).toBe(false);
  await userEvent.click(addButton());
  expect(await screen.findByRole('heading', { name: 'Бронирование' })).toBeTruthy();
});

test('a game opens /game with the card in the navigation state', async () => {
  renderProfile(
    ok([
      game(7, {
        date: '23 ноября 2026',
        day_of_week: 'понедельник',
        time: '18:00',
        today: true,
        name: 2,
        id_cort: 2,
        time_start: '2026-11-23T18:00:00+03:00',
      }),
    ]),
  );
  await userEvent.click(await screen.findByRole('button', { name: /23 ноября/ }));
  const state: unknown = JSON.parse((await screen.findByLabelText('Состояние игры')).textContent ?? '');
  expect(state).toEqual({
    gameId: 7,
    date: '23 ноября 2026',
    weekday: 'понедельник',
    time: '18:00',
    active: true,
    court: 2,
    idCort: 2,
    timeStart: '2026-11-23T18:00:00+03:00',
    status: 'upcoming',
  });
});

test('no answer for my games shows the network-failure screen; "Повторить" loads again', async () => {
  renderProfile('offline');
  expect(await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' })).toBeTruthy();
  screens.server.answer('GET /api/my-orders/', ok([game(1)]));
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('сб, 21 ноября')).toBeTruthy();
});

test("today's offline PIN goes to the phone's storage, not on screen", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  try {
    renderProfile(
      ok([
        game(3, { today: true, time_start: '2026-11-23T18:00:00+03:00', offline_pin: '305917' }),
        game(5, { time_start: '2026-11-25T18:00:00+03:00' }),
      ]),
    );
    await loaded();
    expect(screen.queryByText(/305917/)).toBeNull();
    expect(JSON.parse(localStorage.getItem('kort.offline-pins') ?? '')).toEqual({
      3: { pin: '305917', start: '2026-11-23T18:00:00+03:00', court: 'Корт 1' },
    });
  } finally {
    vi.useRealTimers();
    localStorage.clear();
  }
});

// --- No-shows and the pause (the waitlist: profile-waitlist.test.tsx) ---

test('a game released as a no-show reads «Неявка» and does not count against the games ahead', async () => {
  renderProfile(
    ok([...games(4), game(9, { date: '23 ноября 2026', time: '10:00', today: true, status: 'no_show' })]),
    ok(false),
    'offline',
  );
  await loaded();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items[4]?.querySelector('.badge')?.textContent).toBe('Неявка');
  await waitFor(() => expect(addButton().disabled).toBe(false));
});

const pausedLimits = (noShows: { date: string; time: string; court: number; court_name?: string }[]) =>
  ok({ days: [], upcoming_full: false, paused_until: '2026-11-30T18:00:00.000+03:00', no_shows: noShows });

test("paused for no-shows: one block says until when, which games, the rule in the club's numbers, whom to call", async () => {
  renderProfile(
    ok(games(1)),
    ok(false),
    pausedLimits([
      { date: '20 ноября 2026', time: '18:00', court: 2 },
      { date: '23 ноября 2026', time: '10:00', court: 3, court_name: 'Грунт' },
    ]),
    { 'GET /api/booking_rules/': clubRules({ no_show_after_min: 21, no_show_pause_days: 3 }) },
  );
  const block = within(
    (await screen.findByRole('heading', { name: 'Запись приостановлена до 30.11.2026, 18:00' })).closest('section')!,
  );
  expect(block.getByText('Из-за неявок на игры:')).toBeTruthy();
  expect(block.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '20 ноября 2026, 18:00, корт 2',
    '23 ноября 2026, 10:00, Грунт',
  ]);
  expect(
    await block.findByText(
      /^Неявка — когда дверь не открыли в течение 21 минуты после начала игры\. 2 неявки за 30 дней приостанавливают запись на 3 дня\./,
    ),
  ).toBeTruthy();
  // The club's contacts are in the block, tappable; not a second time below.
  expect(block.getByRole('link', { name: '+7 (999) 111-22-33' })).toBeTruthy();
  expect(screen.getAllByRole('link', { name: '+7 (999) 111-22-33' })).toHaveLength(1);
  // One state: no invitation to book, no add button.
  expect(screen.queryByRole('button', { name: 'Забронировать игру' })).toBeNull();
  expect(screen.queryByText(/Забронируйте корт/)).toBeNull();
});

test('paused with no games ahead: no «Забронируйте корт на удобное время» above the pause', async () => {
  renderProfile(ok([]), ok(false), pausedLimits([{ date: '20 ноября 2026', time: '18:00', court: 2 }]));
  expect(await screen.findByRole('heading', { name: /Запись приостановлена до/ })).toBeTruthy();
  expect(await screen.findByText('Из-за неявки на игру:')).toBeTruthy();
  expect(screen.queryByText(/У вас пока нет игр/)).toBeNull();
});

// --- The club's shape (docs/admin-api.md): its limit of games ahead, a sport school's term ---

test("without the server's count, the add button follows the club's limit of games ahead", async () => {
  renderProfile(ok(games(3)), ok(false), 'offline', { 'GET /api/booking_rules/': clubRules({ quota_upcoming: 3 }) });
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(true));
  expect(
    screen.getByText(
      'У вас уже 3 предстоящие игры: больше забронировать нельзя, пока одна из них не пройдёт или не будет отменена',
    ),
  ).toBeTruthy();
});

test("a club that allows more games ahead: the add button stays on past the spec's 5", async () => {
  renderProfile(ok(games(5)), ok(false), 'offline', { 'GET /api/booking_rules/': clubRules({ quota_upcoming: 8 }) });
  await loaded();
  await waitFor(() => expect(addButton().disabled).toBe(false));
  expect(screen.queryByText(/предстоящ/)).toBeNull();
});

test("a sport school's games booked by its term show the term's label; its other games do not", async () => {
  const label = 'Расписание школы: пн, ср в 17:00';
  renderProfile(
    ok([
      game(1, { time_start: '2026-11-23T17:00:00+03:00', time: '17:00', series: { id: 4, label } }),
      game(2, { time_start: '2026-11-24T12:00:00+03:00', time: '12:00' }),
      game(3, { time_start: '2026-11-25T17:00:00+03:00', time: '17:00', series: { id: 4, label } }),
    ]),
    ok(true),
  );
  await loaded();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    `пн, 23 ноября17:00Корт 1${label}`,
    'вт, 24 ноября12:00Корт 1',
    `ср, 25 ноября17:00Корт 1${label}`,
  ]);
  expect(within(items[0]!).getByText(label)).toBeTruthy();
});

test("a court the club named shows by its name in my games and on the game card; the seed's by number", async () => {
  renderProfile(ok([game(1, { name: 3, id_cort: 3, court_name: 'Грунт' }), game(2)]), ok(false));
  await loaded();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['сб, 21 ноября18:00Грунт', 'вс, 22 ноября18:00Корт 1']);
  await userEvent.click(within(items[0]!).getByRole('button'));
  const state = JSON.parse((await screen.findByLabelText('Состояние игры')).textContent ?? '{}') as Record<
    string,
    unknown
  >;
  expect(state).toMatchObject({ court: 3, courtName: 'Грунт', idCort: 3 });
});
