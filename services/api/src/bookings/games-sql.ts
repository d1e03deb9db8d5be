/**
 * SQL over the games (`bookings`) that other folders set inside a statement of their own, where a
 * question to `GameReads` would cost a round trip or split one atomic write in two. Each names what
 * it asks, so the meaning of «a live game» or «a game that is over» is written here once
 * (docs/architecture.md, "Who reads a table"). The arguments are SQL the caller owns: a column of
 * its own row, or a parameter placeholder such as `$2`.
 */
export const gamesSql = {
  /** True when the court ever had a game, cancelled ones included: its history keeps it. */
  courtHadGame: (court: string): string => `EXISTS (SELECT 1 FROM bookings WHERE court_id = ${court})`,

  /** How many games of the term are live (not cancelled), an int. */
  liveOfSeries: (series: string): string =>
    `(SELECT count(*)::int FROM bookings WHERE series_id = ${series} AND cancelled_at IS NULL)`,

  /** The ids of the site's games that are over at `now`: ended, cancelled or past their hour. */
  overAt: (site: string, now: string): string =>
    `SELECT id FROM bookings WHERE site_id = ${site} AND (ended_at IS NOT NULL OR cancelled_at IS NOT NULL OR ends_at <= ${now})`,

  /** The ids of the site's games still running or to come at `now`: live, not ended, their hour not over. */
  onAt: (site: string, now: string): string =>
    `SELECT id FROM bookings WHERE site_id = ${site} AND cancelled_at IS NULL AND ended_at IS NULL AND ends_at > ${now}`,
} as const;
