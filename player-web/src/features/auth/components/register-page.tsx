import { limits, messages, passwordProblem } from '@kort/contracts';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PasswordFields } from '../../../components/password-fields';
import { errorOf, type Failure } from '../../../lib/errors';
import { useAppLive, useTypedBeforeStart } from '../../../lib/hydration';
import { ui } from '../../../lib/messages';
import { formatPhone, phoneForApi } from '../../../lib/phone';
import { useRegPhone } from '../api/reg-phone';
import { useRegister } from '../api/register';
import { ActivationForm } from './activation-form';

/** The two consent boxes of the password step (the club's rules and personal data). */
export interface ConsentsProps {
  rules: boolean;
  personalData: boolean;
  onRules: (checked: boolean) => void;
  onPersonalData: (checked: boolean) => void;
}

interface RegisterPageProps {
  /** The consent boxes with their texts (the rules feature's, handed in by the app). */
  Consents: ComponentType<ConsentsProps>;
  /** Records the club's rules as accepted, once the account is confirmed and signed in. */
  acceptRules: () => Promise<unknown>;
}

/** Registration (spec sections 2, 4, 5): details, then password and consents, then the code. */
export function RegisterPage({ Consents, acceptRules }: RegisterPageProps) {
  const [step, setStep] = useState<'details' | 'password' | 'code'>('details');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  // The details step is prerendered (first-paint.tsx): what was typed before the app ran is kept,
  // and the form is sent by the app, not by the browser.
  const emailField = useTypedBeforeStart(setEmail);
  const phoneField = useTypedBeforeStart((typed) => setPhone(formatPhone(typed)));
  const nameField = useTypedBeforeStart(setName);
  const live = useAppLive();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [rules, setRules] = useState(false);
  const [personalData, setPersonalData] = useState(false);
  const [error, setError] = useState('');
  // The name's own error, under its field: it goes as soon as a name is typed (issue 19).
  const [nameError, setNameError] = useState('');
  // The password step was sent once: any difference between the two passwords is flagged now.
  const [submitted, setSubmitted] = useState(false);
  // The password breaks the rules: the hint under it turns into the error.
  const [weak, setWeak] = useState(false);
  const nameErrorId = useId();
  const regPhone = useRegPhone();
  const register = useRegister();
  const busy = regPhone.isPending || register.isPending;

  function details(event: FormEvent) {
    event.preventDefault();
    setError('');
    const trimmed = name.trim();
    if (!trimmed) return setNameError(messages.nameRequired);
    if ([...trimmed].length > limits.nameMaxLength) return setNameError(messages.nameTooLong);
    regPhone.mutate(
      { email, phone: phoneForApi(phone) },
      { onSuccess: () => setStep('password'), onError: (failure) => setError(registerError(errorOf(failure))) },
    );
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError('');
    setSubmitted(true);
    if (!rules || !personalData) return;
    if (password1 !== password2) return;
    const problem = passwordProblem(password1);
    // Too short or too weak is what the hint says: the hint turns red rather than a second text.
    if (problem === messages.passwordTooShort || problem === messages.passwordWeak) return setWeak(true);
    if (problem) return setError(problem);
    register.mutate(
      { email, phone_number: phoneForApi(phone), name_user: name.trim(), password1, password2 },
      { onSuccess: () => setStep('code'), onError: (failure) => setError(registerError(errorOf(failure))) },
    );
  }

  const consentsGiven = rules && personalData;
  return (
    <main className="auth">
      <h1>{ui.register.title}</h1>
      {step === 'details' && (
        <form onSubmit={details} noValidate>
          <label>
            {ui.fields.email}
            <input
              ref={emailField}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <label>
            {ui.fields.phone}
            <input
              ref={phoneField}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+7 (999) 999-99-99"
              value={phone}
              onChange={(e) => setPhone(e.target.value ? formatPhone(e.target.value) : '')}
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
                aria-describedby={nameErrorId}
                onChange={(e) => {
                  setName(e.target.value);
                  if (e.target.value.trim()) setNameError('');
                }}
              />
            </label>
            <p id={nameErrorId} role="alert" className="error field-error">
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
      )}
      {step === 'password' && (
        <form onSubmit={submitPassword} noValidate>
          <PasswordFields
            labels={[ui.fields.password, ui.fields.passwordAgain]}
            first={password1}
            second={password2}
            onFirst={(value) => (setPassword1(value), setWeak(false))}
            onSecond={setPassword2}
            mismatchText={messages.passwordsDoNotMatch}
            submitted={submitted}
            hintIsError={weak}
          />
          <Consents rules={rules} personalData={personalData} onRules={setRules} onPersonalData={setPersonalData} />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" className="primary" aria-disabled={!consentsGiven} disabled={busy}>
            {busy ? ui.wait : ui.register.submit}
          </button>
          <button type="button" onClick={() => (setStep('details'), setError(''), setSubmitted(false))}>
            {ui.back}
          </button>
        </form>
      )}
      {step === 'code' && (
        <ActivationForm email={email} onActivated={rules ? acceptRules : undefined} onBack={() => setStep('details')} />
      )}
    </main>
  );
}

/**
 * Spec section 8: network trouble for no answer, a 404 or a server error (errorText); the field
 * errors as the spec names them (password1 as sent, password2 "Пароль не соответствует
 * требованиям"); else the server's text.
 */
export function registerError({ errors, text }: Failure): string {
  if (errors.password1) return errors.password1;
  if (errors.password2) return messages.passwordRequirements;
  return text;
}
