import { messages } from '@kort/contracts';
import { ui } from '../../lib/messages';
import { heldOfflinePins } from '../../lib/offline-pins';
import { rememberedContacts } from '../../lib/remembered-contacts';
import { ContactText } from './contact-text';
import './frame.css';

interface NetworkFailureProps {
  onRetry?: () => void;
  /** The club's contacts when the API gave them; without them the screen says what to try alone. */
  contacts?: string | null;
}

/**
 * The spec's network-failure screen: its sentence as the heading, what to try, «Повторить» (without
 * a reload by hand) and, when known, the club's phone.
 */
export function NetworkFailure({ onRetry, contacts }: NetworkFailureProps) {
  // Today's door PINs kept on this phone: with no connection, the way in when the door's keypad shows.
  const pins = heldOfflinePins();
  // The API's answer, else the contacts as it last gave them (no connection gives nothing).
  const call = contacts ?? rememberedContacts();
  return (
    <main className="page failure-screen">
      <div aria-live="assertive">
        <NoSignalIcon />
        <h1>{messages.noConnection}</h1>
      </div>
      {pins.length > 0 && (
        <section className="failure-pins" aria-label={ui.door.offlinePinTitle}>
          <ul>
            {pins.map(({ pin, court, time }) => (
              <li key={`${pin}-${time}`}>{ui.failure.heldPin({ pin, court, time })}</li>
            ))}
          </ul>
          <p className="muted">{ui.failure.heldPinsHint}</p>
        </section>
      )}
      <h2 id="failure-tips-title" className="failure-tips-title">
        {ui.failure.tipsTitle}
      </h2>
      <ol className="failure-tips" aria-labelledby="failure-tips-title">
        {ui.failure.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ol>
      <button type="button" className="primary wide" onClick={onRetry ?? (() => window.location.reload())}>
        {ui.retry}
      </button>
      {call ? (
        <section className="failure-contacts" aria-labelledby="failure-contacts-title">
          <h2 id="failure-contacts-title">{ui.failure.callTitle}</h2>
          <ContactText text={call} />
        </section>
      ) : (
        <p className="muted failure-contacts">{ui.failure.noContacts}</p>
      )}
    </main>
  );
}

/** Signal bars with a slash: drawn inline, the screen needs nothing from the network. */
function NoSignalIcon() {
  return (
    <svg className="failure-icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="#fdf0f0" />
      <g fill="#a61b1b">
        <rect x="15" y="38" width="6" height="10" rx="1.5" />
        <rect x="25" y="31" width="6" height="17" rx="1.5" />
        <rect x="35" y="24" width="6" height="24" rx="1.5" opacity="0.35" />
        <rect x="45" y="17" width="6" height="31" rx="1.5" opacity="0.35" />
      </g>
      <path d="M14 14l36 36" stroke="#a61b1b" strokeWidth="4.5" strokeLinecap="round" />
    </svg>
  );
}
