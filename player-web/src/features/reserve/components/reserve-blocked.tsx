import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ContactText } from '../../../components/ui/contact-text';
import { ui } from '../../../lib/messages';
import { useClubContacts } from '../api/club-contacts';
import './reserve-layout.css';

interface ReserveBlockedProps {
  /** What blocks booking, in one sentence: the page's heading. */
  title: string;
  /** Why, and what still stands. */
  children?: ReactNode;
}

/**
 * /reserve when nothing can be booked (paused for no-shows, or the club's games ahead already
 * booked): one clear state instead of a calendar with nothing to choose. It says what and why, how to
 * reach the club, and leads back to My games.
 */
export function ReserveBlocked({ title, children }: ReserveBlockedProps) {
  const navigate = useNavigate();
  const contacts = useClubContacts();
  return (
    <main className="page reserve reserve-blocked">
      <h1>{title}</h1>
      {children}
      <section className="reserve-blocked-contacts" aria-labelledby="reserve-blocked-contacts">
        <h2 id="reserve-blocked-contacts">{ui.games.contacts}</h2>
        <p className="muted">{ui.reserve.blocked.contactsHint}</p>
        {contacts.data ? <ContactText text={contacts.data} /> : <p aria-busy="true">…</p>}
      </section>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void navigate('/profile')}>
          {ui.reserve.blocked.toMyGames}
        </button>
      </div>
    </main>
  );
}
