import { messages } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { ShelfGrid } from '../src/resources/shelves/shelf-grid';
import type { ShelfRecord } from '../src/lib/records';
import { fail, fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

const shelf = (id: number, change: Partial<ShelfRecord> = {}): ShelfRecord => ({
  id,
  kind: id >= 10 ? 'equipment' : 'shelf',
  status: 'free',
  is_blocked: false,
  renter_id: null,
  renter_name: null,
  rented_since: null,
  needs_clearing: false,
  relay_on: false,
  ...change,
});

const shelves = [
  shelf(1),
  shelf(2, { status: 'occupied', renter_id: 7, renter_name: 'Анна Петрова', rented_since: '2026-11-20T10:00:00Z' }),
  shelf(3, { status: 'blocked', is_blocked: true }),
  shelf(10, { status: 'on_loan', renter_id: 8, renter_name: 'Борис' }),
];

const card = (name: string) => within(screen.getByRole('group', { name }));

test('each shelf shows its state and its renter', () => {
  fakeServer({});
  renderInAdmin(<ShelfGrid shelves={shelves} ids={[1, 2, 3, 4]} />);
  expect(card('Ящик 1').getByText('Свободен')).toBeTruthy();
  expect(card('Ящик 2').getByText('Занят')).toBeTruthy();
  expect(card('Ящик 2').getByRole('link', { name: 'Анна Петрова' }).getAttribute('href')).toContain('/users/7/show');
  expect(card('Ящик 3').getByText('Заблокирован')).toBeTruthy();
  expect(card('Ящик 3').getByRole('button', { name: 'Разблокировать' })).toBeTruthy();
  expect(card('Ящик 1').getByRole('button', { name: 'Заблокировать' })).toBeTruthy();
  // A number the API did not list is still drawn, saying so.
  expect(card('Ящик 4').getByText('Нет данных')).toBeTruthy();
});

test('equipment 10 and 11 are the same cards, named by what they hold as players see it', () => {
  fakeServer({});
  renderInAdmin(<ShelfGrid shelves={shelves} ids={[10, 11]} names={{ 10: 'Ракетки', 11: 'Мячи' }} />);
  expect(card('Ракетки').getByText('Выдан')).toBeTruthy();
  expect(card('Ракетки').getByText('Борис')).toBeTruthy();
  expect(card('Ракетки').getByText('Отсек 10')).toBeTruthy();
  expect(card('Мячи').getByText('Отсек 11')).toBeTruthy();
});

test.each([
  ['Ящик 2', 'Открыть', 'GET /api/admin_open/', '2', messages.boxOpened, 'Ящик 2 открыт'],
  ['Ящик 2', 'Закрыть', 'GET /api/admin_close/', '2', messages.boxClosed, 'Ящик 2 закрыт'],
  [
    'Ящик 1',
    'Заблокировать',
    'GET /api/admin_block/',
    '1',
    messages.shelfBlocked,
    'Ящик 1 заблокирован: арендовать его нельзя',
  ],
  ['Ящик 3', 'Разблокировать', 'GET /api/admin_block/', '3', messages.shelfUnblocked, 'Ящик 3 разблокирован'],
  ['Ракетки', 'Открыть', 'GET /api/admin_open/', '10', messages.boxOpened, 'Ракетки: отсек открыт'],
])('%s: «%s» calls %s?shelf_id=%s and says what it did, to which', async (name, button, route, id, detail, notice) => {
  const server = fakeServer({ [route]: ok({ detail }) });
  const onChanged = vi.fn();
  renderInAdmin(<ShelfGrid shelves={shelves} ids={[1, 2, 3, 10]} onChanged={onChanged} names={{ 10: 'Ракетки' }} />);
  await userEvent.click(card(name).getByRole('button', { name: button }));
  expect(await screen.findByText(notice)).toBeTruthy();
  const calls = server.callsTo(route);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.query.get('shelf_id')).toBe(id);
  expect(calls[0]?.headers.get('X-CSRFToken')).toBe('test.token');
  expect(onChanged).toHaveBeenCalledTimes(1);
  expect(server.strays).toEqual([]);
});

test('a refused action shows the Russian reason and changes nothing', async () => {
  fakeServer({ 'GET /api/admin_open/': fail(503, messages.agentOffline) });
  const onChanged = vi.fn();
  renderInAdmin(<ShelfGrid shelves={shelves} ids={[1]} onChanged={onChanged} />);
  await userEvent.click(card('Ящик 1').getByRole('button', { name: 'Открыть' }));
  expect(await screen.findByText(messages.agentOffline)).toBeTruthy();
  expect(onChanged).not.toHaveBeenCalled();
});

/** The state chip's colour, as Material UI names it in its class. */
const chipColour = (name: string, text: string) =>
  /MuiChip-color(\w+)/.exec(card(name).getByText(text).closest('.MuiChip-root')?.className ?? '')?.[1];

test('each state has its own colour: free green, occupied blue, given out amber, blocked red', () => {
  fakeServer({});
  renderInAdmin(<ShelfGrid shelves={shelves} ids={[1, 2, 3, 10]} />);
  const colours = [
    chipColour('Ящик 1', 'Свободен'),
    chipColour('Ящик 2', 'Занят'),
    chipColour('Ящик 3', 'Заблокирован'),
    chipColour('Инвентарь 10', 'Выдан'),
  ];
  expect(colours).toEqual(['Success', 'Info', 'Error', 'Warning']);
});

test('each card says whether its lock is open or closed, and who rents it or that nobody does', () => {
  fakeServer({});
  // Shelf 1's list row says open; the live report (`locks`) says closed and wins. Shelf 2: the other way.
  const rows = [shelf(1, { relay_on: true }), ...shelves.slice(1), shelf(11)];
  renderInAdmin(<ShelfGrid shelves={rows} ids={[1, 2, 3, 10, 11]} locks={{ 1: false, 2: true }} />);
  expect(card('Ящик 1').getByText('Замок закрыт')).toBeTruthy();
  expect(card('Ящик 2').getByText('Замок открыт')).toBeTruthy();
  // No live report for 3: the list's relay state.
  expect(card('Ящик 3').getByText('Замок закрыт')).toBeTruthy();
  expect(card('Ящик 1').getByText('Никто не арендует')).toBeTruthy();
  expect(card('Ящик 2').getByText(/^Арендатор:/).textContent).toBe('Арендатор: Анна Петрова с 20.11.2026, 13:00');
  expect(card('Инвентарь 10').getByText(/^Взял:/).textContent).toBe('Взял: Борис');
  expect(card('Инвентарь 11').getByText('На месте, никто не взял')).toBeTruthy();
});
