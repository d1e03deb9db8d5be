import { CssBaseline } from '@mui/material';
import { lazy } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  localStorageStore,
  LoadingPage,
  Navigate,
  Notification,
  Resource,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { LazyErrorPage, LazyLayout } from './layout/lazy-pages';
import { LoginPage } from './layout/login-page';
import { NotAdminPage } from './layout/not-admin-page';
import { authProvider, NOT_ADMIN_PATH } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { theme } from './providers/theme';
import { actions } from './resources/actions';
import { alerts } from './resources/alerts';
import { agentReleases } from './resources/agent-releases';
import { bookings } from './resources/bookings';
import { closures } from './resources/closures';
import { commands } from './resources/commands';
import { courts } from './resources/courts';
import { payments } from './resources/payments';
import { prices } from './resources/prices';
import { series } from './resources/series';
import { settings } from './resources/settings';
import { ShelfBoardPage, shelves } from './resources/shelves';
import { sites } from './resources/sites';
import { StatsPage } from './resources/stats';
import { users } from './resources/users';

const HomePage = lazy(() => import('./dashboard/home-page').then((module) => ({ default: module.HomePage })));
const store = localStorageStore(undefined, 'kort-admin');

/** The spec's rule for admins: unknown paths go to the admin home. */
const ToHome = () => <Navigate to="/" replace />;

/**
 * The whole map of the dashboard (served at /admin/, browser paths under it):
 *
 * - `/` home: the site's alerts not resolved (a red banner, live), counters, light and door (live), players on court, quick actions; the club's contacts asked for while seeded
 * - `/alerts`: the site's door and Pi alerts, an agent away too long; «Принять» records who and when
 * - `/users`, `/users/:id/show`: players (the spec's /admin_user_search and /admin_user_profile)
 * - `/bookings`: a day of the club's courts, its closures marked, an empty hour booked for a walk-in; or the week
 * - `/courts`, `/courts/create`, `/courts/:id`: the courts (taking one out of booking lists its games first)
 * - `/closures`, `/closures/create`: closures of a court or the club (the weeks ahead, the games they cancel)
 * - `/series`, `/series/create`, `/series/:id/show`: sport schools' terms (every occurrence previewed)
 * - `/prices`, `/prices/create`, `/prices/:id`: what the club charges (the week's grid of each hour's price, before saving too)
 * - `/payments`, `/payments/:id/show`: what players paid, the receipts' states, a refund
 * - `/shelves`: shelves and equipment; `/admin_boxes` shelves 1–9, `/admin_equipment` 10 and 11
 * - `/stats`: how the courts are used over a period (occupancy, courts by week, demand, no-shows, door and lights)
 * - `/commands`: the equipment's audit log; `/actions`: the admins' actions; `/settings`, `/settings/:id`: storage, rules, contacts, hours, quotas
 * - `/sites`, `/sites/create`, `/sites/:id`: the install's sites and their agents' tokens (owners; in the menu for them only)
 * - `/agent-releases`, `/agent-releases/create`, `/agent-releases/:version/show`: agent versions uploaded and rolled out in stages, every site's agent (owners; in the menu for them only)
 * - the app bar: the site every page works on, for an admin of more than one (layout/site-switcher.tsx)
 * - `/login`; `/not-admin` for a signed-in player
 *
 * This is react-admin's <Admin> taken apart (AdminContext + CoreAdminUI, as AdminUI does) so that
 * its default layout, login and error pages are not bundled into the first screen: the layout and
 * every page but the login load on demand.
 */
export function App() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      darkTheme={null}
    >
      <CssBaseline enableColorScheme />
      <CoreAdminUI
        title="Корт"
        layout={LazyLayout}
        loginPage={LoginPage}
        dashboard={HomePage}
        catchAll={ToHome}
        loading={LoadingPage}
        error={LazyErrorPage}
        requireAuth
        disableTelemetry
      >
        <Resource name="alerts" {...alerts} />
        <Resource name="users" {...users} />
        <Resource name="bookings" {...bookings} />
        <Resource name="courts" {...courts} />
        <Resource name="closures" {...closures} />
        <Resource name="series" {...series} />
        <Resource name="prices" {...prices} />
        <Resource name="payments" {...payments} />
        <Resource name="shelves" {...shelves} />
        <Resource name="commands" {...commands} />
        <Resource name="actions" {...actions} />
        <Resource name="settings" {...settings} />
        <Resource name="sites" {...sites} />
        <Resource name="agent-releases" {...agentReleases} />
        <CustomRoutes>
          <Route path="/admin_boxes" element={<ShelfBoardPage kind="shelf" />} />
          <Route path="/admin_equipment" element={<ShelfBoardPage kind="equipment" />} />
          <Route path="/stats" element={<StatsPage />} />
          <Route path="/admin_user_search" element={<Navigate to="/users" replace />} />
          <Route path="/admin" element={<ToHome />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path={NOT_ADMIN_PATH} element={<NotAdminPage />} />
        </CustomRoutes>
      </CoreAdminUI>
      <Notification />
    </AdminContext>
  );
}
