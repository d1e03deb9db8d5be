/**
 * The SQL of `alerts` (its owner is this folder: docs/architecture.md). An alert is unresolved
 * until `resolved_at`; at most one of a kind per site is (the partial unique index
 * `alerts_one_unresolved`), so every raise is `ON CONFLICT DO NOTHING`: a raise while one is open is
 * that alert, and two replicas raising at once make one.
 */

/** An alert's state, one word: resolved wins over acknowledged. */
const STATE = `CASE WHEN a.resolved_at IS NOT NULL THEN 'resolved'
                    WHEN a.acknowledged_at IS NOT NULL THEN 'acknowledged'
                    ELSE 'open' END`;

/** The API's record (fleet.ts AdminAlert, but `title`) of the alerts `where` keeps, over `a`. */
export const alertRecords = (where: string): string =>
  `SELECT a.id, a.site_id, a.kind, a.detail, ${STATE} AS state, a.raised_at, a.acknowledged_at,
          u.name AS acknowledged_by, a.resolved_at, a.offline
     FROM alerts a LEFT JOIN users u ON u.id = a.acknowledged_by
    WHERE ${where}`;

/** The alerts named by pairs of ids ($1) and their sites ($2), as a condition over `a`. */
export const NAMED = `(a.id, a.site_id) IN (SELECT * FROM unnest($1::int[], $2::text[]))`;

/** What a Telegram message says of an alert ($1, of the site $2), with its site's name and zone. */
export const ALERT_FOR_MESSAGE = `
  SELECT a.id, a.site_id, a.kind, a.detail, a.offline, a.raised_at, a.resolved_at, s.name AS site_name, s.timezone
    FROM alerts a JOIN sites s ON s.id = a.site_id
   WHERE a.id = $1 AND a.site_id = $2`;

/** When each named alert was made: with its id, its job's id for all time (queues.ts, recordKey). */
export const ALERTS_MADE = `SELECT a.id, a.site_id, a.created_at FROM alerts a WHERE ${NAMED}`;

/** An agent's alarm: a new alert, or none when one of its kind is unresolved or its event is known. */
export const RAISE_FROM_AGENT = `
  INSERT INTO alerts (site_id, kind, value, detail, offline, raised_at, raised_event)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT DO NOTHING
  RETURNING id`;

/** The agent says the condition is over: the kind's unresolved alert at the site, never before its raise. */
export const RESOLVE_KIND = `
  UPDATE alerts SET resolved_at = greatest(raised_at, $3)
   WHERE site_id = $1 AND kind = $2 AND resolved_at IS NULL
  RETURNING id`;

/**
 * Sites whose agent is away since before $1 (a site that never had one is not), with no
 * `agent.offline` alert unresolved: every site, as a periodic check does.
 */
export const AWAY_SINCE = `
  SELECT s.id, s.timezone, s.last_seen_at
    FROM sites s
   WHERE NOT s.online AND s.last_seen_at IS NOT NULL AND s.last_seen_at <= $1
     AND NOT EXISTS (SELECT 1 FROM alerts a
                      WHERE a.site_id = s.id AND a.kind = 'agent.offline' AND a.resolved_at IS NULL)`;

/** `agent.offline` for those sites ($1 ids, $2 details, $3 now), still away when it is written. */
export const RAISE_OFFLINE = `
  INSERT INTO alerts (site_id, kind, detail, raised_at)
  SELECT s.id, 'agent.offline', t.detail, $3
    FROM unnest($1::text[], $2::text[]) AS t (site_id, detail)
    JOIN sites s ON s.id = t.site_id AND NOT s.online
  ON CONFLICT DO NOTHING
  RETURNING id, site_id`;

/** The agent is back: the site's `agent.offline` resolved ($1 now; $2 the site, or null: every site online). */
export const RESOLVE_BACK_ONLINE = `
  UPDATE alerts a SET resolved_at = greatest(a.raised_at, $1)
    FROM sites s
   WHERE a.kind = 'agent.offline' AND a.resolved_at IS NULL AND s.id = a.site_id AND s.online
     AND ($2::text IS NULL OR a.site_id = $2)
  RETURNING a.id, a.site_id`;

/** Taken on by an admin, once: a second «Принять» changes nothing. */
export const ACKNOWLEDGE = `
  UPDATE alerts SET acknowledged_at = $3, acknowledged_by = $4
   WHERE id = $1 AND site_id = $2 AND acknowledged_at IS NULL
  RETURNING id`;

/**
 * Who hears of a site's alert in Telegram: owners and admins with a linked chat, their accounts
 * usable (the site each admin runs is decided by SitesService, not here).
 */
export const STAFF_WITH_TELEGRAM = `
  SELECT u.id, u.role, t.chat_id
    FROM users u JOIN telegram_chats t ON t.user_id = u.id
   WHERE u.role IN ('admin', 'owner') AND u.deleted_at IS NULL AND u.confirmed_at IS NOT NULL
   ORDER BY u.id`;
