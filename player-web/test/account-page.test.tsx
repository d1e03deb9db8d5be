import { AuthError, messages, RequestError, type ProfileDetail } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toasts';
import { AccountPage } from '../src/features/account/components/account-page';
import { LoginPage } from '../src/features/auth/components/login-page';
import {
  fail,
  fakeServer,
  installDialogApi,
  notificationSettings,
  ok,
  profile,
  removeDialogApi,
  socialProviders,
  type Answer,
  type FakeServer,
} from './support/fake-server';
import { render } from './support/render';

let server: FakeServer;
/** What profile() answers, for the answers built on it. */
const profileDetail = (profile() as { body: { detail: ProfileDetail } }).body.detail;
beforeEach(installDialogApi);
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  removeDialogApi();
});

function renderAccount(routes: Record<string, Answer> = {}) {
  server = fakeServer({
    'GET /api/profile/': profile(),
    'GET /api/auth/providers/': socialProviders(),
    'GET /api/notifications/': ok(notificationSettings({ telegram: { available: false }, push: { available: false } })),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={['/account']}>
      <ToastProvider>
        <Routes>
          <Route path="/account" element={<AccountPage />} />
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

async function changePassword(password1: string, password2 = password1) {
  await userEvent.click(await screen.findByRole('button', { name: 'Сменить пароль' }));
  const modal = within(screen.getByRole('dialog', { name: 'Смена пароля' }));
  await userEvent.type(modal.getByLabelText('Новый пароль'), password1);
  await userEvent.type(modal.getByLabelText('Новый пароль ещё раз'), password2);
  await userEvent.click(modal.getByRole('button', { name: 'Сменить пароль' }));
  return modal;
}

test('the profile is shown read-only: e-mail, phone in the mask, name, role', async () => {
  renderAccount();
  expect(await screen.findByText('anna@example.com')).toBeTruthy();
  expect(screen.getByText('+7 (999) 123-45-67')).toBeTruthy();
  expect(screen.getByText('Анна')).toBeTruthy();
  expect(screen.getByText('Игрок')).toBeTruthy();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByText('Вход через')).toBeNull();
});

test('an account linked to VK ID and Yandex ID says so with the read-only fields', async () => {
  renderAccount({ 'GET /api/profile/': profile({ linked_providers: ['yandex', 'vk'] }) });
  const label = await screen.findByText('Вход через');
  expect(label.closest('dl')?.textContent).toContain('Анна');
  expect(label.nextElementSibling?.textContent).toBe('VK ID, Яндекс ID');
});

test('one linked provider is named alone', async () => {
  renderAccount({ 'GET /api/profile/': profile({ linked_providers: ['yandex'] }) });
  expect((await screen.findByText('Вход через')).nextElementSibling?.textContent).toBe('Яндекс ID');
});

test('new passwords that differ are stopped before the server', async () => {
  renderAccount();
  const modal = await changePassword('Пароль-2026', 'Пароль-2027');
  expect(modal.getByText('Новые пароли не совпадают')).toBeTruthy();
  expect(modal.getByLabelText('Новый пароль ещё раз').getAttribute('aria-invalid')).toBe('true');
  expect(server.callsTo('POST /api/change_password/')).toHaveLength(0);
});

test('a refused password change shows the text of its status (424: the password hint)', async () => {
  renderAccount({ 'POST /api/change_password/': fail(424, 'server text', AuthError.NewPasswordWeak) });
  const modal = await changePassword('password');
  expect((await modal.findByRole('alert')).textContent).toBe(messages.passwordHint);
  expect(server.callsTo('POST /api/change_password/').map((call) => call.body)).toEqual([
    { password1: 'password', password2: 'password' },
  ]);
});

test('a changed password: "Пароль успешно изменён" and the modal closes', async () => {
  renderAccount({ 'POST /api/change_password/': ok(messages.passwordChanged) });
  await changePassword('Пароль-2026');
  expect(await screen.findByText('Пароль успешно изменён')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('deleting the profile asks first, warns about the 10 days, then goes to /login', async () => {
  renderAccount({ 'GET /api/del_account/': ok(messages.profileDeleted) });
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить профиль' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Удалить профиль?' }));
  expect(confirm.getByText(/Через 10 дней все ваши данные будут удалены/)).toBeTruthy();
  expect(server.callsTo('GET /api/del_account/')).toHaveLength(0);
  await userEvent.click(confirm.getByRole('button', { name: 'Удалить профиль' }));
  expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
  expect(screen.getByText('Профиль успешно удалён')).toBeTruthy();
  // The login screen says what the player can still do about it.
  expect(screen.getByText(/В течение 10 дней клуб может восстановить его/)).toBeTruthy();
});

test('the calendar-feed link has a copy button', async () => {
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  renderAccount({ 'GET /api/profile/': profile({ calendar_url: 'https://kort.example/api/calendar/abc.ics' }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Скопировать ссылку' }));
  expect(writeText).toHaveBeenCalledWith('https://kort.example/api/calendar/abc.ics');
  expect(await screen.findByText('Ссылка скопирована')).toBeTruthy();
});

test('where the browser refuses the clipboard, the link is selected to copy by hand', async () => {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
  renderAccount({ 'GET /api/profile/': profile({ calendar_url: 'https://kort.example/api/calendar/abc.ics' }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Скопировать ссылку' }));
  expect(await screen.findByText(/Выделите ссылку и скопируйте её вручную/)).toBeTruthy();
  const link = screen.getByLabelText<HTMLInputElement>('Ссылка на календарь');
  expect((link.selectionEnd ?? 0) - (link.selectionStart ?? 0)).toBe(link.value.length);
});

test('no profile answer shows the network-failure screen', async () => {
  renderAccount({ 'GET /api/profile/': 'offline' });
  expect(await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' })).toBeTruthy();
});

// --- Editing the name and phone ---

test('«Изменить» opens the name and phone; saved, the profile reads the new values and says so', async () => {
  renderAccount({
    'PATCH /api/profile/': ok({ ...profileDetail, name: 'Анна Петрова', phone_number: '+79161234567' }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const form = within(screen.getByRole('form', { name: 'Изменение профиля' }));
  expect(document.activeElement).toBe(form.getByLabelText('Имя'));
  await userEvent.clear(form.getByLabelText('Имя'));
  await userEvent.type(form.getByLabelText('Имя'), ' Анна Петрова ');
  await userEvent.clear(form.getByLabelText('Телефон'));
  await userEvent.type(form.getByLabelText('Телефон'), '9161234567');
  expect(form.getByLabelText<HTMLInputElement>('Телефон').value).toBe('+7 (916) 123-45-67');
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
  expect(server.callsTo('PATCH /api/profile/').map((call) => call.body)).toEqual([
    { name: 'Анна Петрова', phone_number: '+79161234567' },
  ]);
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.getByText('Анна Петрова')).toBeTruthy();
  expect(screen.getByText('+7 (916) 123-45-67')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Изменить' })));
});

test("an empty name is stopped before the server with registration's text; «Отмена» keeps the profile", async () => {
  renderAccount();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const form = within(screen.getByRole('form', { name: 'Изменение профиля' }));
  await userEvent.clear(form.getByLabelText('Имя'));
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect(form.getByRole('alert').textContent).toBe(messages.nameRequired);
  expect(form.getByLabelText('Имя').getAttribute('aria-invalid')).toBe('true');
  expect(server.callsTo('PATCH /api/profile/')).toHaveLength(0);
  await userEvent.click(form.getByRole('button', { name: 'Отмена' }));
  expect(screen.getByText('Анна')).toBeTruthy();
});

test('a name of braille blanks is no name, and a tower of marks is refused, before the server', async () => {
  renderAccount();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const form = within(screen.getByRole('form', { name: 'Изменение профиля' }));
  await userEvent.clear(form.getByLabelText('Имя'));
  await userEvent.type(form.getByLabelText('Имя'), '\u2800\u2800');
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect(form.getByRole('alert').textContent).toBe(messages.nameRequired);
  await userEvent.clear(form.getByLabelText('Имя'));
  await userEvent.type(form.getByLabelText('Имя'), `a${'\u0336'.repeat(10)}`);
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect(form.getByRole('alert').textContent).toBe(messages.nameUnsafe);
  expect(form.getByLabelText('Имя').getAttribute('aria-invalid')).toBe('true');
  expect(server.callsTo('PATCH /api/profile/')).toHaveLength(0);
});

test('a phone the server refuses shows its text under the phone', async () => {
  renderAccount({
    'PATCH /api/profile/': {
      status: 400,
      body: {
        detail: messages.phoneInvalid,
        code: RequestError.Invalid,
        errors: { phone_number: messages.phoneInvalid },
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const form = within(screen.getByRole('form', { name: 'Изменение профиля' }));
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect((await form.findByRole('alert')).textContent).toBe(messages.phoneInvalid);
  expect(form.getByLabelText('Телефон').getAttribute('aria-invalid')).toBe('true');
});

test('a cleared phone is sent empty: the profile then has none', async () => {
  renderAccount({ 'PATCH /api/profile/': ok({ ...profileDetail, phone_number: null }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const form = within(screen.getByRole('form', { name: 'Изменение профиля' }));
  await userEvent.clear(form.getByLabelText('Телефон'));
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('не указан')).toBeTruthy();
  expect(server.callsTo('PATCH /api/profile/').map((call) => call.body)).toEqual([{ name: 'Анна', phone_number: '' }]);
});

// --- The calendar, and deleting apart ---

test('the calendar feed is added in one tap (webcal:// or Google Calendar), the raw link folded away', async () => {
  renderAccount({ 'GET /api/profile/': profile({ calendar_url: 'https://kort.example/api/calendar/abc.ics' }) });
  const add = await screen.findByRole('link', { name: 'Добавить в календарь' });
  expect(add.getAttribute('href')).toBe('webcal://kort.example/api/calendar/abc.ics');
  expect(screen.getByRole('link', { name: 'Google Календарь' }).getAttribute('href')).toBe(
    'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fkort.example%2Fapi%2Fcalendar%2Fabc.ics',
  );
  expect(screen.getByText('Ссылка для другого календаря').closest('details')?.open).toBe(false);
});

test('«Удалить профиль» is in a section of its own, apart from «Сменить пароль»', async () => {
  renderAccount();
  const remove = await screen.findByRole('button', { name: 'Удалить профиль' });
  const password = screen.getByRole('button', { name: 'Сменить пароль' });
  expect(remove.closest('section')).not.toBe(password.closest('section'));
  expect(remove.closest('section')?.querySelector('h2')?.textContent).toBe('Удаление профиля');
});
