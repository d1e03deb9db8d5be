import { Link } from 'react-router';
import { ui } from '../../../lib/messages';

/**
 * The door screen's QR opened when no game of the player's has its door open now: one clear
 * sentence, when a door opens (the club's window) and the way to My games; nothing is sent to the door.
 */
export function NoGameNow({ doorMinutes }: { doorMinutes: number }) {
  return (
    <main className="page">
      <h1>{ui.door.title}</h1>
      <p className="notice" role="status">
        {ui.door.noGameNow}
      </p>
      <p className="muted">{ui.door.noGameNowHint(doorMinutes)}</p>
      <div className="actions">
        <Link to="/profile" className="button primary">
          {ui.door.toMyGames}
        </Link>
      </div>
    </main>
  );
}
