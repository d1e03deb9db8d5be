import { AuthError, messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { errorOf, passwordError } from '../lib/errors';
import { ui } from '../lib/messages';
import { PasswordFields } from './password-fields';

interface NewPasswordFormProps {
  /** Sends the two passwords; a refusal is shown under the fields as the spec words it. */
  onSubmit: (password1: string, password2: string) => Promise<void>;
  submitLabel: string;
}

/**
 * Two new-password fields with the spec's hint (changing and recovering a password). A password the
 * server finds weak (its 424, whose text is the hint) turns the hint itself into the error.
 */
export function NewPasswordForm({ onSubmit, submitLabel }: NewPasswordFormProps) {
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState('');
  const [weak, setWeak] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setWeak(false);
    setSubmitted(true);
    // An empty field is said in words here; the server's 422 («Пароль не может быть нулевым») stays its own.
    if (!password1) return setError(ui.recovery.newPasswordRequired);
    if (password1 !== password2) return;
    setBusy(true);
    try {
      await onSubmit(password1, password2);
    } catch (failure) {
      if (errorOf(failure).code === AuthError.NewPasswordWeak) setWeak(true);
      else setError(passwordError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PasswordFields
        labels={[ui.fields.newPassword, ui.fields.newPasswordAgain]}
        first={password1}
        second={password2}
        onFirst={(value) => (setPassword1(value), setWeak(false))}
        onSecond={setPassword2}
        mismatchText={messages.newPasswordsDoNotMatch}
        repeatText={ui.recovery.repeatPassword}
        submitted={submitted}
        hintIsError={weak}
      />
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
