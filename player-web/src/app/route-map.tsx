import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isAdminQuery } from '../features/auth/api/is-admin';
import { myNameQuery } from '../features/auth/api/my-name';
import { LoginPage } from '../features/auth/components/login-page';
import { prefetchReserveAnswers } from '../features/reserve/api/first-answers';
import { siteClockQuery } from '../lib/site-clock';
import { reloadForNewBuild, whileReloading } from './new-build';

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
const GameRoute = page(() => import('./routes/game-route'), 'GameRoute');
const AccountPage = page(() => import('../features/account/components/account-page'), 'AccountPage');
const StoragePage = page(() => import('../features/storage/components/storage-page'), 'StoragePage');
const MyShelfPage = page(() => import('../features/storage/components/my-shelf-page'), 'MyShelfPage');

/** What a visit that opens on a route needs first, besides the code of its screens. */
export interface FirstVisit {
  /** The answers its screen shows first, asked for at once rather than after the screen's code. */
  answers?: (client: QueryClient) => void;
  /**
   * Its prerendered page is the page itself, not a placeholder: no answer of the API is in it, so
   * React takes over the very elements the build wrote (hydration) and what the visitor has already
   * typed stays (start.tsx; player-web/README.md, "First paint").
   */
  hydrate?: true;
}

const askShellAnswers = (client: QueryClient) => {
  void client.prefetchQuery(isAdminQuery);
  void client.prefetchQuery(myNameQuery);
};

/** A route of the map, in react-router's own shape; a screen loaded on demand has its `preload`. */
export interface AppRoute {
  path?: string;
  Component?: Screen & { preload?: () => Promise<unknown> };
  element?: ReactNode;
  handle?: FirstVisit;
  children?: AppRoute[];
}

/**
 * The map of the player app (the spec's screens and routes): the routes the browser follows, the
 * paths the build prerenders (first-paint.tsx), and what a visit opening on each asks for first
 * (start.tsx).
 */
export const routes: AppRoute[] = [
  { path: '/login', Component: LoginPage, handle: { hydrate: true } },
  { path: '/register', Component: RegisterRoute, handle: { hydrate: true } },
  { path: '/activate', Component: ActivatePage },
  { path: '/court_rules', Component: CourtRulesRoute },
  {
    Component: PlayerShell,
    handle: { answers: askShellAnswers },
    children: [
      { path: '/', Component: ProfilePage },
      { path: '/profile', Component: ProfilePage },
      { path: '/reserve', Component: ReservePage, handle: { answers: prefetchReserveAnswers } },
      {
        path: '/game',
        Component: GameRoute,
        handle: { answers: (client) => void client.prefetchQuery(siteClockQuery) },
      },
      { path: '/account', Component: AccountPage },
      { path: '/box_reserve', Component: StoragePage },
      { path: '/box_reserve/user_reserved', Component: MyShelfPage },
      { path: '/box_reserve/*', element: <Navigate to="/box_reserve" replace /> },
      { path: '*', element: <Navigate to="/profile" replace /> },
    ],
  },
];
