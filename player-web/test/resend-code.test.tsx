import { AuthError, messages } from '@kort/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toasts';
import { ActivatePage } from '../src/features/auth/components/activate-page';
import { PasswordRecovery } from '../src/features/auth/components/password-recovery';
import { fail, fakeServer, installDialogApi, ok, removeDialogApi, type FakeServer } from './support/fake-server';
import { render } from './support/render';

let server: FakeServer;
beforeEach(() => {
  installDialogApi();
  // The countdown's clock only: the app's and Testing Library's own timers run as usual.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeDialogApi();
});

const resendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Отправить код ещё раз/ });
const wait = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

test('activation: "Отправить код ещё раз" counts down 60 s, then sends a new code to the same address', async () => {
  server = fakeServer({ 'POST /api/resend_activation_code/': ok(messages.codeSent) });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/activate', state: { email: 'anna@example.com' } }]}>
      <Routes>
        <Route path="/activate" element={<ActivatePage />} />
      </Routes>
    </MemoryRouter>,
  );
  // The screen is about the code: its first box has the focus (the keypad is up) on arrival.
  expect(document.activeElement).toBe(screen.getByLabelText('Цифра 1'));
  expect(resendButton().textContent).toBe('Отправить код ещё раз через 60 с');
  expect(resendButton().disabled).toBe(true);
  await wait(25);
  expect(resendButton().textContent).toBe('Отправить код ещё раз через 35 с');
  await wait(35);
  expect(resendButton().textContent).toBe('Отправить код ещё раз');
  expect(resendButton().disabled).toBe(false);

  await userEvent.click(resendButton());
  expect(await screen.findByText('Код отправлен на почту')).toBeTruthy();
  expect(server.callsTo('POST /api/resend_activation_code/').map((call) => call.body)).toEqual([
    { email: 'anna@example.com' },
  ]);
  // The next one waits another minute.
  expect(resendButton().textContent).toBe('Отправить код ещё раз через 60 с');
  expect(resendButton().disabled).toBe(true);
});

test("activation: the API's per-e-mail limit (429) is shown in its words", async () => {
  server = fakeServer({
    'POST /api/resend_activation_code/': fail(429, messages.codeSendLimit, AuthError.CodeSendLimit),
  });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/activate', state: { email: 'anna@example.com' } }]}>
      <Routes>
        <Route path="/activate" element={<ActivatePage />} />
      </Routes>
    </MemoryRouter>,
  );
  await wait(60);
  await userEvent.click(resendButton());
  expect((await screen.findByRole('alert')).textContent).toBe('Слишком много запросов кода. Попробуйте через час');
  expect(resendButton().disabled).toBe(false);
});

test('password recovery: the code step has the same countdown and asks for a new code', async () => {
  server = fakeServer({ 'POST /api/reset_password_request_code/': ok(messages.codeSent) });
  render(
    <ToastProvider>
      <PasswordRecovery open email="anna@example.com" onClose={() => undefined} />
    </ToastProvider>,
  );
  const modal = within(screen.getByRole('dialog', { name: 'Восстановление пароля' }));
  await userEvent.click(modal.getByRole('button', { name: 'Получить код' }));
  expect(await modal.findByLabelText('Цифра 1')).toBeTruthy();
  expect(resendButton().textContent).toBe('Отправить код ещё раз через 60 с');
  await wait(60);
  await userEvent.click(resendButton());
  expect(await modal.findByText('Код отправлен на почту')).toBeTruthy();
  expect(server.callsTo('POST /api/reset_password_request_code/')).toHaveLength(2);
  expect(resendButton().disabled).toBe(true);
});
