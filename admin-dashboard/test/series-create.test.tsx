import { messages } from '@kort/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { SeriesCreate } from '../src/resources/series/series-create';
import type { Occurrence } from '../src/lib/records';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { court, courtsList, user } from './support/records';
import { renderPage } from './support/render';

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

// A form driven through Material's selects and dialogs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const player = (id: number, name: string, school: boolean) => user(id, { name, is_sport_school: school });

// 14:00Z is 17:00 at the club. Monday 7 and Wednesday 9 December, Monday 14 and Wednesday 16.
const occurrences: Occurrence[] = [
  { starts_at: '2026-12-07T14:00:00.000Z', conflict: null, detail: null },
  { starts_at: '2026-12-09T14:00:00.000Z', conflict: 'closure', detail: 'Турнир' },
  { starts_at: '2026-12-14T14:00:00.000Z', conflict: 'game', detail: messages.seriesGameThere },
  { starts_at: '2026-12-16T14:00:00.000Z', conflict: null, detail: null },
];

test('the term form lists every occurrence with what stands in its way, and the summary', async () => {
  server = fakeServer({
    // The users resource filters the schools (is_sport_school); anyone else would be offered otherwise.
    'GET /api/admin/users': ({ query }) => {
      const users = [player(7, 'Анна Петрова', false), player(9, 'СШ «Олимп»', true)];
      const filter = JSON.parse(query.get('filter') ?? '{}') as { is_sport_school?: boolean };
      const shown = users.filter(
        (user) => filter.is_sport_school === undefined || user.is_sport_school === filter.is_sport_school,
      );
      return ok(shown, { 'Content-Range': `users 0-${Math.max(shown.length - 1, 0)}/${shown.length}` });
    },
    'GET /api/admin/courts': courtsList([court(1), court(2), court(3, { active: false })]),
    'GET /api/admin/settings': ok([
      { id: 'opening_hour', value: '8', updated_at: null },
      { id: 'closing_hour', value: '22', updated_at: null },
    ]),
    'GET /api/admin/series/preview': ok(occurrences),
    'POST /api/admin/series': ({ body }) =>
      ok({ id: 3, user_name: 'СШ «Олимп»', booked: 2, skipped: 2, skips: [], ...(body as object) }),
  });
  renderPage({ resource: 'series', path: '/series/create', route: '/series/create' }, <SeriesCreate />, dataProvider);
  const preview = within(await screen.findByRole('region', { name: 'Занятия по расписанию' }));
  expect(preview.getByText(/Выберите школу, корт, дни недели/)).toBeTruthy();

  // Only the sport schools are offered; only the courts taking bookings; the club's hours.
  await userEvent.click(await screen.findByRole('combobox', { name: /^Спортивная школа/ }));
  expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
    'СШ «Олимп» (user9@example.ru)',
  ]);
  await userEvent.click(screen.getByRole('option', { name: 'СШ «Олимп» (user9@example.ru)' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Корт/ }));
  expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Корт 1', 'Корт 2']);
  await userEvent.click(screen.getByRole('option', { name: 'Корт 2' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Час/ }));
  const hours = (await screen.findAllByRole('option')).map((option) => option.textContent);
  expect([hours[0], hours.at(-1)]).toEqual(['08:00', '21:00']);
  await userEvent.click(screen.getByRole('option', { name: '17:00' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'пн' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'ср' }));
  fireEvent.change(screen.getByLabelText(/^Первый день/), { target: { value: '07.12.2026' } });
  fireEvent.change(screen.getByLabelText(/^Последний день/), { target: { value: '16.12.2026' } });

  expect(await preview.findByText('Будет забронировано 2, пропущено 2')).toBeTruthy();
  const rows = within(preview.getByRole('table', { name: 'Занятия по расписанию' }))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows.slice(1)).toEqual([
    ['пн, 7 декабря', '17:00', 'Свободно'],
    ['ср, 9 декабря', '17:00', 'ЗакрытиеТурнир'],
    ['пн, 14 декабря', '17:00', 'ЗанятоКорт занят игрой'],
    ['ср, 16 декабря', '17:00', 'Свободно'],
  ]);
  expect(Object.fromEntries(server.callsTo('GET /api/admin/series/preview').at(-1)!.query)).toEqual({
    user_id: '9',
    court_id: '2',
    weekdays: '1,3',
    hour: '17',
    starts_on: '2026-12-07',
    ends_on: '2026-12-16',
  });

  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('POST /api/admin/series')).toHaveLength(1));
  expect(server.callsTo('POST /api/admin/series')[0]?.body).toEqual({
    user_id: 9,
    court_id: 2,
    weekdays: [1, 3],
    hour: 17,
    starts_on: '2026-12-07',
    ends_on: '2026-12-16',
  });
  expect(await screen.findByText('Расписание создано: забронировано 2, пропущено 2')).toBeTruthy();
});
