import { messages } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, useList } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { BookingDayGrid } from '../src/resources/bookings/booking-day-grid';
import type { BookingRecord } from '../src/lib/records';
import { fail, fakeServer, ok, type Answer } from './support/fake-server';
import { court, game, user } from './support/records';
import { renderInAdmin } from './support/render';

// A day of two courts' buttons and a dialog typed into: seconds when the whole suite runs at once.
vi.setConfig({ testTimeout: 20_000 });

// A day well ahead, on the club's clock (Moscow): its hours are still bookable.
const DAY = '2030-01-15';
const anna = user(7, { name: 'Анна Петрова', email: 'anna@example.ru', phone_number: '+79123456789' });

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

function Grid({ data }: { data: BookingRecord[] }) {
  const list = useList({ data });
  return (
    <ListContextProvider value={list}>
      <BookingDayGrid zone="Europe/Moscow" day={DAY} courts={[court(1), court(2)]} closures={[]} />
    </ListContextProvider>
  );
}

function serve(booking: Answer) {
  return fakeServer({
    'GET /api/admin/users': ok([anna], { 'Content-Range': 'users 0-0/1' }),
    'POST /api/admin/bookings': booking,
  });
}

/** Opens the 18:00 hour of court 1 and picks Анна by what the desk types. */
async function pickAnna() {
  await userEvent.click(screen.getByRole('button', { name: 'Записать игрока: Корт 1, 18:00' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Записать игрока на корт' }));
  expect(dialog.getByText('Корт 1 · вт, 15 января 2030 в 18:00')).toBeTruthy();
  await userEvent.type(dialog.getByRole('combobox', { name: 'Игрок' }), 'анна');
  await userEvent.click(await screen.findByRole('option', { name: /Анна Петрова/ }));
  return dialog;
}

test('an empty hour books for a player found by name: the call, then the notice', async () => {
  const created = game(40, { starts_at: '2030-01-15T15:00:00.000Z', ends_at: '2030-01-15T16:00:00.000Z' });
  const server = serve({ status: 201, body: created });
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await pickAnna();
  // The search asked the API for active players only.
  const search = JSON.parse(server.callsTo('GET /api/admin/users').at(-1)!.query.get('filter')!) as unknown;
  expect(search).toEqual({ q: 'анна', status: 'active', role: 'player' });
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect(await screen.findByText('Корт забронирован: Анна Петрова, Корт 1, вт, 15 января 2030 в 18:00')).toBeTruthy();
  const [call] = server.callsTo('POST /api/admin/bookings');
  expect(call?.body).toEqual({ user_id: 7, court_id: 1, time_start: '2030-01-15T18:00:00+03:00' });
  expect(call?.headers.get('X-CSRFToken')).toBe('test.token');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a quota's refusal is shown in the API's words and the override books with its reason", async () => {
  let tries = 0;
  const server = serve(() =>
    ++tries === 1
      ? fail(418, messages.adminBookingOverQuota, 'booking.quota_reached')
      : { status: 201, body: game(41, { starts_at: '2030-01-15T15:00:00.000Z' }) },
  );
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await pickAnna();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect((await dialog.findByRole('alert')).textContent).toBe(messages.adminBookingOverQuota);

  await userEvent.click(dialog.getByRole('checkbox', { name: 'Забронировать сверх ограничений клуба' }));
  const book = dialog.getByRole<HTMLButtonElement>('button', { name: 'Забронировать сверх ограничений' });
  // No reason, no override.
  expect(book.disabled).toBe(true);
  await userEvent.type(dialog.getByRole('textbox', { name: /Причина/ }), 'Турнир клуба');
  await userEvent.click(book);
  expect(await screen.findByText(/^Корт забронирован: Анна Петрова/)).toBeTruthy();
  expect(server.callsTo('POST /api/admin/bookings').at(-1)?.body).toMatchObject({
    override: { reason: 'Турнир клуба' },
  });
});

test('an override reason with a direction override, or of invisible characters, is said under the field and not sent', async () => {
  const server = serve(fail(418, messages.adminBookingOverQuota, 'booking.quota_reached'));
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await pickAnna();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  await dialog.findByRole('alert');
  await userEvent.click(dialog.getByRole('checkbox', { name: 'Забронировать сверх ограничений клуба' }));
  const reason = dialog.getByRole('textbox', { name: /Причина/ });
  const book = dialog.getByRole<HTMLButtonElement>('button', { name: 'Забронировать сверх ограничений' });
  await userEvent.type(reason, 'Турнир \u202eалулк');
  expect(dialog.getByText(messages.adminOverrideReasonUnsafe)).toBeTruthy();
  expect(reason.getAttribute('aria-invalid')).toBe('true');
  expect(book.disabled).toBe(true);
  await userEvent.clear(reason);
  await userEvent.type(reason, '\u200b\u3164');
  expect(dialog.getByText(messages.adminOverrideReason)).toBeTruthy();
  expect(book.disabled).toBe(true);
  expect(server.callsTo('POST /api/admin/bookings')).toHaveLength(1);
});

test('a taken slot is refused in its words, with no override to offer', async () => {
  serve(fail(409, messages.slotTaken, 'booking.slot_taken'));
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await pickAnna();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect((await dialog.findByRole('alert')).textContent).toBe(messages.slotTaken);
  expect(dialog.queryByRole('checkbox')).toBeNull();
});

test('only an empty, open, future hour of a court taking bookings offers the booking', () => {
  fakeServer({});
  renderInAdmin(
    <Grid
      data={[
        game(12, { court_id: 2, starts_at: '2030-01-15T15:00:00.000Z' }),
        game(13, { court_id: 1, starts_at: '2030-01-15T16:00:00.000Z', status: 'cancelled' }),
      ]}
    />,
  );
  expect(screen.queryByRole('button', { name: 'Записать игрока: Корт 2, 18:00' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Записать игрока: Корт 1, 18:00' })).toBeTruthy();
  // A cancelled game leaves its hour free.
  expect(screen.getByRole('button', { name: 'Записать игрока: Корт 1, 19:00' })).toBeTruthy();
});

/** Opens the 18:00 hour of court 1 and switches to a guest without an account. */
async function openForGuest() {
  await userEvent.click(screen.getByRole('button', { name: 'Записать игрока: Корт 1, 18:00' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Записать игрока на корт' }));
  await userEvent.click(dialog.getByRole('radio', { name: 'Гость без аккаунта' }));
  return dialog;
}

test('a guest without an account is booked by name and a +7 phone typed in the mask', async () => {
  const created = game(42, { user_id: null, user_name: 'Ирина', guest_name: 'Ирина', guest_phone: '+79161234567' });
  const server = serve({ status: 201, body: created });
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await openForGuest();
  expect(dialog.queryByRole('combobox', { name: 'Игрок' })).toBeNull();
  await userEvent.type(dialog.getByRole('textbox', { name: /Имя гостя/ }), ' Ирина ');
  const phone = dialog.getByRole<HTMLInputElement>('textbox', { name: /Телефон гостя/ });
  // Typed as people say it, with the 8 first: the mask keeps ten digits after +7.
  await userEvent.type(phone, '89161234567');
  expect(phone.value).toBe('+7 (916) 123-45-67');
  await userEvent.type(phone, '{backspace}{backspace}{backspace}');
  expect(phone.value).toBe('+7 (916) 123-4');
  await userEvent.type(phone, '567');
  expect(dialog.getByText(/Гостю не придут ни письма, ни напоминания/)).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect(await screen.findByText('Корт забронирован: Ирина, Корт 1, вт, 15 января 2030 в 18:00')).toBeTruthy();
  const [call] = server.callsTo('POST /api/admin/bookings');
  expect(call?.body).toEqual({
    guest: { name: 'Ирина', phone: '+79161234567' },
    court_id: 1,
    time_start: '2030-01-15T18:00:00+03:00',
  });
  expect(server.callsTo('GET /api/admin/users')).toHaveLength(0);
});

test("a guest's missing name and short phone are said under the fields in Russian, and nothing is sent", async () => {
  const server = serve({ status: 201, body: game(43, {}) });
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await openForGuest();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  const name = dialog.getByRole('textbox', { name: /Имя гостя/ });
  const phone = dialog.getByRole('textbox', { name: /Телефон гостя/ });
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(dialog.getByText(messages.guestNameRequired)).toBeTruthy();
  expect(dialog.getByText(messages.guestPhoneRequired)).toBeTruthy();
  await userEvent.type(name, 'Ирина');
  await userEvent.type(phone, '916123');
  expect(dialog.queryByText(messages.guestNameRequired)).toBeNull();
  expect(dialog.getByText(messages.phoneInvalid)).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect(server.callsTo('POST /api/admin/bookings')).toHaveLength(0);
  expect(screen.getByRole('dialog')).toBeTruthy();
});

test("a guest's refused slot is shown in the API's words, with no override (a guest has no quotas)", async () => {
  serve(fail(409, messages.slotTaken, 'booking.slot_taken'));
  renderInAdmin(<Grid data={[]} />, { dataProvider });
  const dialog = await openForGuest();
  await userEvent.type(dialog.getByRole('textbox', { name: /Имя гостя/ }), 'Ирина');
  await userEvent.type(dialog.getByRole('textbox', { name: /Телефон гостя/ }), '9161234567');
  await userEvent.click(dialog.getByRole('button', { name: 'Забронировать' }));
  expect((await dialog.findByRole('alert')).textContent).toBe(messages.slotTaken);
  expect(dialog.queryByRole('checkbox')).toBeNull();
});
