import { AuthError, messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { NewPasswordForm } from '../../../components/new-password-form';
import { ResendCode } from '../../../components/resend-code';
import { CodeInput } from '../../../components/ui/code-input';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toasts';
import { errorOf, errorText, RATE_LIMITS, textAmong } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useRequestResetCode } from '../api/request-reset-code';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { emailProblem } from '../hooks/email-problem';

/**
 * The spec's error texts for verifying the code: its 403 (a wrong or expired code, and too many
 * wrong ones alike) reads "Неверный или истекший код подтверждения", a rate limit the server's
 * text, otherwise "Ошибка".
 */
export function verifyError(error: unknown): string {
  const failure = errorOf(error);
  if (failure.code === AuthError.CodeTooManyTries) return errorText(AuthError.VerifyCodeInvalid);
  return textAmong(failure, [AuthError.VerifyCodeInvalid, ...RATE_LIMITS], messages.genericError);
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
  const requestCode = useRequestResetCode();
  const verifyCode = useVerifyResetCode();
  const resetPassword = useResetPassword();
  const busy = requestCode.isPending || verifyCode.isPending;

  function close() {
    setStep('email');
    setCode('');
    setError('');
    onClose();
  }

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const problem = emailProblem(email);
    if (problem) return setError(problem);
    requestCode.mutate(email.trim(), {
      onSuccess: () => setStep('code'),
      onError: (failure) => setError(errorOf(failure).text),
    });
  };

  const verify = (value: string) => {
    setError('');
    verifyCode.mutate(
      { email, code: value },
      {
        onSuccess: () => setStep('password'),
        onError: (failure) => (setCode(''), setError(verifyError(failure))),
      },
    );
  };

  return (
    <Modal open={open} title={ui.recovery.title} onClose={close}>
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate>
          <label>
            {ui.fields.email}
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              aria-invalid={Boolean(error) || undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? ui.wait : ui.recovery.getCode}
          </button>
        </form>
      )}
      {step === 'code' && (
        <>
          <p>{ui.codeSentTo(email)}</p>
          <CodeInput
            autoFocus
            label={ui.activation.codeLabel}
            value={code}
            onChange={setCode}
            onComplete={verify}
            disabled={busy}
            invalid={Boolean(error)}
          />
          <ResendCode send={() => requestCode.mutateAsync(email)} onSent={() => (setCode(''), setError(''))} />
        </>
      )}
      {step === 'password' && (
        <NewPasswordForm
          submitLabel={ui.recovery.savePassword}
          onSubmit={async (password1, password2) => {
            toast((await resetPassword.mutateAsync({ email, password1, password2 })).detail);
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
