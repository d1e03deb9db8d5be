import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { ToastProvider } from '../components/ui/toasts';
import { LoginPage } from '../features/auth/login-page';
import { setApiHandlers } from '../lib/api-client';

// Every route but the first screen is loaded on demand (the phone at the door is on mobile data).
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const RegisterPage = page(() => import('../features/auth/register-page'), 'RegisterPage');
const ActivatePage = page(() => import('../features/auth/activate-page'), 'ActivatePage');
const CourtRulesPage = page(() => import('../features/rules/court-rules-page'), 'CourtRulesPage');
const PlayerShell = page(() => import('./player-shell'), 'PlayerShell');
const ProfilePage = page(() => import('../features/profile/profile-page'), 'ProfilePage');
const ReservePage = page(() => import('../features/reserve/reserve-page'), 'ReservePage');
const GamePage = page(() => import('../features/game/game-page'), 'GamePage');
const AccountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const StoragePage = page(() => import('../features/storage/storage-page'), 'StoragePage');
const MyShelfPage = page(() => import('../features/storage/my-shelf-page'), 'MyShelfPage');

function ApiRouting() {
  const navigate = useNavigate();
  useEffect(() => setApiHandlers({ onUnauthorized: () => void navigate('/login') }), [navigate]);
  return null;
}

export const loading = (
  <p className="page" role="status">
    Загрузка…
  </p>
);

/** The map of the player app (spec section 2). */
export function App() {
  return (
    <BrowserRouter>
      <ToastProvider>
        <ApiRouting />
        <Suspense fallback={loading}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/activate" element={<ActivatePage />} />
            <Route path="/court_rules" element={<CourtRulesPage />} />
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
      </ToastProvider>
    </BrowserRouter>
  );
}
