import { messages } from '@kort/contracts';
import { useId, type ComponentType } from 'react';
import { PasswordFields } from '../../../components/password-fields';
import { ui } from '../../../lib/messages';
import type { Registration } from '../hooks/use-registration';

/** The two consent boxes of the password step (the club's rules and personal data). */
export interface ConsentsProps {
  rules: boolean;
  personalData: boolean;
  onRules: (checked: boolean) => void;
  onPersonalData: (checked: boolean) => void;
}

interface RegisterPasswordProps {
  registration: Registration;
  Consents: ComponentType<ConsentsProps>;
}

/**
 * Registration's second step: the password twice and the two consents. The submit button reads as
 * unavailable until both consents are given, and says why once pressed.
 */
export function RegisterPassword({ registration: r, Consents }: RegisterPasswordProps) {
  const consentsErrorId = useId();
  const { fields, errors } = r;
  return (
    <form onSubmit={r.submitPassword} noValidate>
      <PasswordFields
        labels={[ui.fields.password, ui.fields.passwordAgain]}
        first={fields.password1}
        second={fields.password2}
        onFirst={r.onPassword1}
        onSecond={r.onPassword2}
        mismatchText={messages.passwordsDoNotMatch}
        submitted={r.submitted}
        hintIsError={r.weak}
      />
      <div className="consents">
        <Consents
          rules={fields.rules}
          personalData={fields.personalData}
          onRules={r.onRules}
          onPersonalData={r.onPersonalData}
        />
        <p id={consentsErrorId} role="alert" className="error field-error">
          {r.submitted && !r.consentsGiven ? ui.register.consentsRequired : ''}
        </p>
      </div>
      {errors.error && (
        <p role="alert" className="error">
          {errors.error}
        </p>
      )}
      <button
        type="submit"
        className="primary"
        aria-disabled={!r.consentsGiven}
        aria-describedby={consentsErrorId}
        disabled={r.busy}
      >
        {r.busy ? ui.wait : ui.register.submit}
      </button>
      <button type="button" onClick={r.backFromPassword}>
        {ui.back}
      </button>
    </form>
  );
}
