import { Clock } from '../../src/common/clock';

/** A clock the test moves by hand; starts at the real time unless told otherwise. */
export class TestClock extends Clock {
  private offsetMs = 0;
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (this.fixed) this.fixed = new Date(this.fixed.getTime() + ms);
    else this.offsetMs += ms;
  }

  set(instant: Date | string): void {
    this.fixed = new Date(instant);
  }
}
