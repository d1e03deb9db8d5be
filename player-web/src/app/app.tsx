import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { setApiHandlers } from '../lib/api-client';

// Every route but the first screen is loaded on demand (the phone at the door is on mobile data).
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const ActivatePage = lazy(() => import('../features/auth/activate-page').then((m) => ({ default: m.ActivatePage })));
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
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/activate" element={<ActivatePage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/" element={<ProfilePage />} />
          <Route path="*" element={<Navigate to="/profile" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
