import { Link, Navigate, useLocation } from 'react-router';
import { ActivationForm } from './activation-form';

/** Reached from login when the account is not confirmed (418): the code screen. */
export function ActivatePage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  if (!email) return <Navigate to="/login" replace />;
  return (
    <main className="auth">
      <h1>Подтверждение</h1>
      <ActivationForm email={email} />
      <Link to="/login" className="link">
        Назад ко входу
      </Link>
    </main>
  );
}
