/**
 * The stats queries, each of one site. Parameters (unless a query says otherwise): $1 the period's first instant, $2
 * the instant after it, $3 the site's zone, and the site's id after a query's own parameters (named where it is used).
 * A game is counted in the local hour and ISO week it starts in.
 */

/** A game that happened or was due: live, or released as a no-show (which also sets cancelled_at). */
const BOOKED = `(b.cancelled_at IS NULL OR b.no_show_at IS NOT NULL)`;
/** Cancelled before it was due. An expired waitlist hold was never the player's game. */
const CANCELLED = `(b.cancelled_at IS NOT NULL AND b.no_show_at IS NULL AND b.held_until IS NULL)`;

/**
 * The open court-hours, counted rather than listed: each local day of the period ($6 to $7,
 * inclusive) has the site's hours ($4 opening, $5 closing) on each of its ($8) courts in booking now; a closure
 * of a court or of its whole site takes away every such local hour it touches (once, however many
 * closures overlap). A year is a few thousand day-hours, not one row per court-hour.
 */
const OPEN_HOURS = `
  day_hours AS (
    SELECT d::date AS day, h AS hour
      FROM generate_series($6::date, $7::date, interval '1 day') d CROSS JOIN generate_series($4::int, $5::int - 1) h
  ),
  open_courts AS (SELECT id AS court_id, site_id FROM courts WHERE active AND site_id = $8),
  closed AS (
    SELECT DISTINCT oc.court_id, lt
      FROM closures cl
      JOIN open_courts oc ON oc.site_id = cl.site_id AND (cl.court_id IS NULL OR cl.court_id = oc.court_id)
     CROSS JOIN LATERAL generate_series(
             date_trunc('hour', greatest(cl.starts_at, $1::timestamptz) AT TIME ZONE $3),
             (least(cl.ends_at, $2::timestamptz) AT TIME ZONE $3) - interval '1 microsecond',
             interval '1 hour') AS lt
     WHERE cl.starts_at < $2 AND cl.ends_at > $1
       AND extract(hour FROM lt) >= $4 AND extract(hour FROM lt) < $5
  )`;

/** The site's ($8) games starting in the period, with their local start `lt`. */
const GAMES = `
  games AS (
    SELECT b.court_id, b.starts_at AT TIME ZONE $3 AS lt, ${BOOKED} AS booked, (b.started_at IS NOT NULL) AS played,
           (b.no_show_at IS NOT NULL) AS no_show, ${CANCELLED} AS cancelled
      FROM bookings b
     WHERE b.site_id = $8 AND b.starts_at >= $1 AND b.starts_at < $2
  )`;

const local = (column: string) => `(${column} AT TIME ZONE $3)`;
const weekOf = (column: string) => `date_trunc('week', ${local(column)})::date`;

export const OCCUPANCY_SQL = `
  WITH ${OPEN_HOURS}, ${GAMES},
  cells AS (
    SELECT extract(isodow FROM day)::int AS weekday, hour, (SELECT count(*) FROM open_courts)::int AS open,
           0 AS booked, 0 AS played, 0 AS no_show, 0 AS cancelled
      FROM day_hours
    UNION ALL
    SELECT extract(isodow FROM lt)::int, extract(hour FROM lt)::int, -1, 0, 0, 0, 0 FROM closed
    UNION ALL
    SELECT extract(isodow FROM lt)::int, extract(hour FROM lt)::int, 0, booked::int, played::int, no_show::int,
           cancelled::int
      FROM games
  )
  SELECT weekday, hour, sum(open)::int AS court_hours_open, sum(booked)::int AS booked, sum(played)::int AS played,
         sum(no_show)::int AS no_show, sum(cancelled)::int AS cancelled
    FROM cells GROUP BY weekday, hour`;

