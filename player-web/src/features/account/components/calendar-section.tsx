import type { ProfileDetail } from '@kort/contracts';
import { useRef } from 'react';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useCalendarLinkOff } from '../api/calendar-link-off';
import { useNewCalendarLink } from '../api/new-calendar-link';
import './profile-details.css';

/** The feed as a subscription the phone's calendar opens (Apple's and most desktop ones): webcal://. */
export const webcalLink = (feed: string) => feed.replace(/^https?:\/\//, 'webcal://');
/** Google Calendar's "add by URL" with the feed (it takes the webcal:// form). */
export const googleCalendarLink = (feed: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalLink(feed))}`;

/**
 * «Календарь игр»: the player's games as a calendar subscription, added in one tap (the phone's
 * calendar or Google's); the raw link, for any other calendar, is folded away with its copy button.
 */
export function CalendarSection({ me }: { me: ProfileDetail }) {
  const toast = useToast();
  const newCalendarLink = useNewCalendarLink();
  const calendarLinkOff = useCalendarLinkOff();
  const linkInput = useRef<HTMLInputElement>(null);
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');
  const feed = me.calendar_url;

  /** The calendar link to the clipboard; where the browser allows none, it is selected to copy by hand. */
  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast(ui.account.linkCopied);
    } catch {
      linkInput.current?.select();
      toast(ui.account.copyFailed, 'error');
    }
  }

  return (
    <section aria-labelledby="calendar-title" className="account-section calendar-link">
      <h2 id="calendar-title">{ui.account.calendarTitle}</h2>
      {feed ? (
        <>
          <p className="muted">{ui.account.calendarAddHint}</p>
          <div className="actions">
            <a className="button primary" href={webcalLink(feed)}>
              {ui.account.calendarAdd}
            </a>
            <a className="button" href={googleCalendarLink(feed)} target="_blank" rel="noopener noreferrer">
              {ui.account.calendarGoogle}
            </a>
          </div>
          <details className="calendar-more">
            <summary>{ui.account.calendarMore}</summary>
            <input
              ref={linkInput}
              readOnly
              aria-label={ui.account.calendarLinkLabel}
              value={feed}
              onFocus={(e) => e.target.select()}
            />
            <div className="actions">
              <button type="button" onClick={() => void copyLink(feed)}>
                {ui.account.copyLink}
              </button>
              <button
                type="button"
                onClick={() =>
                  calendarLinkOff.mutate(undefined, { onSuccess: (answer) => toast(answer.detail), onError: refused })
                }
              >
                {ui.account.calendarOff}
              </button>
            </div>
          </details>
        </>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => newCalendarLink.mutate(undefined, { onError: refused })}>
            {ui.account.calendarGet}
          </button>
        </div>
      )}
    </section>
  );
}
