import { type RelayId } from '@kort/contracts';
import { type Logger } from './logger';

export interface DisplayCode {
  code: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Everything that happens inside the agent, so parts react to each other without knowing each other. */
export interface AgentEvents {
  relayChanged: { device: RelayId; on: boolean; at: number };
  doorSensorChanged: { closed: boolean; at: number };
  displayChanged: { display: DisplayCode | null };
  connectionChanged: { connected: boolean };
  /**
   * The link monitor's verdict flipped. `since`: when the API was last reached (API time); coming back
   * online, the offline period is [since, at).
   */
  linkChanged: { offline: boolean; since: number; at: number };
  /** The strike was released for a pulse (door.open or an offline entry), for `game` when known. */
  doorPulsed: { game: number | null; at: number };
  /** The API switched the light (light.on / light.off); `manual` when an admin did it by hand. */
  lightCommanded: { on: boolean; manual: boolean; at: number };
}

type Listener<K extends keyof AgentEvents> = (payload: AgentEvents[K]) => void | Promise<void>;
type AnyListener = (payload: unknown) => void | Promise<void>;

/**
 * A typed event bus. A listener that throws (or rejects) is logged and skipped: a bug in, say, the
 * socket reporting must never stop the door relocking or crash the daemon.
 */
export class EventBus {
  private readonly listeners = new Map<keyof AgentEvents, Set<AnyListener>>();

  constructor(private readonly logger: Logger) {}

  on<K extends keyof AgentEvents>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const entry = listener as AnyListener;
    set.add(entry);
    return () => set.delete(entry);
  }

  emit<K extends keyof AgentEvents>(event: K, payload: AgentEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.failed(event, error));
      } catch (error) {
        this.failed(event, error);
      }
    }
  }

  removeAll(): void {
    this.listeners.clear();
  }

  private failed(event: keyof AgentEvents, error: unknown): void {
    this.logger.error('event listener failed', { event, error });
  }
}
