import { AuthError, messages } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RegisterRoute } from '../src/app/routes/register-route';
import { render } from './support/render';

// The page already has its CSRF token (the client fetches one only when it has none).
beforeEach(() => {
  document.cookie = 'csrftoken=test.token';
});
afterEach(() => vi.unstubAllGlobals());

const ok = (detail = 'ok') => Promise.resolve(new Response(JSON.stringify({ detail }), { status: 200 }));

/** The form's calls: the front door's own question (GET /api/sites/, its courts for the plan) left out. */
const formCalls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter((call) => (call as [string])[0] !== '/api/sites/');

function renderRegister() {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterRoute />} />
        <Route path="/profile" element={<p>Профиль открыт</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillDetails(name = 'Анна') {
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.type(screen.getByLabelText('Телефон'), '9991234567');
  if (name) await userEvent.type(screen.getByLabelText('Имя'), name);
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
}

test('details → password with both consents → code → profile, with the phone sent as +7 and digits', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  expect(screen.getByLabelText<HTMLInputElement>('Телефон').placeholder).toBe('+7 (999) 999-99-99');
  await fillDetails();
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.type(screen.getByLabelText('Пароль ещё раз'), 'Пароль-2026');
  const submit = screen.getByRole('button', { name: 'Зарегистрироваться' });
  expect(submit.getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(submit); // nothing is sent without the consents
  expect(formCalls(fetch)).toHaveLength(1);
  await userEvent.click(screen.getByLabelText('Я принимаю'));
  await userEvent.click(screen.getByLabelText('Я даю согласие на'));
  await userEvent.click(submit);
  const registered: unknown = JSON.parse((formCalls(fetch)[1] as unknown as [string, RequestInit])[1].body as string);
  expect(registered).toMatchObject({ email: 'anna@example.com', phone_number: '+79991234567', name_user: 'Анна' });

  await userEvent.click(await screen.findByLabelText('Цифра 1'));
  await userEvent.keyboard('4321');
  expect(await screen.findByText('Профиль открыт')).toBeTruthy();
  // The rules were accepted on the form: recorded right after the code, so no second rules screen.
  const paths = formCalls(fetch).map((call) => (call as unknown as [string])[0]);
  expect(paths.slice(-2)).toEqual(['/api/activate/', '/api/user_read/']);
});

test('the name is required; its error goes as soon as a name is typed', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await fillDetails('');
  const name = screen.getByLabelText<HTMLInputElement>('Имя');
  expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(formCalls(fetch)).toHaveLength(0);
  await userEvent.type(name, 'А');
  expect(screen.queryByText(messages.nameRequired)).toBeNull();
  expect(name.getAttribute('aria-invalid')).toBeNull();
});

test('a name that reads as nothing is no name, and one hiding an invisible character is refused, under the field', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await fillDetails('\u3164\u200b');
  expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
  const name = screen.getByLabelText<HTMLInputElement>('Имя');
  await userEvent.clear(name);
  await userEvent.type(name, 'Ан\u200bна');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByText(messages.nameUnsafe)).toBeTruthy();
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(formCalls(fetch)).toHaveLength(0);
});

test('passwords that differ are flagged as they are typed; the hint is shown once; server errors as the spec says', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => ok()),
  );
  renderRegister();
  await fillDetails();
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  expect(screen.getAllByText(messages.passwordHint)).toHaveLength(1);
  const again = screen.getByLabelText('Пароль ещё раз');
  // A start of the first password is not flagged yet; the first character that parts is.
  await userEvent.type(again, 'Пароль-20');
  expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull();
  await userEvent.type(again, '27');
  expect(screen.getByText(messages.passwordsDoNotMatch)).toBeTruthy();
  expect(again.getAttribute('aria-invalid')).toBe('true');
  await userEvent.clear(again);
  await userEvent.type(again, 'Пароль-2026');
  expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull();

  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ detail: 'x', code: AuthError.PasswordsDoNotMatch, errors: { password2: 'x' } }), {
          status: 400,
        }),
      ),
    ),
  );
  await userEvent.click(screen.getByLabelText('Я принимаю'));
  await userEvent.click(screen.getByLabelText('Я даю согласие на'));
  await userEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  expect((await screen.findByText(messages.passwordRequirements)).getAttribute('role')).toBe('alert');
});

