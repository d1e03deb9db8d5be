import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { setApiHandlers } from '../lib/api-client';

// Every route but the first screen is loaded on demand (the phone at the door is on mobile data).
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));

function ApiRouting() {
  const navigate = useNavigate();
  useEffect(() => setApiHandlers({ onUnauthorized: () => void navigate('/login') }), [navigate]);
  return null;
}

/** The map of the player app (spec section 2). */
export function App() {
  return (
    <BrowserRouter>
      <ApiRouting />
      <Suspense fallback={<p className="page">Загрузка…</p>}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/" element={<ProfilePage />} />
          <Route path="*" element={<Navigate to="/profile" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
