import { messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { passwordError } from '../lib/errors';
import { ui } from '../lib/messages';

interface NewPasswordFormProps {
  /** Sends the two passwords; a refusal is shown under the fields as the spec words it. */
  onSubmit: (password1: string, password2: string) => Promise<void>;
  submitLabel: string;
}

/** Two new-password fields with the spec's hint (changing and recovering a password). */
export function NewPasswordForm({ onSubmit, submitLabel }: NewPasswordFormProps) {
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (password1 !== password2) return setError(messages.newPasswordsDoNotMatch);
    setBusy(true);
    try {
      await onSubmit(password1, password2);
    } catch (failure) {
      setError(passwordError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label>
        {ui.fields.newPassword}
        <input
          type="password"
          autoComplete="new-password"
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
        />
      </label>
      <label>
        {ui.fields.newPasswordAgain}
        <input
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
      </label>
      <p className="muted">{messages.passwordHint}</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? ui.wait : submitLabel}
      </button>
    </form>
  );
}
