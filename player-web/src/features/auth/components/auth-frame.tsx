import type { ReactNode } from 'react';
import { Brand } from '../../../components/ui/brand';
import { ui } from '../../../lib/messages';
import { CourtMap } from './court-map';
import './auth.css';

/**
 * The front door (login, registration, the code screen): the club's mark and what Kort is for above
 * the form on a phone; on a desktop the club's plan beside it, in two columns.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="door">
      <header className="door-hero">
        <Brand size={40} />
        <p className="door-tagline">{ui.login.tagline}</p>
        <div className="door-picture">
          <CourtMap />
          <ul className="door-perks">
            {ui.login.perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
      </header>
      <main className="auth door-form">{children}</main>
    </div>
  );
}
