import type { ReactNode } from 'react';
import { Brand } from '../../../components/ui/brand';
import { ui } from '../../../lib/messages';
import { useClubCourts } from '../../../lib/sites';
import { CourtMap } from './court-map';
import './auth.css';

/**
 * The front door (login, registration, the code screen): the club's mark and what Kort is for above
 * the form on a phone; on a desktop the club's plan beside it, in two columns. The plan and the
 * first perk follow the club's courts once GET /api/sites/ answers.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  const courts = useClubCourts();
  return (
    <div className="door">
      <header className="door-hero">
        <Brand size={40} />
        <p className="door-tagline">{ui.login.tagline}</p>
        <div className="door-picture">
          <CourtMap courts={courts} />
          <ul className="door-perks">
            {[ui.login.bookPerk(courts), ...ui.login.perks].map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
      </header>
      <main className="auth door-form">{children}</main>
    </div>
  );
}
