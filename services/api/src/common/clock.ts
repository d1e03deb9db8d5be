/**
 * The product's calendar: the "now" of every rule about games, codes and accounts (code expiry,
 * purges, booking windows and quotas, no-shows, door windows). Those take it by injection, so tests
 * move time instead of waiting for it. Durations of live processes read the machine's own
 * `Date.now()` instead: a command's deadline, a socket's ack and heartbeat, a cache entry's age, the
 * shutdown's drain, the rollout ticker's pace (docs/architecture.md, "Two clocks").
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
