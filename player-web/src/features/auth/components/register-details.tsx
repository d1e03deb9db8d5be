import { limits } from '@kort/contracts';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAppLive, useTypedBeforeStart } from '../../../lib/hydration';
import { ui } from '../../../lib/messages';
import { formatPhone } from '../../../lib/phone';
import { withReturn } from '../../../lib/return-address';
import type { LoginNotice } from '../../../lib/session';

interface RegisterDetailsProps {
  email: string;
  phone: string;
  name: string;
  onEmail: (value: string) => void;
  onPhone: (value: string) => void;
  onName: (value: string) => void;
  /** Each field's own message (empty: none), shown under it. */
  emailError: string;
  /** The address already has an account: «Войти» and «Восстановить пароль» under its message. */
  emailTaken?: boolean;
  /** Where the player was going (a door link): signing in instead goes on there. */
  next?: string | null;
  nameError: string;
  /** A refusal of the whole step (the server's, or no answer). */
  error: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** Registration's first step: e-mail, phone (optional) and name; prerendered (first-paint.tsx). */
export function RegisterDetails(props: RegisterDetailsProps) {
  const { email, phone, name, emailError, nameError, error, busy } = props;
  // What was typed before the app ran is kept, and the form is sent by the app, not by the browser.
  const emailField = useTypedBeforeStart(props.onEmail);
  const phoneField = useTypedBeforeStart((typed) => props.onPhone(formatPhone(typed)));
  const nameField = useTypedBeforeStart(props.onName);
  const live = useAppLive();
  const id = useId();
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <div className="field">
        <label>
          {ui.fields.email}
          <input
            ref={emailField}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            aria-invalid={Boolean(emailError) || undefined}
            aria-describedby={`${id}-email`}
            onChange={(e) => props.onEmail(e.target.value)}
          />
        </label>
        <p id={`${id}-email`} role="alert" className="error field-error">
          {emailError}
        </p>
        {props.emailTaken && (
          <p className="field-actions">
            <Link to={withReturn('/login', props.next ?? null)} state={{ email: email.trim() } satisfies LoginNotice}>
              {ui.login.submit}
            </Link>
            <Link
              to={withReturn('/login', props.next ?? null)}
              state={{ email: email.trim(), recover: true } satisfies LoginNotice}
            >
              {ui.login.recoverPassword}
            </Link>
          </p>
        )}
      </div>
      <label>
        {ui.fields.phone}
        <input
          ref={phoneField}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+7 (999) 999-99-99"
          value={phone}
          onChange={(e) => props.onPhone(e.target.value ? formatPhone(e.target.value) : '')}
        />
      </label>
      <div className="field">
        <label>
          {ui.fields.name}
          <input
            ref={nameField}
            autoComplete="given-name"
            required
            maxLength={limits.nameMaxLength}
            value={name}
            aria-invalid={Boolean(nameError) || undefined}
            aria-describedby={`${id}-name`}
            onChange={(e) => props.onName(e.target.value)}
          />
        </label>
        <p id={`${id}-name`} role="alert" className="error field-error">
          {nameError}
        </p>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || !live}>
        {busy ? ui.wait : ui.next}
      </button>
      <Link to="/login" className="link">
        {ui.backToLogin}
      </Link>
    </form>
  );
}
