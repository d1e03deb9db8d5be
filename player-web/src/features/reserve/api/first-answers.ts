import type { QueryClient } from '@tanstack/react-query';
import { bookingLimitsQuery } from '../../../lib/booking-limits';
import { clubRulesQuery } from '../../../lib/club-rules';
import { clubMonth, siteClockQuery } from '../../../lib/site-clock';
import { bookedDaysQuery } from './booked-days';
import { courtsQuery } from './courts';

/**
 * What /reserve shows first, asked for when a visit opens on it, beside the shell's admin check
 * rather than after it: the club's clock, the courts and the club's rules (its hours, quotas and
 * horizon) at once, then the club month's full days and the player's limits. The screen's own
 * queries find them in the cache or already on their way, so the calendar comes two round trips
 * sooner on a phone (docs/decisions/0034-first-load.md). A failure here is the screen's to show:
 * its queries ask again (the rules' failure is not even that: the screen goes on with the spec's).
 */
export function prefetchReserveAnswers(client: QueryClient): void {
  void client.prefetchQuery(courtsQuery);
  void client.prefetchQuery(clubRulesQuery);
  void client
    .fetchQuery(siteClockQuery)
    .then((clock) => {
      const month = clubMonth(clock);
      return Promise.all([
        client.prefetchQuery(bookedDaysQuery(month)),
        client.prefetchQuery(bookingLimitsQuery(month)),
      ]);
    })
    .catch(() => undefined);
}
