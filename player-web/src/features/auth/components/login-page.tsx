import { AuthError, messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorOf, type Failure } from '../../../lib/errors';
import { useAppLive, useTypedBeforeStart } from '../../../lib/hydration';
import { ui } from '../../../lib/messages';
import type { LoginNotice } from '../../../lib/session';
import { useCheckEmail } from '../api/check-email';
import { useLogin } from '../api/login';
import { useSocialProviders } from '../api/social-providers';
import { useSocialError } from '../hooks/use-social-error';
import { PasswordRecovery } from './password-recovery';
import { SocialLoginLinks } from './social-login';

/**
 * The spec's login screen: the e-mail step, then the password step (section 4); under the e-mail
 * step, the social logins that are switched on (issue 9), and the reason a social login failed.
 */
export function LoginPage() {
  const navigate = useNavigate();
  // Sent here by the app with a reason: the player has just deleted their profile.
  const notice = useLocation().state as LoginNotice | null;
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const emailField = useTypedBeforeStart(setEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [recovering, setRecovering] = useState(false);
  // None while the API is asked and none when it does not answer: a button that leads nowhere is
  // worse than none, and the password login does not depend on this call.
  const providers = useSocialProviders().data ?? [];
  const [socialError, dismissSocialError] = useSocialError();
  const checkEmail = useCheckEmail();
  const login = useLogin();
  const busy = checkEmail.isPending || login.isPending;
  // The prerendered form (first-paint.tsx) is sent by the app, not by the browser.
  const live = useAppLive();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    dismissSocialError();
    try {
      if (step === 'email') {
        await checkEmail.mutateAsync(email);
        setStep('password');
      } else {
        await login.mutateAsync({ email, password });
        void navigate('/profile');
      }
    } catch (caught) {
      const failure = errorOf(caught);
      // The account is not confirmed yet; a fresh code is on its way.
      if (failure.code === AuthError.AccountInactive || failure.code === AuthError.AccountInactiveCodeLimit)
        return void navigate('/activate', { state: { email } });
      setError(loginError(failure));
    }
  }

  return (
    <main className="auth">
      <h1>{ui.login.title}</h1>
      {notice?.accountDeleted && (
        <p role="status" className="notice">
          {ui.login.accountDeleted}
        </p>
      )}
      {socialError && (
        <p role="alert" className="alert">
          {socialError}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {step === 'email' ? (
          <label>
            {ui.fields.email}
            <input
              ref={emailField}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
        ) : (
          <>
            <p className="muted">{email}</p>
            <label>
              {ui.fields.password}
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
          </>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || !live}>
          {busy ? ui.wait : step === 'email' ? ui.next : ui.login.submit}
        </button>
        {step === 'password' && (
          <button type="button" onClick={() => (setStep('email'), setPassword(''), setError(''))}>
            {ui.back}
          </button>
        )}
      </form>
      {step === 'email' && <SocialLoginLinks providers={providers} />}
      <button type="button" className="link" onClick={() => setRecovering(true)}>
        {ui.login.recoverPassword}
      </button>
      <Link to="/register" className="link">
        {ui.login.register}
      </Link>
      {recovering && <PasswordRecovery open email={email} onClose={() => setRecovering(false)} />}
    </main>
  );
}

/**
 * Spec section 8: network trouble for no answer, a 404 or a server error (errorText); the field
 * errors as the spec names them (phone_number reads "Проверьте почту", auth_error as sent); else
 * the server's text.
 */
export function loginError({ errors, text }: Failure): string {
  if (errors.phone_number) return messages.checkEmail;
  return errors.auth_error ?? text;
}
