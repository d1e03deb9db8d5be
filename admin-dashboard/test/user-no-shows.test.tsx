import { messages, type PlayerNoShows } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { Counters } from '../src/dashboard/counters';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { NoShowPause, UserNoShows } from '../src/resources/users/user-no-shows';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { user } from './support/records';

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const anna = user(7, { email: 'anna@example.ru' });

// 15:00Z is 18:00 at the club; 06:00Z is 09:00.
const twoNoShows: PlayerNoShows = {
  no_shows: [
    { booking_id: 41, court_id: 2, starts_at: '2026-11-22T15:00:00.000Z', forgiven: false },
    { booking_id: 40, court_id: 1, starts_at: '2026-11-20T06:00:00.000Z', forgiven: false },
    { booking_id: 30, court_id: 1, starts_at: '2026-10-02T15:00:00.000Z', forgiven: true },
  ],
  paused_until: '2026-11-29T15:05:00.000Z',
};

function render(ui: React.ReactNode, routes: Record<string, Answer>) {
  server = fakeServer(routes);
  renderInAdmin(<RecordContextProvider value={anna}>{ui}</RecordContextProvider>, { dataProvider });
}

/** The no-shows as listed: each line's text (the game, then «Прощена» or the button). */
async function linesOnScreen() {
  const list = await screen.findByRole('list', { name: 'Неявки' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

test("the player's no-shows: day, hour and court on the club's clock, which are forgiven, and the pause", async () => {
  render(<UserNoShows />, { 'GET /api/admin/users/7/no-shows': ok(twoNoShows) });
  expect(await linesOnScreen()).toEqual([
    'вс, 22 ноября в 18:00 · Корт 2Простить',
    'пт, 20 ноября в 09:00 · Корт 1Простить',
    'пт, 2 октября в 18:00 · Корт 1Прощена',
  ]);
  expect(screen.getAllByRole('button', { name: 'Простить' })).toHaveLength(2);
  expect(screen.getByText('Запись приостановлена до 29.11.2026, 18:05')).toBeTruthy();
});

test('a player who always came: said so, no pause', async () => {
  render(<UserNoShows />, { 'GET /api/admin/users/7/no-shows': ok({ no_shows: [], paused_until: null }) });
  expect(await screen.findByText('Неявок не было')).toBeTruthy();
  expect(screen.queryByText(/Запись приостановлена/)).toBeNull();
});

test('forgiving asks first, then the list and the pause are the answer of the forgiveness', async () => {
  const forgiven: PlayerNoShows = {
    no_shows: twoNoShows.no_shows.map((noShow) => (noShow.booking_id === 41 ? { ...noShow, forgiven: true } : noShow)),
    paused_until: null,
  };
  render(<UserNoShows />, {
    'GET /api/admin/users/7/no-shows': ok(twoNoShows),
    'POST /api/admin/users/7/no-shows/41/forgive': ok(forgiven),
  });
  await linesOnScreen();
  const first = screen.getAllByRole('listitem')[0]!;
  await userEvent.click(within(first).getByRole('button', { name: 'Простить' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Простить неявку?')).toBeTruthy();
  expect(
    dialog.getByText(/^вс, 22 ноября в 18:00 · Корт 2\. Неявка перестанет считаться для паузы записи/),
  ).toBeTruthy();
  expect(server.callsTo('POST /api/admin/users/7/no-shows/41/forgive')).toHaveLength(0);

  await userEvent.click(dialog.getByRole('button', { name: 'Простить' }));
  expect(await screen.findByText(messages.noShowForgiven)).toBeTruthy();
  await waitFor(async () =>
    expect(await linesOnScreen()).toEqual([
      'вс, 22 ноября в 18:00 · Корт 2Прощена',
      'пт, 20 ноября в 09:00 · Корт 1Простить',
      'пт, 2 октября в 18:00 · Корт 1Прощена',
    ]),
  );
  expect(screen.queryByText(/Запись приостановлена/)).toBeNull();
  const [call] = server.callsTo('POST /api/admin/users/7/no-shows/41/forgive');
  expect(call?.headers.get('X-CSRFToken')).toBe('test.token');
});

test("a refused forgiveness says the API's reason and shows the list as it is now", async () => {
  let forgivenElsewhere = false;
  render(<UserNoShows />, {
    'GET /api/admin/users/7/no-shows': () =>
      ok(forgivenElsewhere ? { ...twoNoShows, no_shows: twoNoShows.no_shows.slice(1) } : twoNoShows),
    'POST /api/admin/users/7/no-shows/41/forgive': () => {
      forgivenElsewhere = true;
      return fail(404, messages.noShowNotFound, 'admin.no_show_not_found');
    },
  });
  await linesOnScreen();
  await userEvent.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Простить' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Простить' }));
  expect(await screen.findByText(messages.noShowNotFound)).toBeTruthy();
  await waitFor(async () => expect(await linesOnScreen()).toHaveLength(2));
});

test('the profile says the pause and until when', async () => {
  render(<NoShowPause />, { 'GET /api/admin/users/7/no-shows': ok(twoNoShows) });
  expect(await screen.findByText('Запись приостановлена до 29.11.2026, 18:05')).toBeTruthy();
  expect(screen.getByText('Из-за неявок игрок не может записываться на новые игры.')).toBeTruthy();
});

test('the home page counts the no-shows of this week beside players and games', async () => {
  server = fakeServer({
    'GET /api/count_users/': ok({ detail: 12 }),
    'GET /api/count_games/': ok({ detail: 3 }),
    'GET /api/count_no_shows/': ok({ detail: 4 }),
  });
  renderInAdmin(<Counters />);
  const heading = await screen.findByRole('heading', { name: 'Неявок за неделю' });
  const card = heading.closest('.MuiCard-root') as HTMLElement;
  await within(card).findByText('4');
  expect(within(card).getByText('Игры этой недели, на которые не пришли')).toBeTruthy();
});
