import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { returnAddress } from '../../../lib/return-address';
import { ui } from '../../../lib/messages';
import { useRegistration } from '../hooks/use-registration';
import { ActivationForm } from './activation-form';
import { AuthFrame } from './auth-frame';
import { RegisterDetails } from './register-details';
import { RegisterPassword, type ConsentsProps } from './register-password';

interface RegisterPageProps {
  /** The consent boxes with their texts (the rules feature's, handed in by the app). */
  Consents: ComponentType<ConsentsProps>;
  /** Records the club's rules as accepted, once the account is confirmed and signed in. */
  acceptRules: () => Promise<unknown>;
}

/** The spec's registration screen: details, then password and consents, then the code. */
export function RegisterPage({ Consents, acceptRules }: RegisterPageProps) {
  const registration = useRegistration();
  // Where the player was going before registering (a door link): the first sign-in goes on there.
  const next = returnAddress(useLocation().search);
  const { step, fields, errors } = registration;
  return (
    <AuthFrame>
      <h1>{ui.register.title}</h1>
      {step === 'details' && (
        <RegisterDetails
          email={fields.email}
          phone={fields.phone}
          name={fields.name}
          onEmail={registration.onEmail}
          onPhone={registration.onPhone}
          onName={registration.onName}
          emailError={errors.emailError}
          emailTaken={registration.emailTaken}
          next={next}
          nameError={errors.nameError}
          error={errors.error}
          busy={registration.busy}
          onSubmit={registration.details}
        />
      )}
      {step === 'password' && <RegisterPassword registration={registration} Consents={Consents} />}
      {step === 'code' && (
        <ActivationForm
          email={fields.email}
          onActivated={fields.rules ? acceptRules : undefined}
          onBack={registration.backFromCode}
          next={next}
        />
      )}
    </AuthFrame>
  );
}