export const COURTS_SQL = `
  WITH ${OPEN_HOURS}, ${GAMES},
  weeks AS (
    SELECT oc.court_id, date_trunc('week', dh.day)::date AS week_start, count(*)::int AS open, 0 AS booked, 0 AS played
      FROM day_hours dh CROSS JOIN open_courts oc GROUP BY 1, 2
    UNION ALL
    SELECT court_id, date_trunc('week', lt)::date, -1, 0, 0 FROM closed
    UNION ALL
    SELECT court_id, date_trunc('week', lt)::date, 0, booked::int, played::int FROM games
  )
  SELECT w.court_id::text AS court_id, c.name AS court_name, to_char(w.week_start, 'YYYY-MM-DD') AS week_start,
         sum(w.open)::int AS court_hours_open, sum(w.booked)::int AS booked, sum(w.played)::int AS played
    FROM weeks w JOIN courts c ON c.id = w.court_id
   GROUP BY w.court_id, c.name, c.sort_order, w.week_start
   ORDER BY w.week_start, c.sort_order, w.court_id`;

/** $4: the site. */
export const DEMAND_SQL = `
  SELECT extract(isodow FROM ${local('w.starts_at')})::int AS weekday, extract(hour FROM ${local('w.starts_at')})::int AS hour,
         count(*)::int AS joined, count(*) FILTER (WHERE w.state = 'booked')::int AS got_court
    FROM waitlist_entries w
   WHERE w.site_id = $4 AND w.starts_at >= $1 AND w.starts_at < $2
   GROUP BY 1, 2`;

/**
 * A late cancellation: the player's own, less than $4 hours before the start. Not the club's: no
 * admin cancelled it and no closure covers it (the club's cancellations go through both).
 */
const late = (
  hoursParam: string,
) => `(${CANCELLED} AND b.cancelled_at > b.starts_at - make_interval(hours => ${hoursParam})
  AND NOT EXISTS (SELECT 1 FROM admin_actions a
                   WHERE a.target_type = 'booking' AND a.target_id = b.id::text AND a.action = 'booking.cancel')
  AND NOT EXISTS (SELECT 1 FROM closures cl JOIN courts c ON c.id = b.court_id
                   WHERE cl.site_id = c.site_id AND (cl.court_id IS NULL OR cl.court_id = b.court_id)
                     AND cl.starts_at < b.ends_at AND cl.ends_at > b.starts_at))`;
/** A no-show the admin forgave is not held against the player. */
const NO_SHOW = `(b.no_show_at IS NOT NULL AND b.no_show_forgiven_at IS NULL)`;

/** $4: the hours of a late cancellation, $5: the site. */
export const NO_SHOW_WEEKS_SQL = `
  SELECT to_char(${weekOf('b.starts_at')}, 'YYYY-MM-DD') AS week_start,
         count(*) FILTER (WHERE ${NO_SHOW})::int AS no_shows, count(*) FILTER (WHERE ${late('$4::int')})::int AS late_cancellations
    FROM bookings b
   WHERE b.site_id = $5 AND b.starts_at >= $1 AND b.starts_at < $2 AND b.cancelled_at IS NOT NULL
   GROUP BY 1 ORDER BY 1`;

/** $1 and $2 the period, $3 the hours of a late cancellation, $4 how many players, $5 the site. */
export const NO_SHOW_PLAYERS_SQL = `
  SELECT u.id::text AS user_id, u.name, t.no_shows, t.late_cancellations FROM (
    SELECT b.user_id, count(*) FILTER (WHERE ${NO_SHOW})::int AS no_shows,
           count(*) FILTER (WHERE ${late('$3::int')})::int AS late_cancellations
      FROM bookings b
     WHERE b.site_id = $5 AND b.starts_at >= $1 AND b.starts_at < $2 AND b.cancelled_at IS NOT NULL
     GROUP BY b.user_id
  ) t JOIN users u ON u.id = t.user_id
   WHERE t.no_shows + t.late_cancellations > 0
   ORDER BY t.no_shows + t.late_cancellations DESC, t.no_shows DESC, u.id
   LIMIT $4`;

