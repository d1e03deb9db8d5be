import { AuthError, messages, nameProblem, passwordProblem } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { errorOf, type Failure } from '../../../lib/errors';
import { phoneForApi } from '../../../lib/phone';
import { useRegPhone } from '../api/reg-phone';
import { useRegister } from '../api/register';
import { emailProblem } from './email-problem';

export type RegisterStep = 'details' | 'password' | 'code';

/**
 * Registration's state across its three steps: the details (checked here, then the e-mail and phone
 * by the server), the password and consents (checked here, then the account is made), then the code.
 */
export function useRegistration() {
  const [step, setStep] = useState<RegisterStep>('details');
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
  // The address already has an account: the e-mail field offers to sign in or recover the password.
  const [emailTaken, setEmailTaken] = useState(false);
  const [nameError, setNameError] = useState('');
  // The password step was sent once: any difference between the two passwords is flagged now.
  const [submitted, setSubmitted] = useState(false);
  // The password breaks the rules: the hint under it turns into the error.
  const [weak, setWeak] = useState(false);
  const regPhone = useRegPhone();
  const register = useRegister();
  const consentsGiven = rules && personalData;

  function details(event: FormEvent) {
    event.preventDefault();
    setError('');
    const emailWrong = emailProblem(email);
    const nameWrong = nameProblem(name) ?? '';
    setEmailError(emailWrong);
    setEmailTaken(false);
    setNameError(nameWrong);
    if (emailWrong || nameWrong) return;
    regPhone.mutate(
      { email: email.trim(), phone: phoneForApi(phone) },
      { onSuccess: () => setStep('password'), onError: refused },
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
      { onSuccess: () => setStep('code'), onError: refused },
    );
  }

  /** A refusal: an address that has an account goes under the e-mail field (back on the first step). */
  function refused(failure: unknown) {
    const said = errorOf(failure);
    if (said.code === AuthError.EmailTaken) {
      setStep('details');
      setEmailError(said.text);
      setEmailTaken(true);
      return;
    }
    setError(registerError(said));
  }

  return {
    step,
    fields: { email, phone, name, password1, password2, rules, personalData },
    errors: { error, emailError, nameError },
    emailTaken,
    submitted,
    weak,
    consentsGiven,
    busy: regPhone.isPending || register.isPending,
    onEmail: (value: string) => (setEmail(value), setEmailTaken(false), value.trim() && setEmailError('')),
    onPhone: setPhone,
    onName: (value: string) => (setName(value), value.trim() && setNameError('')),
    onPassword1: (value: string) => (setPassword1(value), setWeak(false)),
    onPassword2: setPassword2,
    onRules: setRules,
    onPersonalData: setPersonalData,
    details,
    submitPassword,
    backFromPassword: () => (setStep('details'), setError(''), setSubmitted(false)),
    backFromCode: () => setStep('details'),
  };
}

export type Registration = ReturnType<typeof useRegistration>;

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
