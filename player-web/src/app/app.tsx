import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { Loading } from '../components/ui/loading';
import { RotateWarning } from '../components/ui/rotate-warning';
import { isAdminQuery } from '../features/auth/api/is-admin';
import { myNameQuery } from '../features/auth/api/my-name';
import { LoginPage } from '../features/auth/components/login-page';
import { prefetchReserveAnswers } from '../features/reserve/api/first-answers';
import { siteClockQuery } from '../lib/site-clock';
import { ErrorBoundary } from './error-boundary';
import { reloadForNewBuild, whileReloading } from './new-build';
import { AppProvider } from './provider';

type Screen = React.ComponentType;
type ScreenModule = { default: Screen };

/** A thenable that answers at once: React's lazy reads it without suspending. */
const atOnce = (component: Screen) =>
  ({ then: (resolve: (module: ScreenModule) => void) => resolve({ default: component }) }) as Promise<ScreenModule>;

/**
 * A route loaded on demand (every route but the first screen: the phone at the door is on mobile
 * data). Once its code is in, `preload` having fetched it, React gets the screen at once instead
 * of suspending, which would show "Загрузка…" for at least React's 300 ms. Code that cannot be
 * loaded (a tab older than the last deploy) reloads the page once for the new build (new-build.ts);
 * meanwhile the loading line stays. Vite settles an import with nothing when that reload is on.
 */
function page<K extends string>(load: () => Promise<Record<K, Screen> | undefined>, name: K) {
  let loaded: Screen | undefined;
  const preload = () =>
    load().then(
      (module) => (module ? (loaded = module[name]) : whileReloading()),
      (failure: unknown) => {
        if (reloadForNewBuild()) return whileReloading();
        throw failure;
      },
    );
  const screen = lazy(() => (loaded ? atOnce(loaded) : preload().then((component) => ({ default: component }))));
  return Object.assign(screen, { preload });
}
const RegisterRoute = page(() => import('./routes/register-route'), 'RegisterRoute');
const ActivatePage = page(() => import('../features/auth/components/activate-page'), 'ActivatePage');
const CourtRulesRoute = page(() => import('./routes/court-rules-route'), 'CourtRulesRoute');
const PlayerShell = page(() => import('./player-shell'), 'PlayerShell');
const ProfilePage = page(() => import('../features/profile/components/profile-page'), 'ProfilePage');
const ReservePage = page(() => import('../features/reserve/components/reserve-page'), 'ReservePage');
const GamePage = page(() => import('../features/game/components/game-page'), 'GamePage');
const AccountPage = page(() => import('../features/account/components/account-page'), 'AccountPage');
const StoragePage = page(() => import('../features/storage/components/storage-page'), 'StoragePage');
const MyShelfPage = page(() => import('../features/storage/components/my-shelf-page'), 'MyShelfPage');

/** The signed-in screens by the path a visit may open on, with the answers each shows first. */
const firstScreens: Partial<
  Record<string, { screen: { preload: () => Promise<unknown> }; answers?: (client: QueryClient) => void }>
> = {
  '/': { screen: ProfilePage },
  '/profile': { screen: ProfilePage },
  '/reserve': { screen: ReservePage, answers: prefetchReserveAnswers },
  '/game': { screen: GamePage, answers: (client) => void client.prefetchQuery(siteClockQuery) },
  '/account': { screen: AccountPage },
  '/box_reserve': { screen: StoragePage },
  '/box_reserve/user_reserved': { screen: MyShelfPage },
};

/**
 * A visit that opens on a signed-in screen loads the shell and that screen at once, and asks the
 * admin check, the menu's name and the answers the screen shows first together, rather than each
 * after the one before: the screen shows as soon as the check says so, with its data.
 */
export function preloadFirstScreen(client: QueryClient): void {
  const first = firstScreens[window.location.pathname];
  if (!first) return;
  for (const code of [PlayerShell, first.screen]) void code.preload().catch(() => undefined);
  void client.prefetchQuery(isAdminQuery);
  void client.prefetchQuery(myNameQuery);
  first.answers?.(client);
}

/** Every screen, behind the error screen (reset when the address changes). */
function Screens() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterRoute />} />
          <Route path="/activate" element={<ActivatePage />} />
          <Route path="/court_rules" element={<CourtRulesRoute />} />
          <Route element={<PlayerShell />}>
            <Route path="/" element={<ProfilePage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/reserve" element={<ReservePage />} />
            <Route path="/game" element={<GamePage />} />
            <Route path="/account" element={<AccountPage />} />
            <Route path="/box_reserve" element={<StoragePage />} />
            <Route path="/box_reserve/user_reserved" element={<MyShelfPage />} />
            <Route path="/box_reserve/*" element={<Navigate to="/box_reserve" replace />} />
            <Route path="*" element={<Navigate to="/profile" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The map of the player app (spec section 2); `queryClient`: the one main.tsx preloaded answers into. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <BrowserRouter>
      <AppProvider client={queryClient}>
        <Screens />
        <RotateWarning />
      </AppProvider>
    </BrowserRouter>
  );
}
