import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../../src/components/ui/toasts';
import { AccountPage } from '../../src/features/account/components/account-page';
import {
  checkedServer,
  notificationSettings,
  ok,
  profile,
  type Answer,
  type FakeServer,
  type SettingsChanges,
} from './fake-server';
import { render } from './render';

/**
 * /account's «Уведомления» on a fake server: what the three notification test files share. Call
 * `notificationScreens()` once at the top of a file; it checks after each test that nothing was
 * asked that the test did not answer.
 */
export function notificationScreens() {
  const checked = checkedServer();
  return {
    get server(): FakeServer {
      return checked.server;
    },
    /** /account with its profile, the given notification settings and more routes. */
    renderAccount: (changes: SettingsChanges = {}, routes: Record<string, Answer> = {}) => {
      checked.start({ 'GET /api/profile/': profile(), 'GET /api/notifications/': settings(changes), ...routes });
      render(
        <MemoryRouter initialEntries={['/account']}>
          <ToastProvider>
            <AccountPage />
          </ToastProvider>
        </MemoryRouter>,
      );
    },
  };
}

export const settings = (changes: SettingsChanges = {}) => ok(notificationSettings(changes));
export const section = async () => within(await screen.findByRole('region', { name: 'Уведомления' }));
export const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

/** An answer the test gives when it chooses: `release(reply)`. */
export function held() {
  let release: (reply: ReturnType<typeof ok>) => void = () => undefined;
  const answer = () => new Promise<ReturnType<typeof ok>>((resolve) => (release = resolve));
  return { answer, release: (reply: ReturnType<typeof ok>) => release(reply) };
}
