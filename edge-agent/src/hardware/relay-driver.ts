import { type AgentDriver, RELAYS, type RelayId } from '@kort/contracts';

/** Every relay, always all 13 of them. `true` = energised: door unlocked, light on, shelf released. */
export type RelayStates = Record<RelayId, boolean>;

/** The safe state: door locked, light off, every shelf locked. Hardware starts and stops here. */
export function safeRelayStates(): RelayStates {
  return Object.fromEntries(RELAYS.map((relay) => [relay, false])) as RelayStates;
}

export type DoorSensorListener = (closed: boolean) => void;

/** The optional inputs besides the door sensor (TAMPER_LINE, EXIT_BUTTON_LINE). */
export const DRIVER_INPUTS = ['tamper', 'exit-button'] as const;
export type DriverInput = (typeof DRIVER_INPUTS)[number];
/** `active`: the tamper input tripped, the exit button pressed. */
export type InputListener = (active: boolean) => void;

/** What the agent needs from the court's hardware; GPIO on the Pi, in memory elsewhere. */
export interface RelayDriver {
  /** Logged at start and reported to the dashboard, which marks a simulated agent plainly. */
  readonly kind: AgentDriver;
  start(): Promise<void>;
  set(relay: RelayId, on: boolean): Promise<void>;
  states(): RelayStates;
  /** true closed, false open, null when there is no door sensor. */
  doorClosed(): boolean | null;
  /** Returns a function that removes the listener. */
  onDoorSensor(listener: DoorSensorListener): () => void;
  /** true tripped / pressed, false at rest, null when the input is not wired. */
  inputActive(input: DriverInput): boolean | null;
  /** Hears each settled change of the input; returns a function that removes the listener. */
  onInput(input: DriverInput, listener: InputListener): () => void;
  stop(): Promise<void>;
  /** Where a relay is wired, for `kort-agent test-relay` to print (e.g. "BCM 17, line 17 of /dev/gpiochip0 …"). */
  describe(relay: RelayId): string;
}
