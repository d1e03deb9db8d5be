import { limits, messages, passwordProblem } from '@kort/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatPhone, phoneForApi } from '../../lib/phone';
import { ActivationForm } from './activation-form';
import { courtRules, regPhone, register } from './api';

const PERSONAL_DATA_TEXT =
  'Я даю согласие на обработку моих персональных данных (e-mail, телефон, имя) для регистрации, ' +
  'бронирования игр и доступа в клуб. Данные не передаются третьим лицам; после удаления профиля ' +
  'они стираются через 10 дней.';

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
  const [modal, setModal] = useState<{ title: string; text: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

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

  async function show(title: string, text: string | Promise<string>) {
    setModal({ title, text: 'Загрузка…' });
    dialog.current?.showModal();
    setModal({ title, text: await text });
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
          <div className="consent">
            <input id="rules" type="checkbox" checked={rules} onChange={(e) => setRules(e.target.checked)} />
            <label htmlFor="rules">Я принимаю</label>
            <button
              type="button"
              className="inline"
              onClick={() =>
                void show(
                  'Правила клуба',
                  courtRules().then((r) => r.detail),
                )
              }
            >
              правила клуба
            </button>
          </div>
          <div className="consent">
            <input
              id="personal-data"
              type="checkbox"
              checked={personalData}
              onChange={(e) => setPersonalData(e.target.checked)}
            />
            <label htmlFor="personal-data">Я согласен на</label>
            <button
              type="button"
              className="inline"
              onClick={() => void show('Персональные данные', PERSONAL_DATA_TEXT)}
            >
              обработку персональных данных
            </button>
          </div>
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
      {step === 'code' && <ActivationForm email={email} />}
      <dialog ref={dialog} aria-label={modal?.title} onClose={() => setModal(null)}>
        <h2>{modal?.title}</h2>
        <p className="pre">{modal?.text}</p>
        <button type="button" onClick={() => dialog.current?.close()}>
          Закрыть
        </button>
      </dialog>
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
