import { messages } from '@kort/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { acceptRules } from '../auth/api';
import { Consents } from './consents';

/**
 * Replaces the app while the player has not accepted the club's rules (the API answers 451):
 * two checkboxes and an accept button (spec section 2).
 */
export function RulesAcceptance({ onAccepted }: { onAccepted: () => void }) {
  const [rules, setRules] = useState(false);
  const [personalData, setPersonalData] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (!rules || !personalData) return setError('Отметьте оба пункта');
    setBusy(true);
    setError('');
    try {
      await acceptRules();
      onAccepted();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.detail : messages.networkTrouble);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth">
      <h1>Правила клуба</h1>
      <p>Чтобы бронировать игры, примите правила клуба и согласие на обработку персональных данных.</p>
      <form onSubmit={(event) => void accept(event)} noValidate>
        <Consents rules={rules} personalData={personalData} onRules={setRules} onPersonalData={setPersonalData} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" aria-disabled={!rules || !personalData} disabled={busy}>
          {busy ? 'Подождите…' : 'Принять'}
        </button>
      </form>
    </main>
  );
}
