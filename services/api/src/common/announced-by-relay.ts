/**
 * The transaction-local setting (set_config(…, true)) by which a statement hands its table's
 * change-feed announcement to the event outbox's relay: the notify function
 * (database/functions/change-feed.ts) skips the table it names, and the relay announces it after
 * the commit (decision 0128). Shared by the function's text and the statements that set it, as the
 * advisory locks' keys are.
 */
export const ANNOUNCED_BY_RELAY = 'kort.announced_by_relay';
