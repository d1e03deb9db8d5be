import { type Logger } from '../logger';
import { bootId } from '../state/boot-id';
import { type StateStore } from '../state/state-store';

/**
 * The API's clock as this agent knows it: deadlines, display expiry and game windows are API times,
 * judged by our clock plus the offset measured at each connect and heartbeat (the Pi may boot with a
 * wrong clock). The offset is kept in the state file for a restart while the link is down, unless the
 * machine rebooted in between.
 */
export class ApiClock {
  private offsetMs = 0;
  /** Whether the offset was measured (on this boot): until then the Pi's clock cannot be judged. */
  private known = false;
  private readonly boot = bootId();

  constructor(
    private readonly state: StateStore,
    private readonly logger: Logger,
    /** This machine's clock (a test moves it). */
    private readonly machineNow: () => number = Date.now,
  ) {}

  readonly now = (): number => this.machineNow() + this.offsetMs;

  /** The API's clock minus ours as last measured, null before any measurement (the pi.clock alarm). */
  get measuredOffsetMs(): number | null {
    return this.known ? this.offsetMs : null;
  }

  /** After the state file is read: the offset saved on this boot, if any. */
  restore(): void {
    const saved = this.state.clock;
    if (this.boot && saved?.bootId === this.boot) {
      this.offsetMs = saved.offsetMs;
      this.known = true;
    }
  }

  /** A new measurement from the API. */
  measured(offsetMs: number): void {
    this.offsetMs = offsetMs;
    this.known = true;
    if (!this.boot) return;
    this.state.clock = { offsetMs, bootId: this.boot };
    this.state.save().catch((error: unknown) => this.logger.error('could not persist the state file', { error }));
  }
}
