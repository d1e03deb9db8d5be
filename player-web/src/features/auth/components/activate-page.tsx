import { Link, Navigate, useLocation } from 'react-router';
import { ui } from '../../../lib/messages';
import { ActivationForm } from './activation-form';
import { AuthFrame } from './auth-frame';

/** Reached from login when the account is not confirmed: the code screen. */
export function ActivatePage() {
  const { email, next = null } = (useLocation().state as { email?: string; next?: string | null } | null) ?? {};
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthFrame>
      <h1>{ui.activation.title}</h1>
      <ActivationForm email={email} next={next} />
      <Link to="/login" className="link">
        {ui.backToLogin}
      </Link>
    </AuthFrame>
  );
}
