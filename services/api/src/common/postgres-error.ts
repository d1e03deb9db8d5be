/** SQLSTATE and constraint of a Postgres error, however TypeORM wrapped it. */
export function postgresError(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { driverError?: { code?: string; constraint?: string }; code?: string; constraint?: string };
  return {
    code: wrapped?.driverError?.code ?? wrapped?.code,
    constraint: wrapped?.driverError?.constraint ?? wrapped?.constraint,
  };
}

export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
