import { messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { CodeInput } from '../../components/ui/code-input';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toasts';
import { ApiError } from '../../lib/api-client';
import { NewPasswordForm } from '../account/new-password-form';
import { passwordError } from '../account/password-errors';
import { requestResetCode, resetPassword, verifyResetCode } from './api';

/** Spec section 8: verify code: 403 "Неверный или истекший код подтверждения", otherwise "Ошибка". */
export function verifyError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 403) return messages.verifyCodeInvalid;
  if (failure instanceof ApiError && failure.status === 429) return failure.detail;
  return messages.genericError;
}

interface PasswordRecoveryProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/** The password-recovery modal: the e-mail, the code from the letter, then the new password. */
export function PasswordRecovery({ open, email: initialEmail, onClose }: PasswordRecoveryProps) {
  const toast = useToast();
  const [step, setStep] = useState<'email' | 'code' | 'password'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setStep('email');
    setCode('');
    setError('');
    onClose();
  }

  async function run(work: () => Promise<void>, describe: (failure: unknown) => string) {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        await requestResetCode(email);
        setStep('code');
      },
      (failure) => (failure instanceof ApiError && failure.status < 500 ? failure.detail : messages.networkTrouble),
    );
  };

  const verify = (value: string) =>
    void run(
      async () => {
        await verifyResetCode(email, value);
        setStep('password');
      },
      (failure) => (setCode(''), verifyError(failure)),
    );

  return (
    <Modal open={open} title="Восстановление пароля" onClose={close}>
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate>
          <label>
            E-mail
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Подождите…' : 'Получить код'}
          </button>
        </form>
      )}
      {step === 'code' && (
        <>
          <p>Мы отправили код на {email}</p>
          <CodeInput label="Код из письма" value={code} onChange={setCode} onComplete={verify} disabled={busy} />
        </>
      )}
      {step === 'password' && (
        <NewPasswordForm
          submitLabel="Сохранить пароль"
          describeError={passwordError}
          onSubmit={async (password1, password2) => {
            toast((await resetPassword(email, password1, password2)).detail);
            close();
          }}
        />
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </Modal>
  );
}