/** Door openings that happened at the site ($4): a code at the door, an offline PIN at the keypad, an admin's «open». */
export const OPENINGS_SQL = `
  SELECT to_char(${weekOf('requested_at')}, 'YYYY-MM-DD') AS week_start,
         count(*) FILTER (WHERE action = 'door.open' AND origin = 'api')::int AS online_code,
         count(*) FILTER (WHERE action = 'door.entry')::int AS offline_pin,
         count(*) FILTER (WHERE action = 'door.hold' AND origin = 'api')::int AS admin
    FROM commands
   WHERE site_id = $4 AND action IN ('door.open', 'door.entry', 'door.hold') AND status = 'done'
     AND requested_at >= $1 AND requested_at < $2
   GROUP BY 1`;

/**
 * Lights-on hours per week at the site ($5): from each light.on (agent's or admin's) to its next light event,
 * inside the period or after it, but never past $4 (now, or the period's end if sooner); clipped to
 * the period. Events of the day before are read so that a light switched on before the period
 * counts from its start.
 */
export const LIGHT_SQL = `
  WITH ev AS (
    SELECT site_id, action, requested_at AS at,
           coalesce(lead(requested_at) OVER (PARTITION BY site_id ORDER BY requested_at, id),
                    (SELECT min(n.requested_at) FROM commands n
                      WHERE n.site_id = commands.site_id AND n.requested_at >= $2
                        AND n.action IN ('light.on', 'light.off') AND n.status = 'done')) AS next_at
      FROM commands
     WHERE site_id = $5 AND action IN ('light.on', 'light.off') AND status = 'done'
       AND requested_at >= $1::timestamptz - interval '1 day' AND requested_at < $2::timestamptz
  ), spans AS (
    SELECT greatest(at, $1::timestamptz) AS from_at, least(next_at, $4::timestamptz) AS to_at FROM ev WHERE action = 'light.on'
  )
  SELECT to_char(${weekOf('from_at')}, 'YYYY-MM-DD') AS week_start,
         sum(extract(epoch FROM to_at - from_at)) / 3600 AS light_hours
    FROM spans WHERE to_at > from_at GROUP BY 1`;

/** $4: the site. */
export const PLAYED_SQL = `
  SELECT to_char(${weekOf('b.starts_at')}, 'YYYY-MM-DD') AS week_start,
         sum(extract(epoch FROM b.ends_at - b.starts_at)) / 3600 AS played_hours
    FROM bookings b
   WHERE b.site_id = $4 AND b.starts_at >= $1 AND b.starts_at < $2 AND b.started_at IS NOT NULL
   GROUP BY 1`;

/** The site's ($3) agent's reported offline periods touching the period, and the one going on now. */
export const OFFLINE_SQL = `
  SELECT requested_at AS from_at, finished_at AS to_at FROM commands
   WHERE site_id = $3 AND action = 'agent.offline' AND requested_at < $2 AND finished_at > $1
  UNION ALL
  SELECT last_seen_at, NULL FROM sites
   WHERE id = $3 AND NOT online AND last_seen_at IS NOT NULL AND last_seen_at < $2
  ORDER BY 1`;

/**
 * Money of the site ($4) in the period: payments by the local day they succeeded, refunds by the
 * local day they were made, each with its game's court. Kopecks.
 */
export const REVENUE_SQL = `
  WITH moves AS (
    SELECT p.paid_at AS at, b.court_id, p.amount_kopecks AS paid, 0 AS refunded
      FROM payments p JOIN bookings b ON b.id = p.booking_id
     WHERE p.site_id = $4 AND p.status = 'succeeded' AND p.paid_at >= $1 AND p.paid_at < $2
    UNION ALL
    SELECT r.done_at, b.court_id, 0, r.amount_kopecks
      FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = p.booking_id
     WHERE r.site_id = $4 AND r.status = 'succeeded' AND r.done_at >= $1 AND r.done_at < $2
  )
  SELECT to_char(${local('m.at')}, 'YYYY-MM-DD') AS day, m.court_id, c.name AS court_name,
         sum(m.paid)::bigint::int AS paid, sum(m.refunded)::bigint::int AS refunded
    FROM moves m JOIN courts c ON c.id = m.court_id
   GROUP BY 1, 2, 3 ORDER BY 1, 2`;