test('a weak password turns the hint itself red instead of a second text', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await fillDetails();
  await userEvent.type(await screen.findByLabelText('Пароль'), 'password');
  await userEvent.type(screen.getByLabelText('Пароль ещё раз'), 'password');
  await userEvent.click(screen.getByLabelText('Я принимаю'));
  await userEvent.click(screen.getByLabelText('Я даю согласие на'));
  await userEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  const hints = screen.getAllByText(messages.passwordHint);
  expect(hints).toHaveLength(1);
  expect(hints[0]?.getAttribute('role')).toBe('alert');
  expect(formCalls(fetch)).toHaveLength(1);
});

test('an empty or malformed e-mail is said under its field, and nothing is sent', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await userEvent.type(screen.getByLabelText('Имя'), 'Анна');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  const email = screen.getByLabelText('E-mail');
  expect(await screen.findByText('Введите e-mail')).toBeTruthy();
  expect(email.getAttribute('aria-invalid')).toBe('true');
  await userEvent.type(email, 'anna@');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(screen.getByText('Проверьте адрес: нужен e-mail вида anna@mail.ru')).toBeTruthy();
  expect(formCalls(fetch)).toHaveLength(0);
});

test('"Зарегистрироваться" with the consents unticked says why, and the message goes once both are ticked', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await fillDetails();
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.type(screen.getByLabelText('Пароль ещё раз'), 'Пароль-2026');
  const submit = screen.getByRole('button', { name: 'Зарегистрироваться' });
  await userEvent.click(submit);
  const why = 'Отметьте оба согласия: без них зарегистрироваться нельзя';
  expect(screen.getByText(why).getAttribute('role')).toBe('alert');
  expect(submit.getAttribute('aria-describedby')).toBe(screen.getByText(why).id);
  await userEvent.click(screen.getByLabelText('Я принимаю'));
  await userEvent.click(submit);
  expect(screen.getByText(why)).toBeTruthy();
  expect(formCalls(fetch)).toHaveLength(1);
  await userEvent.click(screen.getByLabelText('Я даю согласие на'));
  expect(screen.queryByText(why)).toBeNull();
  await userEvent.click(submit);
  await screen.findByLabelText('Цифра 1');
  expect(formCalls(fetch)).toHaveLength(2);
});

test('an empty password says "Введите пароль" rather than the spec\'s server text', async () => {
  const fetch = vi.fn(() => ok());
  vi.stubGlobal('fetch', fetch);
  renderRegister();
  await fillDetails();
  await screen.findByLabelText('Пароль');
  await userEvent.click(screen.getByLabelText('Я принимаю'));
  await userEvent.click(screen.getByLabelText('Я даю согласие на'));
  await userEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  expect(screen.getByText('Введите пароль').getAttribute('role')).toBe('alert');
  expect(formCalls(fetch)).toHaveLength(1);
});

test('an address that has an account is said under the e-mail field, with «Войти» and «Восстановить пароль» on it', async () => {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          detail: messages.emailTaken,
          code: AuthError.EmailTaken,
          errors: { email: messages.emailTaken },
        }),
        { status: 400 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterRoute />} />
        <Route path="/login" element={<LoginState />} />
      </Routes>
    </MemoryRouter>,
  );
  await fillDetails();
  const email = screen.getByLabelText('E-mail');
  expect(await screen.findByText(messages.emailTaken)).toBeTruthy();
  expect(email.getAttribute('aria-invalid')).toBe('true');
  // The message and its ways on sit with the field, not at the foot of the form.
  const field = email.closest('.field')!;
  expect(within(field as HTMLElement).getByText(messages.emailTaken)).toBeTruthy();
  await userEvent.click(within(field as HTMLElement).getByRole('link', { name: 'Восстановить пароль' }));
  expect(await screen.findByText('login: anna@example.com, recover')).toBeTruthy();
});

/** The login route's state as a line: what the links hand over. */
function LoginState() {
  const state = useLocation().state as { email?: string; recover?: boolean } | null;
  return <p>{`login: ${state?.email ?? ''}${state?.recover ? ', recover' : ''}`}</p>;
}
