import { type EventBus } from '../event-bus';
import { type Logger } from '../logger';

export interface LinkMonitorOptions {
  bus: EventBus;
  logger: Logger;
  /** Offline after this long without any contact with the API. */
  offlineAfterMs: number;
  /** API time, for the offline period the agent reports. */
  now: () => number;
}

/**
 * Whether the agent can count on the API. A socket that says "connected" is not enough: a link that
 * silently drops packets keeps it connected for a minute. So only contact counts (the connect, any
 * server event, any answer to the heartbeat), and `offlineAfterMs` without one flips the agent
 * offline; the next contact flips it back.
 */
export class LinkMonitor {
  private timer: NodeJS.Timeout | null = null;
  private isOffline = false;
  private running = false;
  /** API time of the last contact (or of the start: the agent waits a full period before the keypad). */
  private lastContactAt = 0;

  constructor(private readonly options: LinkMonitorOptions) {}

  get offline(): boolean {
    return this.isOffline;
  }

  start(): void {
    this.running = true;
    this.lastContactAt = this.options.now();
    this.arm();
  }

  /** The API answered or spoke: the link works now. */
  contact(): void {
    if (!this.running) return;
    const at = this.options.now();
    if (this.isOffline) {
      this.isOffline = false;
      this.options.logger.info('the API is reachable again', { offlineSince: this.lastContactAt });
      this.options.bus.emit('linkChanged', { offline: false, since: this.lastContactAt, at });
    }
    this.lastContactAt = at;
    this.arm();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.isOffline = false;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.expire(), this.options.offlineAfterMs);
  }

  private expire(): void {
    this.timer = null;
    this.isOffline = true;
    this.options.logger.warn('the API has not been reached: offline, the door screen shows the keypad', {
      sinceMs: this.options.offlineAfterMs,
    });
    this.options.bus.emit('linkChanged', { offline: true, since: this.lastContactAt, at: this.options.now() });
  }
}
