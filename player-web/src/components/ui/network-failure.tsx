import { messages } from '@kort/contracts';
import { ui } from '../../lib/messages';

/** The spec's network-failure screen, with a way out that does not need a reload by hand. */
export function NetworkFailure({ onRetry }: { onRetry?: () => void }) {
  return (
    <main className="page center" aria-live="assertive">
      <h1>{messages.noConnection}</h1>
      <button type="button" className="primary" onClick={onRetry ?? (() => window.location.reload())}>
        {ui.retry}
      </button>
    </main>
  );
}
