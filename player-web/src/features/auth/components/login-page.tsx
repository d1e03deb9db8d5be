import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppLive, useTypedBeforeStart } from '../../../lib/hydration';
import { ui } from '../../../lib/messages';
import type { LoginNotice } from '../../../lib/session';
import { useSocialProviders } from '../api/social-providers';
import { opensDoor, returnAddress, withReturn } from '../../../lib/return-address';
import { useLoginSteps } from '../hooks/use-login';
import { useSocialError } from '../hooks/use-social-error';
import { AuthFrame } from './auth-frame';
import { PasswordRecovery } from './password-recovery';
import { SocialLoginLinks } from './social-login';

/**
 * The spec's login screen: the e-mail step, then the password step; under the e-mail
 * step, the social logins that are switched on, and the reason a social login failed.
 */
export function LoginPage() {
  // Sent here by the app with a reason: the player has just deleted their profile.
  const location = useLocation();
  const notice = location.state as LoginNotice | null;
  // Where the player was going (a door link scanned while signed out): the login goes on there.
  const next = returnAddress(location.search);
  const [socialError, dismissSocialError] = useSocialError();
  const login = useLoginSteps({ beforeSubmit: dismissSocialError, next, initialEmail: notice?.email });
  const { step, email, password, error, busy } = login;
  const emailField = useTypedBeforeStart(login.setEmail);
  // Registration's «Восстановить пароль» under an address that has an account: open on it.
  const [recovering, setRecovering] = useState(notice?.recover ?? false);
  // None while the API is asked and none when it does not answer: a button that leads nowhere is
  // worse than none, and the password login does not depend on this call.
  const providers = useSocialProviders().data ?? [];
  // The prerendered form (first-paint.tsx) is sent by the app, not by the browser.
  const live = useAppLive();
  const errorId = useId();
  const invalid = Boolean(error) || undefined;

  return (
    <AuthFrame>
      <h1>{ui.login.title}</h1>
      {/* Once the app is live: the prerendered page (the same for every address) has no such line. */}
      {live && opensDoor(next) && (
        <p role="status" className="notice">
          {ui.login.toOpenDoor}
        </p>
      )}
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
      <form onSubmit={(event) => void login.submit(event)} noValidate>
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
              aria-invalid={invalid}
              aria-describedby={errorId}
              onChange={(event) => login.setEmail(event.target.value)}
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
                aria-invalid={invalid}
                aria-describedby={errorId}
                onChange={(event) => login.setPassword(event.target.value)}
              />
            </label>
          </>
        )}
        <div id={errorId} className="door-error">
          {/* No account has that address: not a failure to shout about, a way on (a typo, or register). */}
          {error && login.unknownEmail ? (
            <div role="status" className="notice unknown-email">
              <p>
                <strong>{error}</strong>
              </p>
              <p>{ui.login.emailUnknownHint}</p>
              <Link to={withReturn('/register', next)}>{ui.login.registerInstead}</Link>
            </div>
          ) : (
            error && (
              <p role="alert" className="error">
                {error}
              </p>
            )
          )}
        </div>
        <button type="submit" className="primary" disabled={busy || !live}>
          {busy ? ui.wait : step === 'email' ? ui.next : ui.login.submit}
        </button>
        {step === 'password' && (
          <button type="button" onClick={login.back}>
            {ui.back}
          </button>
        )}
      </form>
      {step === 'email' && <SocialLoginLinks providers={providers} next={live ? next : null} />}
      <button type="button" className="link" onClick={() => setRecovering(true)}>
        {ui.login.recoverPassword}
      </button>
      {/* The return address once live: the prerendered page (the same for every address) links plainly. */}
      <Link to={live ? withReturn('/register', next) : '/register'} className="link">
        {ui.login.register}
      </Link>
      {recovering && <PasswordRecovery open email={email} onClose={() => setRecovering(false)} />}
    </AuthFrame>
  );
}
