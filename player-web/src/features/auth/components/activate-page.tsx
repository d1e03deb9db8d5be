import { Link, Navigate, useLocation } from 'react-router';
import { ui } from '../../../lib/messages';
import { ActivationForm } from './activation-form';

/** Reached from login when the account is not confirmed: the code screen. */
export function ActivatePage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  if (!email) return <Navigate to="/login" replace />;
  return (
    <main className="auth">
      <h1>{ui.activation.title}</h1>
      <ActivationForm email={email} />
      <Link to="/login" className="link">
        {ui.backToLogin}
      </Link>
    </main>
  );
}
