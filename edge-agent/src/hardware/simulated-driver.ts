import { type RelayId } from '@kort/contracts';
import { type DoorSensorListener, type RelayDriver, type RelayStates, safeRelayStates } from './relay-driver';

/**
 * Relays in memory, for laptops, docker compose and tests. The door sensor follows the strike: the
 * door reads open while the door relay is on and closed otherwise, as if someone walked through.
 */
export class SimulatedDriver implements RelayDriver {
  readonly kind = 'simulated';
  private relays: RelayStates = safeRelayStates();
  private readonly listeners = new Set<DoorSensorListener>();

  start(): Promise<void> {
    this.relays = safeRelayStates();
    return Promise.resolve();
  }

  set(relay: RelayId, on: boolean): Promise<void> {
    const doorWasClosed = this.doorClosed();
    this.relays[relay] = on;
    const doorClosed = this.doorClosed();
    if (doorClosed !== doorWasClosed) {
      // Like a real door, it swings after the strike moved, not within the same call.
      setImmediate(() => {
        for (const listener of this.listeners) listener(doorClosed);
      });
    }
    return Promise.resolve();
  }

  states(): RelayStates {
    return { ...this.relays };
  }

  doorClosed(): boolean {
    return !this.relays.door;
  }

  onDoorSensor(listener: DoorSensorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  describe(): string {
    return 'simulated: no relay moves';
  }

  stop(): Promise<void> {
    this.relays = safeRelayStates();
    this.listeners.clear();
    return Promise.resolve();
  }
}
