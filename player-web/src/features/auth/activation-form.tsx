import { messages } from '@kort/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeInput } from '../../components/ui/code-input';
import { ApiError } from '../../lib/api-client';
import { acceptRules, activate } from './api';

/**
 * The 4-digit code from the letter; a right one signs the player in (spec section 4). Coming from
 * registration, where the rules box was just ticked, the acceptance is recorded at once, so the
 * new player is not asked a second time (if that call fails, the rules screen asks).
 */
export function ActivationForm({
  email,
  rulesConsented = false,
  onBack,
}: {
  email: string;
  rulesConsented?: boolean;
  /** Back to the previous step (a mistyped e-mail is fixed by registering again). */
  onBack?: () => void;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(value: string) {
    setBusy(true);
    setError('');
    try {
      await activate(email, value);
      if (rulesConsented) await acceptRules().catch(() => undefined);
      void navigate('/profile');
    } catch (failure) {
      setCode('');
      setError(activationError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <p>Мы отправили код на {email}</p>
      <CodeInput
        label="Код из письма"
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        disabled={busy}
        invalid={Boolean(error)}
      />
      {busy && <p role="status">Проверяем код…</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="muted">Письмо не пришло? Проверьте папку «Спам».</p>
      {onBack && (
        <button type="button" className="wide" onClick={onBack}>
          Назад
        </button>
      )}
    </section>
  );
}

/** Spec section 8: 403 too many tries, 400 wrong or expired, the rest network trouble. */
export function activationError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 403) return messages.codeTooManyTries;
  if (failure instanceof ApiError && failure.status === 400) return messages.codeInvalid;
  if (failure instanceof ApiError && failure.status === 429) return failure.detail;
  return messages.networkTrouble;
}
