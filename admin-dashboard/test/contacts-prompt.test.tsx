import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactsPrompt } from '../src/dashboard/contacts-prompt';
import { dataProvider } from '../src/providers/data-provider';
import { fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { useGetOne } from 'react-admin';

// What installations are seeded with (services/api/src/rules/court-rules.ts).
const SEEDED = 'Администратор клуба: +7 (900) 000-00-00\nПочта: support@kort.local\nЕжедневно с 06:00 до 24:00';
const setting = (value: string) => ok({ id: 'club_contacts', value });

beforeEach(() => sessionStorage.clear());

/** Shows the setting once read: the prompt, reading the same query, has had its answer by then. */
function Read() {
  const { data } = useGetOne<{ id: string; value: string }>('settings', { id: 'club_contacts' });
  return data ? <p>прочитано</p> : null;
}

test('while the contacts are the seeded ones the home page asks for them and saves them through the setting', async () => {
  const server = fakeServer({
    'GET /api/admin/settings/club_contacts': setting(SEEDED),
    'PUT /api/admin/settings/club_contacts': (call) => setting((call.body as { value: string }).value),
  });
  renderInAdmin(<ContactsPrompt />, { dataProvider });
  expect(await screen.findByRole('heading', { name: 'Укажите контакты клуба' })).toBeTruthy();

  // Nothing is sent until both read right; each field says what is wrong.
  await userEvent.type(screen.getByRole('textbox', { name: 'Телефон клуба' }), '8 912 34');
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail клуба' }), 'club@');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить контакты' }));
  expect(screen.getByText('Введите номер: +7 и 10 цифр')).toBeTruthy();
  expect(screen.getByText('Введите e-mail, например club@example.ru')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/settings/club_contacts')).toHaveLength(0);

  await userEvent.type(screen.getByRole('textbox', { name: 'Телефон клуба' }), '5-67-89');
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail клуба' }), 'korty.ru');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить контакты' }));
  expect(await screen.findByText('Контакты клуба сохранены: игроки видят их в профиле')).toBeTruthy();
  const [saved] = server.callsTo('PUT /api/admin/settings/club_contacts');
  expect((saved?.body as { value: string }).value).toBe(
    'Администратор клуба: +7 (912) 345-67-89\nПочта: club@korty.ru\nЕжедневно с 06:00 до 24:00',
  );
  // The saved value is no longer the seeded one: the prompt is gone.
  expect(screen.queryByRole('heading', { name: 'Укажите контакты клуба' })).toBeNull();
});

test('contacts an admin already wrote are not asked for', async () => {
  fakeServer({
    'GET /api/admin/settings/club_contacts': setting('Телефон: +7 (495) 123-45-67\nПочта: hello@club.ru'),
  });
  renderInAdmin(
    <>
      <ContactsPrompt />
      <Read />
    </>,
    { dataProvider },
  );
  expect(await screen.findByText('прочитано')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Укажите контакты клуба' })).toBeNull();
});

test('«Позже» puts it off for this sign-in', async () => {
  fakeServer({ 'GET /api/admin/settings/club_contacts': setting(SEEDED) });
  const first = renderInAdmin(<ContactsPrompt />, { dataProvider });
  await userEvent.click(await screen.findByRole('button', { name: 'Позже' }));
  expect(screen.queryByRole('heading', { name: 'Укажите контакты клуба' })).toBeNull();
  first.unmount();
  renderInAdmin(
    <>
      <ContactsPrompt />
      <Read />
    </>,
    { dataProvider },
  );
  expect(await screen.findByText('прочитано')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Укажите контакты клуба' })).toBeNull();
});
