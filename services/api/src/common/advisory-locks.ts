/**
 * Namespaces of the transaction-scoped advisory locks that the database function checking a new
 * booking (database/functions/check-booking-slot.ts) shares with the API: the first key of
 * pg_advisory_xact_lock(int, int). Each is four ASCII letters read as a number.
 */

/** One insert per court and hour at a time (the second waits, then meets the exclusion constraint). */
export const SLOT_LOCK = 0x736c6f74; // 'slot'

/**
 * A site's shape: every new booking holds it shared while it checks its court and the closures;
 * closing hours or taking a court out of booking holds it exclusively while it cancels the games
 * inside, so no booking slips in between the check and the cancellation.
 */
export const SHAPE_LOCK = 0x73686170; // 'shap'
