import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from './support/fake-server';

// A player app that survives a deploy (docs/decisions/0033-player-app-served-by-the-api.md).
// /account's screen throws while it shows; /box_reserve's code cannot be loaded, as a tab opened
// before a deploy finds its chunk gone (404).
vi.mock('../src/features/account/components/account-page', () => ({
  AccountPage: () => {
    throw new Error('a screen that breaks');
  },
}));
vi.mock('../src/features/storage/components/storage-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/storage-page-old.js');
});

let server: FakeServer;
beforeEach(() => {
  // Every test is a new page: the modules' own state starts again, sessionStorage is the tab's.
  vi.resetModules();
  server = fakeServer({ 'GET /api/is_admin/': ok(false), 'GET /api/my_name/': ok('Анна Петрова') });
  // React reports the error a boundary caught; the tests read the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** A new page of the app at `path`, and its reload (jsdom cannot reload: the tests count the calls). */
async function openPage(path: string) {
  const [{ App }, newBuild] = await Promise.all([import('../src/app/app'), import('../src/app/new-build')]);
  const reload = vi.spyOn(newBuild.browserPage, 'reload').mockImplementation(() => undefined);
  window.history.pushState({}, '', path);
  render(<App />);
  return { reload, newBuild };
}

const crashScreen = () => screen.findByRole('heading', { name: 'Не удалось показать страницу' });

test('a screen that throws shows a Russian message with «Обновить» instead of a blank page', async () => {
  const { reload } = await openPage('/account');
  expect(await crashScreen()).toBeTruthy();
  expect(screen.getByText(/Обновите страницу, чтобы продолжить/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
  expect(reload).toHaveBeenCalledOnce();
});

test("a screen's code that cannot be loaded reloads the page once for the new build; the loading line stays", async () => {
  const { reload } = await openPage('/box_reserve');
  await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Загрузка…');
  expect(screen.queryByRole('heading', { name: 'Не удалось показать страницу' })).toBeNull();
});

test('the reloaded page failing again within a minute shows the message instead of reloading in a loop', async () => {
  const first = await openPage('/box_reserve');
  await vi.waitFor(() => expect(first.reload).toHaveBeenCalledOnce());
  // The reload: a new page in the same tab, the same chunk still missing.
  vi.resetModules();
  document.body.innerHTML = '';
  const second = await openPage('/box_reserve');
  expect(await crashScreen()).toBeTruthy();
  expect(second.reload).not.toHaveBeenCalled();
  // «Обновить» is the player's own choice: it reloads.
  await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
  expect(second.reload).toHaveBeenCalledOnce();
});

test("Vite's preloadError reloads exactly once, however many chunks fail", async () => {
  const newBuild = await import('../src/app/new-build');
  const reload = vi.spyOn(newBuild.browserPage, 'reload').mockImplementation(() => undefined);
  const stop = newBuild.reloadOnPreloadError();
  const failures = [1, 2, 3].map(() => new Event('vite:preloadError', { cancelable: true }));
  for (const failure of failures) window.dispatchEvent(failure);
  stop();
  expect(reload).toHaveBeenCalledOnce();
  // Handled: Vite does not throw the failure on while the page reloads.
  expect(failures.map((failure) => failure.defaultPrevented)).toEqual([true, true, true]);
});

test('a preloadError on the reloaded page, within a minute, is not handled: no second reload', async () => {
  sessionStorage.setItem('kort.new-build-reload', String(Date.now() - 5_000));
  const newBuild = await import('../src/app/new-build');
  const reload = vi.spyOn(newBuild.browserPage, 'reload').mockImplementation(() => undefined);
  const stop = newBuild.reloadOnPreloadError();
  const failure = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(failure);
  stop();
  expect(reload).not.toHaveBeenCalled();
  expect(failure.defaultPrevented).toBe(false);
});

test('a deploy an hour after the last reload may reload the tab again', async () => {
  sessionStorage.setItem('kort.new-build-reload', String(Date.now() - 3_600_000));
  const newBuild = await import('../src/app/new-build');
  const reload = vi.spyOn(newBuild.browserPage, 'reload').mockImplementation(() => undefined);
  expect(newBuild.reloadForNewBuild()).toBe(true);
  expect(reload).toHaveBeenCalledOnce();
});
