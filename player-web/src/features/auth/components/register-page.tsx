import { limits, messages, passwordProblem } from '@kort/contracts';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { PasswordFields } from '../../../components/password-fields';
import { errorOf, type Failure } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { phoneForApi } from '../../../lib/phone';
import { useRegPhone } from '../api/reg-phone';
import { useRegister } from '../api/register';
import { emailProblem } from '../hooks/email-problem';
import { ActivationForm } from './activation-form';
import { AuthFrame } from './auth-frame';
import { RegisterDetails } from './register-details';

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
  // Each field's own error, under it: it goes as soon as the field is filled in.
  const [emailError, setEmailError] = useState('');
  const [nameError, setNameError] = useState('');
  // The password step was sent once: any difference between the two passwords is flagged now.
  const [submitted, setSubmitted] = useState(false);
  // The password breaks the rules: the hint under it turns into the error.
  const [weak, setWeak] = useState(false);
  const consentsErrorId = useId();
  const regPhone = useRegPhone();
  const register = useRegister();
  const busy = regPhone.isPending || register.isPending;
  const consentsGiven = rules && personalData;

  function details(event: FormEvent) {
    event.preventDefault();
    setError('');
    const trimmed = name.trim();
    const emailWrong = emailProblem(email);
    const nameWrong = !trimmed
      ? messages.nameRequired
      : [...trimmed].length > limits.nameMaxLength
        ? messages.nameTooLong
        : '';
    setEmailError(emailWrong);
    setNameError(nameWrong);
    if (emailWrong || nameWrong) return;
    regPhone.mutate(
      { email: email.trim(), phone: phoneForApi(phone) },
      { onSuccess: () => setStep('password'), onError: (failure) => setError(registerError(errorOf(failure))) },
    );
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError('');
    setSubmitted(true);
    const problem = passwordProblem(password1);
    // Too short or too weak is what the hint says: the hint turns red rather than a second text.
    const hintSays = problem === messages.passwordTooShort || problem === messages.passwordWeak;
    setWeak(hintSays);
    if (problem && !hintSays) setError(problem);
    if (problem || password1 !== password2 || !consentsGiven) return;
    register.mutate(
      { email: email.trim(), phone_number: phoneForApi(phone), name_user: name.trim(), password1, password2 },
      { onSuccess: () => setStep('code'), onError: (failure) => setError(registerError(errorOf(failure))) },
    );
  }

  return (
    <AuthFrame>
      <h1>{ui.register.title}</h1>
      {step === 'details' && (
        <RegisterDetails
          email={email}
          phone={phone}
          name={name}
          onEmail={(value) => (setEmail(value), value.trim() && setEmailError(''))}
          onPhone={setPhone}
          onName={(value) => (setName(value), value.trim() && setNameError(''))}
          emailError={emailError}
          nameError={nameError}
          error={error}
          busy={busy}
          onSubmit={details}
        />
      )}
      {step === 'password' && (
        <form onSubmit={submitPassword} noValidate>
          <PasswordFields
            labels={[ui.fields.password, ui.fields.passwordAgain]}
            first={password1}
            second={password2}
            onFirst={(value) => (setPassword1(value), setWeak(false))}
            onSecond={setPassword2}
            mismatchText={messages.passwordsDoNotMatch}
            submitted={submitted}
            hintIsError={weak}
          />
          <div className="consents">
            <Consents rules={rules} personalData={personalData} onRules={setRules} onPersonalData={setPersonalData} />
            <p id={consentsErrorId} role="alert" className="error field-error">
              {submitted && !consentsGiven ? ui.register.consentsRequired : ''}
            </p>
          </div>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="primary"
            aria-disabled={!consentsGiven}
            aria-describedby={consentsErrorId}
            disabled={busy}
          >
            {busy ? ui.wait : ui.register.submit}
          </button>
          <button type="button" onClick={() => (setStep('details'), setError(''), setSubmitted(false))}>
            {ui.back}
          </button>
        </form>
      )}
      {step === 'code' && (
        <ActivationForm email={email} onActivated={rules ? acceptRules : undefined} onBack={() => setStep('details')} />
      )}
    </AuthFrame>
  );
}

/**
 * The spec's error rules: network trouble for no answer, a 404 or a server error (errorText); the field
 * errors as the spec names them (password1 as sent, password2 "Пароль не соответствует
 * требованиям"); else the server's text.
 */
export function registerError({ errors, text }: Failure): string {
  if (errors.password1) return errors.password1;
  if (errors.password2) return messages.passwordRequirements;
  return text;
}
