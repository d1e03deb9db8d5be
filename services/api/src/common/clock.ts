/**
 * The one source of "now" in the API. Time-dependent rules (code expiry, purges, booking windows)
 * take it by injection so tests can move time instead of waiting for it.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
