import type { BookingLimits, ClubRules } from '@kort/contracts';
import { ContactText } from '../../../components/ui/contact-text';
import { momentText } from '../../../lib/format';
import { ui } from '../../../lib/messages';

/**
 * The one thing a player paused for no-shows needs to know, in one block: until when, the games
 * that caused it, the club's rule in its own numbers, and how to reach the club.
 */
export function PausedBlock({ limits, rules, contacts }: PausedBlockProps) {
  const noShows = limits.no_shows ?? [];
  return (
    <section className="paused" aria-labelledby="paused-title">
      <h2 id="paused-title">{ui.games.paused(momentText(limits.paused_until ?? ''))}</h2>
      {noShows.length > 0 && (
        <>
          <p>{ui.games.pausedBecause(noShows.length)}</p>
          <ul className="paused-games">
            {noShows.map((game) => (
              <li key={`${game.date} ${game.time} ${game.court}`}>
                {ui.games.gameLine(`${game.date}, ${game.time}`, game.court_name ?? `корт ${game.court}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">
        {ui.games.pausedRule(rules.no_show_after_min, rules.no_show_limit, rules.no_show_pause_days)}
      </p>
      <p className="paused-contact">{ui.games.pausedContact}</p>
      {contacts ? <ContactText text={contacts} /> : <p>…</p>}
    </section>
  );
}
interface PausedBlockProps {
  limits: BookingLimits;
  rules: ClubRules;
  contacts: string | undefined;
}
