import { limits, messages, passwordProblem } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatPhone, phoneForApi } from '../../lib/phone';
import { Consents } from '../rules/consents';
import { ActivationForm } from './activation-form';
import { regPhone, register } from './api';

/** Registration (spec sections 2, 4, 5): details, then password and consents, then the code. */
export function RegisterPage() {
  const [step, setStep] = useState<'details' | 'password' | 'code'>('details');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [rules, setRules] = useState(false);
  const [personalData, setPersonalData] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function details(event: FormEvent) {
    event.preventDefault();
    setError('');
    const trimmed = name.trim();
    if (!trimmed) return setError(messages.nameRequired);
    if ([...trimmed].length > limits.nameMaxLength) return setError(messages.nameTooLong);
    await run(async () => {
      await regPhone(email, phoneForApi(phone));
      setStep('password');
    });
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!rules || !personalData) return;
    if (password1 !== password2) return setError(messages.passwordsDoNotMatch);
    const problem = passwordProblem(password1);
    if (problem) return setError(problem);
    await run(async () => {
      await register({ email, phone_number: phoneForApi(phone), name_user: name.trim(), password1, password2 });
      setStep('code');
    });
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(registerError(failure));
    } finally {
      setBusy(false);
    }
  }

  const consentsGiven = rules && personalData;
  return (
    <main className="auth">
      <h1>Регистрация</h1>
      {step === 'details' && (
        <form onSubmit={(event) => void details(event)} noValidate>
          <label>
            E-mail
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
            Телефон
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
            Имя
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
            {busy ? 'Подождите…' : 'Далее'}
          </button>
          <Link to="/login" className="link">
            Назад ко входу
          </Link>
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={(event) => void submitPassword(event)} noValidate>
          <label>
            Пароль
            <input
              type="password"
              autoComplete="new-password"
              value={password1}
              onChange={(e) => setPassword1(e.target.value)}
            />
          </label>
          <label>
            Пароль ещё раз
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
            {busy ? 'Подождите…' : 'Зарегистрироваться'}
          </button>
          <button type="button" onClick={() => (setStep('details'), setError(''))}>
            Назад
          </button>
        </form>
      )}
      {step === 'code' && <ActivationForm email={email} rulesConsented={rules} onBack={() => setStep('details')} />}
    </main>
  );
}

/** Spec section 8: password1 shown as is, password2 as "Пароль не соответствует требованиям". */
export function registerError(failure: unknown): string {
  if (!(failure instanceof ApiError) || failure.status === 404 || failure.status >= 500) return messages.networkTrouble;
  if (failure.errors.password1) return failure.errors.password1;
  if (failure.errors.password2) return messages.passwordRequirements;
  return failure.detail;
}
