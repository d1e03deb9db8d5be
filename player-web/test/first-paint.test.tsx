import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { firstPaintPage, prerenderedPaths, renderFirstPaint } from '../src/app/first-paint';
import { fakeServer, ok, socialProviders, type FakeServer } from './support/fake-server';
import { club } from './support/reserve-screen';

// The page the build writes for a path (vite.config.ts) and the app taking it over in the browser
// (start.tsx): what a phone shows before the app's code arrives, and that nothing shown or typed is
// lost when it does.

let server: FakeServer;
let consoleErrors: unknown[][];
const testingLibraryAct = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
beforeEach(() => {
  // The app starts as in the browser (startApp), not inside Testing Library's act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  consoleErrors = [];
  // React reports a page it could not take over as it was (a hydration mismatch) on the console.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});
afterEach(() => {
  expect(server.strays).toEqual([]);
  expect(consoleErrors.map((args) => args.map(String).join(' ').slice(0, 600))).toEqual([]);
  vi.restoreAllMocks();
  vi.doUnmock('../src/features/reserve/components/reserve-page');
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = testingLibraryAct;
});

/**
 * The built page of `path` (its body), open in the browser at `path`, and the app's start as the
 * browser has it: its own modules, none of whose screens' code has been loaded yet (the prerenderer
 * loads every screen's code, and would otherwise share it).
 */
async function openPrerendered(path: string, mockModules?: () => void) {
  const page = await firstPaintPage('<body><div id="root"></div></body>', path);
  document.body.innerHTML = page.replace(/^<body>|<\/body>$/g, '');
  window.history.pushState(null, '', path);
  vi.resetModules();
  mockModules?.();
  const { startApp } = await import('../src/app/start');
  const { createQueryClient } = await import('../src/app/query-client');
  const root = document.getElementById('root')!;
  return { root, start: () => startApp(root, createQueryClient()) };
}

test('every path of the route map has a page of its own', () => {
  expect(prerenderedPaths().sort()).toEqual(
    [
      '/',
      '/account',
      '/activate',
      '/box_reserve',
      '/box_reserve/user_reserved',
      '/court_rules',
      '/game',
      '/login',
      '/profile',
      '/register',
      '/reserve',
    ].sort(),
  );
  server = fakeServer({});
});

test("a signed-in screen's page is its frame and heading, before any answer", async () => {
  server = fakeServer({});
  document.body.innerHTML = await renderFirstPaint('/reserve');
  expect(screen.getByRole('heading', { level: 1, name: 'Выберите дату' })).toBeTruthy();
  const menu = within(screen.getByRole('navigation', { name: 'Главное меню' }));
  expect(menu.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/profile',
    '/account',
    '/box_reserve',
  ]);
  expect(screen.getByRole('button', { name: 'Меню' })).toBeTruthy();
  // No call was made to write it.
  expect(server.calls).toEqual([]);
});

test('the login page is the form itself; its button waits for the app (the browser would send the form as a GET)', async () => {
  server = fakeServer({});
  document.body.innerHTML = await renderFirstPaint('/login');
  expect(screen.getByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(true);
  expect(screen.getByRole('link', { name: 'Регистрация' }).getAttribute('href')).toBe('/register');
});

test('the app takes the login page over as it is: the field typed into before it ran keeps its text, its focus, and is what is sent', async () => {
  server = fakeServer({ 'GET /api/auth/providers/': socialProviders(), 'POST /api/check-phone/': ok('Готово') });
  const { start } = await openPrerendered('/login');
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' });
  // What the browser does with keystrokes while the page is still the build's HTML.
  field.focus();
  field.value = 'anna@example.com';

  await start();
  await waitFor(() => expect(next.disabled).toBe(false));
  // The very elements of the page, not new ones.
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toBe(field);
  expect(screen.getByRole('button', { name: 'Далее' })).toBe(next);
  expect(field.value).toBe('anna@example.com');
  expect(document.activeElement).toBe(field);

  await userEvent.click(next);
  await waitFor(() => expect(server.callsTo('POST /api/check-phone/')).toHaveLength(1));
  expect(server.callsTo('POST /api/check-phone/')[0]!.body).toEqual({ email: 'anna@example.com' });
});

test('the registration page keeps the e-mail, phone and name typed before the app ran', async () => {
  server = fakeServer({});
  const { start } = await openPrerendered('/register');
  const typed = { 'E-mail': 'anna@example.com', Телефон: '79991234567', Имя: 'Анна' };
  for (const [label, value] of Object.entries(typed))
    screen.getByRole<HTMLInputElement>('textbox', { name: label }).value = value;

  await start();
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Далее' }).disabled).toBe(false));
  // The phone is kept as the mask shows it.
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('anna@example.com');
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Телефон' }).value).toBe('+7 (999) 123-45-67');
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Имя' }).value).toBe('Анна');
});

test("while the app takes a signed-in screen's page over, its frame and heading never leave the screen", async () => {
  let admit: () => void = () => undefined;
  const admitted = new Promise<void>((resolve) => (admit = resolve));
  server = fakeServer({
    ...club,
    'GET /api/is_admin/': async () => (await admitted, ok(false)),
    'GET /api/my_name/': ok('Анна Петрова'),
  });
  // The screen's code is slow to come (a phone on mobile data).
  let asked = false;
  let deliver: () => void = () => undefined;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  const { root, start } = await openPrerendered('/reserve', () =>
    vi.doMock('../src/features/reserve/components/reserve-page', async (actual) => {
      asked = true;
      await delivered;
      return actual();
    }),
  );
  const shown = () => ({
    heading: within(root).queryByRole('heading', { level: 1, name: 'Выберите дату' }) !== null,
    menu: within(root).queryByRole('navigation', { name: 'Главное меню' }) !== null,
  });
  const seen: ReturnType<typeof shown>[] = [];
  const watch = new MutationObserver(() => seen.push(shown()));
  watch.observe(root, { childList: true, subtree: true, characterData: true });

  const started = start();
  await waitFor(() => expect(asked).toBe(true));
  // A turn of the event loop: time for a render the app should not make yet.
  await new Promise((resolve) => setTimeout(resolve, 0));
  deliver();
  await started;
  // The calendar comes with its answers, the admin check still on its way.
  expect(await within(root).findByRole('grid')).toBeTruthy();
  admit();
  await waitFor(() => expect(server.callsTo('GET /api/is_admin/')).toHaveLength(1));
  watch.disconnect();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((state) => !state.heading || !state.menu)).toEqual([]);
});
