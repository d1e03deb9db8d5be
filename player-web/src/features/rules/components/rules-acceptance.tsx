import { useState, type FormEvent } from 'react';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useAcceptRules } from '../api/accept-rules';
import { Consents } from './consents';

/**
 * Replaces the app while the player has not accepted the club's rules (the API answers
 * `auth.rules_not_accepted`): two checkboxes and an accept button.
 */
export function RulesAcceptance({ onAccepted }: { onAccepted: () => void }) {
  const [rules, setRules] = useState(false);
  const [personalData, setPersonalData] = useState(false);
  const [error, setError] = useState('');
  const accept = useAcceptRules();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!rules || !personalData) return setError(ui.rulesAcceptance.tickBoth);
    setError('');
    accept.mutate(undefined, { onSuccess: onAccepted, onError: (failure) => setError(errorOf(failure).text) });
  }

  return (
    <main className="auth">
      <h1>{ui.rules.title}</h1>
      <p>{ui.rulesAcceptance.intro}</p>
      <form onSubmit={submit} noValidate>
        <Consents rules={rules} personalData={personalData} onRules={setRules} onPersonalData={setPersonalData} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" aria-disabled={!rules || !personalData} disabled={accept.isPending}>
          {accept.isPending ? ui.wait : ui.rulesAcceptance.accept}
        </button>
      </form>
    </main>
  );
}
