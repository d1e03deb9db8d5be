import { AuthError, messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorOf, type Failure } from '../../../lib/errors';
import { useCheckEmail } from '../api/check-email';
import { useLogin as useLoginCall } from '../api/login';
import { emailProblem } from './email-problem';

/** The refusals that mean "no account has this address": the spec's text gets a line of help. */
const UNKNOWN_EMAIL: readonly string[] = [AuthError.EmailUnknown, AuthError.CheckEmail];

/**
 * The spec's two login steps (e-mail, then password) as state: an empty or malformed
 * field is said in words before anything is sent; a refusal reads as the spec words it.
 */
export function useLoginSteps({
  beforeSubmit,
  next,
  initialEmail = '',
}: {
  /** An address handed in (registration found it has an account): the e-mail step starts with it. */
  initialEmail?: string;
  beforeSubmit: () => void;
  /** Where the player was going before the login (return-address.ts); else the profile. */
  next: string | null;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  // The address has no account: say so under the spec's «Проверьте почту», with the way to register.
  const [unknownEmail, setUnknownEmail] = useState(false);
  const checkEmail = useCheckEmail();
  const login = useLoginCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setUnknownEmail(false);
    beforeSubmit();
    const problem = step === 'email' ? emailProblem(email) : password ? '' : messages.passwordRequired;
    if (problem) return setError(problem);
    try {
      if (step === 'email') {
        await checkEmail.mutateAsync(email.trim());
        setStep('password');
      } else {
        await login.mutateAsync({ email: email.trim(), password });
        void navigate(next ?? '/profile');
      }
    } catch (caught) {
      const failure = errorOf(caught);
      // The account is not confirmed yet; a fresh code is on its way.
      if (failure.code === AuthError.AccountInactive || failure.code === AuthError.AccountInactiveCodeLimit)
        return void navigate('/activate', { state: { email: email.trim(), next } });
      setUnknownEmail(UNKNOWN_EMAIL.includes(failure.code));
      setError(loginError(failure));
    }
  }

  function back() {
    setStep('email');
    setPassword('');
    setError('');
  }

  const busy = checkEmail.isPending || login.isPending;
  return { step, email, setEmail, password, setPassword, error, unknownEmail, busy, submit, back };
}

/**
 * The spec's error rules: network trouble for no answer, a 404 or a server error (errorText); the field
 * errors as the spec names them (phone_number reads "Проверьте почту", auth_error as sent); else
 * the server's text.
 */
export function loginError({ errors, text }: Failure): string {
  if (errors.phone_number) return messages.checkEmail;
  return errors.auth_error ?? text;
}
