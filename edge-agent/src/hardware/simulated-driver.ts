import { type RelayId } from '@kort/contracts';
import {
  type DoorSensorListener,
  type DriverInput,
  type InputListener,
  type RelayDriver,
  type RelayStates,
  safeRelayStates,
} from './relay-driver';

const inputsAtRest = (): Record<DriverInput, boolean> => ({ tamper: false, 'exit-button': false });

/**
 * Relays in memory, for laptops, docker compose and tests. The door sensor follows the strike: the
 * door reads open while the door relay is on and closed otherwise, as if someone walked through.
 * Every input is wired, and the simulation can move what a person would: push the door open
 * without the strike (`simulateDoor`), trip the tamper switch or press the exit button
 * (`simulateInput`).
 */
export class SimulatedDriver implements RelayDriver {
  readonly kind = 'simulated';
  private relays: RelayStates = safeRelayStates();
  /** Open whatever the strike does (pushed, propped, forced). */
  private doorPushedOpen = false;
  private inputs = inputsAtRest();
  private readonly listeners = new Set<DoorSensorListener>();
  private readonly inputListeners = new Map<DriverInput, Set<InputListener>>();

  start(): Promise<void> {
    this.relays = safeRelayStates();
    this.doorPushedOpen = false;
    this.inputs = inputsAtRest();
    return Promise.resolve();
  }

  set(relay: RelayId, on: boolean): Promise<void> {
    this.moveDoor(() => (this.relays[relay] = on));
    return Promise.resolve();
  }

  states(): RelayStates {
    return { ...this.relays };
  }

  doorClosed(): boolean {
    return !this.relays.door && !this.doorPushedOpen;
  }

  onDoorSensor(listener: DoorSensorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  inputActive(input: DriverInput): boolean {
    return this.inputs[input];
  }

  onInput(input: DriverInput, listener: InputListener): () => void {
    let set = this.inputListeners.get(input);
    if (!set) this.inputListeners.set(input, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Someone pushes the door open (true) with or without the strike, or lets it shut (false). */
  simulateDoor(open: boolean): void {
    this.moveDoor(() => (this.doorPushedOpen = open));
  }

  /** The tamper switch trips (true) or is back (false); the exit button is pressed or let go. */
  simulateInput(input: DriverInput, active: boolean): void {
    if (this.inputs[input] === active) return;
    this.inputs[input] = active;
    // Heard after the call, as a real input is after its debounce.
    setImmediate(() => {
      for (const listener of this.inputListeners.get(input) ?? []) listener(active);
    });
  }

  describe(): string {
    return 'simulated: no relay moves';
  }

  stop(): Promise<void> {
    this.relays = safeRelayStates();
    this.doorPushedOpen = false;
    this.inputs = inputsAtRest();
    this.listeners.clear();
    this.inputListeners.clear();
    return Promise.resolve();
  }

  private moveDoor(change: () => void): void {
    const doorWasClosed = this.doorClosed();
    change();
    const doorClosed = this.doorClosed();
    if (doorClosed !== doorWasClosed) {
      // Like a real door, it swings after the strike moved, not within the same call.
      setImmediate(() => {
        for (const listener of this.listeners) listener(doorClosed);
      });
    }
  }
}
