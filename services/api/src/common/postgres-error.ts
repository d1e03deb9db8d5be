/** SQLSTATE, constraint, message and hint of a Postgres error, however TypeORM wrapped it. */
export function postgresError(error: unknown): { code?: string; constraint?: string; message?: string; hint?: string } {
  const wrapped = error as {
    driverError?: { code?: string; constraint?: string; message?: string; hint?: string };
    code?: string;
    constraint?: string;
    message?: string;
    hint?: string;
  };
  const driver = wrapped?.driverError;
  return {
    code: driver?.code ?? wrapped?.code,
    constraint: driver?.constraint ?? wrapped?.constraint,
    message: driver?.message ?? wrapped?.message,
    hint: driver?.hint ?? wrapped?.hint,
  };
}

export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';

/**
 * Raised by the check of every new booking (database/functions/check-booking-slot.ts): the game is
 * inside a closure (MESSAGE: the closure's reason; HINT: 'club' or 'court').
 */
export const SLOT_CLOSED = 'KC001';
/** Raised by the same check: the court is taken out of booking. */
export const COURT_INACTIVE = 'KC002';
