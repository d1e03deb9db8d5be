import { AuthError, messages, RequestError } from '@kort/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResendCode } from '../../../components/resend-code';
import { CodeInput } from '../../../components/ui/code-input';
import { errorOf, errorText, RATE_LIMITS, textAmong } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useActivate } from '../api/activate';
import { useResendActivationCode } from '../api/resend-activation-code';

/**
 * The 4-digit code from the letter; a right one signs the player in. `onActivated` runs before the
 * player goes on (registration records the rules accepted on its form; if that fails, the rules
 * screen asks).
 */
export function ActivationForm({
  email,
  onActivated,
  onBack,
  next = null,
}: {
  email: string;
  /** Where the player was going before login or registration (return-address.ts); else the profile. */
  next?: string | null;
  onActivated?: () => Promise<unknown>;
  /** Back to the previous step (a mistyped e-mail is fixed by registering again). */
  onBack?: () => void;
}) {
  const navigate = useNavigate();
  const activate = useActivate();
  const resend = useResendActivationCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [finishing, setFinishing] = useState(false);
  const busy = activate.isPending || finishing;

  async function submit(value: string) {
    setError('');
    try {
      await activate.mutateAsync({ email, code: value });
    } catch (failure) {
      setCode('');
      setError(activationError(failure));
      return;
    }
    setFinishing(true);
    await onActivated?.().catch(() => undefined);
    void navigate(next ?? '/profile');
  }

  return (
    <section>
      <p>{ui.codeSentTo(email)}</p>
      <CodeInput
        autoFocus
        label={ui.activation.codeLabel}
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        disabled={busy}
        invalid={Boolean(error)}
      />
      {busy && <p role="status">{ui.activation.checking}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="muted">{ui.activation.noLetter}</p>
      <ResendCode send={() => resend.mutateAsync(email)} onSent={() => (setCode(''), setError(''))} />
      {onBack && (
        <button type="button" className="wide" onClick={onBack}>
          {ui.back}
        </button>
      )}
    </section>
  );
}

/**
 * The spec's error texts for activation: too many tries and a wrong or expired code read their
 * text (a code the server cannot read is as wrong as a wrong one), a rate limit the server's text,
 * anything else network trouble.
 */
export function activationError(error: unknown): string {
  const failure = errorOf(error);
  if (failure.code === RequestError.Invalid) return errorText(AuthError.CodeInvalid);
  return textAmong(
    failure,
    [AuthError.CodeTooManyTries, AuthError.CodeInvalid, ...RATE_LIMITS],
    messages.networkTrouble,
  );
}
