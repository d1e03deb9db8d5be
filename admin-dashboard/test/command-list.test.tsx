import { DOOR_HELD_OPEN_MS } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { CommandList } from '../src/resources/commands/command-list';
import type { CommandRecord } from '../src/lib/records';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';

// Typing two dates through Material's inputs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

let serial = 0;
const command = (change: Partial<CommandRecord>): CommandRecord => ({
  id: `00000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`,
  action: 'door.open',
  device: 'door',
  requested_by: 7,
  requested_by_name: 'Анна Петрова',
  requested_at: '2026-11-24T16:50:00.000Z',
  deadline: '2026-11-24T16:50:30.000Z',
  status: 'done',
  error: null,
  finished_at: '2026-11-24T16:50:01.000Z',
  origin: 'api',
  offline: false,
  booking_id: 41,
  deliveries: 1,
  door_outcome: null,
  ...change,
});

const agent = (change: Partial<CommandRecord>) =>
  command({ origin: 'agent', requested_by: null, requested_by_name: null, ...change });

function renderLog(rows: CommandRecord[]) {
  server = fakeServer({
    'GET /api/admin/commands': ok(rows, { 'Content-Range': `commands 0-${rows.length - 1}/${rows.length}` }),
  });
  renderInAdmin(
    <ResourceContextProvider value="commands">
      <CommandList />
    </ResourceContextProvider>,
    { dataProvider },
  );
}

/** Each body row's cells as text, in the table's order. */
async function rowsOnScreen() {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  const rows = within(table).getAllByRole('row').slice(1);
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

test("the agent's rows read what happened, who did it and whether the link was down", async () => {
  renderLog([
    agent({ action: 'door.entry', offline: true, requested_at: '2026-11-24T16:30:00Z', finished_at: null }),
    agent({ action: 'door.pin-wrong', offline: true, booking_id: null, finished_at: null }),
    agent({ action: 'door.keypad-locked', offline: true, booking_id: null, finished_at: null }),
    agent({ action: 'door.not-opened', offline: false, finished_at: null }),
    agent({ action: 'door.held-open', offline: false, finished_at: null }),
    agent({ action: 'door.opened', offline: true, finished_at: null }),
    agent({ action: 'door.sensor', offline: true, booking_id: null, finished_at: null }),
    agent({ action: 'light.on', device: 'light', offline: true, finished_at: null }),
    agent({ action: 'light.off', device: 'light', offline: false, finished_at: null }),
    command({ action: 'light.on', device: 'light', requested_by_name: 'Админ Иван' }),
    command({ action: 'display.show', device: null, requested_by: null, requested_by_name: null }),
  ]);
  const rows = await rowsOnScreen();
  // Columns: when, action, device, who, status, error, finished.
  expect(rows.map((cells) => [cells[1], cells[3]])).toEqual([
    ['Вход без связибез связи', 'Агент'],
    ['Неверный код на экране у дверибез связи', 'Агент'],
    ['Экран у двери заблокированбез связи', 'Агент'],
    ['Замок открыт, но дверь не открыли', 'Агент'],
    [`Дверь открыта дольше ${DOOR_HELD_OPEN_MS / 1000} секунд`, 'Агент'],
    ['Дверь открылибез связи', 'Агент'],
    ['Датчик двери сработалбез связи', 'Агент'],
    ['Свет: включён по игребез связи', 'Агент'],
    ['Свет: выключен по расписанию', 'Агент'],
    ['Свет: включить', 'Админ Иван'],
    ['Экран: показать код', 'Система'],
  ]);
  expect(screen.getAllByText('без связи')).toHaveLength(6);
});

test("the agent's time without the API shows its period", async () => {
  renderLog([
    agent({
      action: 'agent.offline',
      device: null,
      offline: true,
      booking_id: null,
      requested_at: '2026-11-24T16:02:00.000Z',
      finished_at: '2026-11-24T16:40:00.000Z',
    }),
  ]);
  const [cells] = await rowsOnScreen();
  expect(cells?.[1]).toBe('Нет связи с агентом24.11.2026, 19:02 – 19:40');
  expect(screen.queryByText('без связи')).toBeNull();
});

test('an online door.entry and an action this dashboard does not know still read sensibly', async () => {
  renderLog([
    agent({ action: 'door.entry', offline: false, finished_at: null }),
    agent({ action: 'door.something-new', offline: false, finished_at: null }),
  ]);
  const rows = await rowsOnScreen();
  expect(rows.map((cells) => cells[1])).toEqual(['Вход по коду с экрана у двери', 'door.something-new']);
});

test('a door opening is one row that says what the door sensor saw after it', async () => {
  // The API folds the agent's door.opened / door.not-opened into the opening's row (door_outcome).
  renderLog([
    { ...command({ requested_at: '2026-11-24T16:52:00Z' }), door_outcome: 'door.not-opened' },
    { ...agent({ action: 'door.entry', offline: true }), door_outcome: 'door.opened' },
    command({ requested_by_name: 'Админ Иван', booking_id: null }),
  ]);
  const rows = await rowsOnScreen();
  expect(rows.map((cells) => [cells[1], cells[3], cells[4]])).toEqual([
    ['Дверь: открыть на времяЗамок открыт, но дверь не открыли', 'Анна Петрова', 'Выполнена'],
    ['Вход без связибез связиДверь открыли', 'Агент', 'Выполнена'],
    // An admin's opening with no game: no sensor verdict to show.
    ['Дверь: открыть на время', 'Админ Иван', 'Выполнена'],
  ]);
});

test("«С» and «По» are club days written дд.мм.гггг: the log is asked from the first day's start to the end of the last", async () => {
  renderLog([command({})]);
  await rowsOnScreen();
  const lastFilter = () =>
    JSON.parse(server.callsTo('GET /api/admin/commands').at(-1)!.query.get('filter') ?? '{}') as Record<string, string>;
  // Moscow's 24 November starts at 21:00Z the day before; «По» 25 November ends at the 26th's start.
  for (const [label, typed, asked] of [
    ['С', '24112026', { from: '2026-11-23T21:00:00.000Z' }],
    ['По', '25112026', { from: '2026-11-23T21:00:00.000Z', to: '2026-11-25T21:00:00.000Z' }],
  ] as const) {
    await userEvent.click(screen.getByRole('button', { name: 'Добавить фильтр' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: label }));
    const field = await screen.findByRole('textbox', { name: label });
    await userEvent.type(field, typed);
    expect((field as HTMLInputElement).value).toBe(`${typed.slice(0, 2)}.${typed.slice(2, 4)}.${typed.slice(4)}`);
    // The list asks again once the filter form has settled; the next filter is added after that, as a
    // person would, not into a form that is about to re-render under the typing.
    await waitFor(() => expect(lastFilter()).toMatchObject(asked));
  }
});
