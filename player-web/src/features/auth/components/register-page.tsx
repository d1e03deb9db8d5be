import { limits, messages, passwordProblem } from '@kort/contracts';
import { useState, type ComponentType, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorOf, type Failure } from '../../../lib/errors';
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
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [rules, setRules] = useState(false);
  const [personalData, setPersonalData] = useState(false);
  const [error, setError] = useState('');
  const regPhone = useRegPhone();
  const register = useRegister();
  const busy = regPhone.isPending || register.isPending;

  function details(event: FormEvent) {
    event.preventDefault();
    setError('');
    const trimmed = name.trim();
    if (!trimmed) return setError(messages.nameRequired);
    if ([...trimmed].length > limits.nameMaxLength) return setError(messages.nameTooLong);
    regPhone.mutate(
      { email, phone: phoneForApi(phone) },
      { onSuccess: () => setStep('password'), onError: (failure) => setError(registerError(errorOf(failure))) },
    );
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!rules || !personalData) return;
    if (password1 !== password2) return setError(messages.passwordsDoNotMatch);
    const problem = passwordProblem(password1);
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
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+7 (999) 999-99-99"
              value={phone}
              onChange={(e) => setPhone(e.target.value ? formatPhone(e.target.value) : '')}
            />
          </label>
          <label>
            {ui.fields.name}
            <input
              autoComplete="given-name"
              required
              maxLength={limits.nameMaxLength}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? ui.wait : ui.next}
          </button>
          <Link to="/login" className="link">
            {ui.backToLogin}
          </Link>
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={submitPassword} noValidate>
          <label>
            {ui.fields.password}
            <input
              type="password"
              autoComplete="new-password"
              value={password1}
              onChange={(e) => setPassword1(e.target.value)}
            />
          </label>
          <label>
            {ui.fields.passwordAgain}
            <input
              type="password"
              autoComplete="new-password"
              value={password2}
              onChange={(e) => setPassword2(e.target.value)}
            />
          </label>
          <p className="muted">{messages.passwordHint}</p>
          <Consents rules={rules} personalData={personalData} onRules={setRules} onPersonalData={setPersonalData} />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" className="primary" aria-disabled={!consentsGiven} disabled={busy}>
            {busy ? ui.wait : ui.register.submit}
          </button>
          <button type="button" onClick={() => (setStep('details'), setError(''))}>
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
