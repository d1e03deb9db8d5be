import { messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { checkEmail, login } from './api';
import { PasswordRecovery } from './password-recovery';
import { SocialLoginLinks, useSocialError, useSocialProviders } from './social-login';

/**
 * The spec's login screen: the e-mail step, then the password step (section 4); under the e-mail
 * step, the social logins that are switched on (issue 9), and the reason a social login failed.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const providers = useSocialProviders();
  const [socialError, dismissSocialError] = useSocialError();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    dismissSocialError();
    try {
      if (step === 'email') {
        await checkEmail(email);
        setStep('password');
      } else {
        await login({ email, password });
        void navigate('/profile');
      }
    } catch (failure) {
      // 418: the account is not confirmed yet; a fresh code is on its way.
      if (failure instanceof ApiError && failure.status === 418)
        return void navigate('/activate', { state: { email } });
      setError(loginError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth">
      <h1>Вход</h1>
      {socialError && (
        <p role="alert" className="alert">
          {socialError}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {step === 'email' ? (
          <label>
            E-mail
            <input
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
              Пароль
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
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Подождите…' : step === 'email' ? 'Далее' : 'Войти'}
        </button>
        {step === 'password' && (
          <button type="button" onClick={() => (setStep('email'), setPassword(''), setError(''))}>
            Назад
          </button>
        )}
      </form>
      {step === 'email' && <SocialLoginLinks providers={providers} />}
      <button type="button" className="link" onClick={() => setRecovering(true)}>
        Восстановить пароль
      </button>
      <Link to="/register" className="link">
        Регистрация
      </Link>
      {recovering && <PasswordRecovery open email={email} onClose={() => setRecovering(false)} />}
    </main>
  );
}

/** Spec section 8: network trouble for 404/500/no network; the field errors as the spec names them. */
export function loginError(failure: unknown): string {
  if (!(failure instanceof ApiError) || failure.status === 404 || failure.status >= 500) return messages.networkTrouble;
  if (failure.errors.phone_number) return messages.checkEmail;
  if (failure.errors.auth_error) return failure.errors.auth_error;
  return failure.detail;
}
