import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/ui/loading';
import { RotateWarning } from '../components/ui/rotate-warning';
import { LoginPage } from '../features/auth/components/login-page';
import { AppProvider } from './provider';

// Every route but the first screen is loaded on demand (the phone at the door is on mobile data).
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
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

/** The map of the player app (spec section 2). */
export function App() {
  return (
    <BrowserRouter>
      <AppProvider>
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
        <RotateWarning />
      </AppProvider>
    </BrowserRouter>
  );
}
