import { type AgentDriver, type RelayId } from '@kort/contracts';
import { type PinMap } from '../config';
import { type Logger, silentLogger } from '../logger';
import {
  DRIVER_INPUTS,
  type DoorSensorListener,
  type DriverInput,
  type InputListener,
  type RelayDriver,
  type RelayStates,
  safeRelayStates,
} from './relay-driver';

/** What both GPIO drivers are given besides their way to the lines. */
export interface GpioDriverOptions {
  pins: PinMap;
  activeLow: boolean;
  chipLabel?: string;
  /** The door sensor's debounce, also the tamper input's and the exit button's. */
  debounceMs: number;
  doorSensorClosedLevel: 0 | 1;
  /** BCM numbers of the optional inputs (TAMPER_LINE, EXIT_BUTTON_LINE). */
  inputs?: Partial<Record<DriverInput, number>>;
  logger?: Logger;
}

/**
 * How the optional inputs are wired: each a switch to ground, with the pin's pull-up. The tamper
 * switch is normally closed (the case shut reads 0), so a cut wire trips it as an opened case does;
 * the exit button is normally open (a press reads 0).
 */
export const INPUT_ACTIVE_LEVEL: Record<DriverInput, 0 | 1> = { tamper: 1, 'exit-button': 0 };

/** Each input by the setting that wires it, as an error about its pin names it. */
export const INPUT_SETTING: Record<DriverInput, string> = { tamper: 'tamperLine', 'exit-button': 'exitButtonLine' };

/** The wired inputs with their BCM numbers. */
export function wiredInputs(options: Pick<GpioDriverOptions, 'inputs'>): [DriverInput, number][] {
  return DRIVER_INPUTS.flatMap((input) => {
    const pin = options.inputs?.[input];
    return pin === undefined ? [] : [[input, pin] as [DriverInput, number]];
  });
}

/** Every line the driver holds by the name an error gives it: the pin map, then the inputs. */
export function namedLines(options: Pick<GpioDriverOptions, 'pins' | 'inputs'>): Record<string, number | undefined> {
  return {
    ...options.pins,
    ...Object.fromEntries(wiredInputs(options).map(([input, pin]) => [INPUT_SETTING[input], pin])),
  };
}

/**
 * What both GPIO drivers keep apart from the hardware: the relay states the agent set, the last
 * settled reading of the door sensor and of the other inputs, and who listens to them. A driver
 * opens and releases its lines and calls `sensorRead` / `inputRead` with each settled reading;
 * listeners hear only a change.
 */
export abstract class GpioDriverBase implements RelayDriver {
  abstract readonly kind: AgentDriver;
  protected relayStates: RelayStates = safeRelayStates();
  /** true closed, false open, null with no sensor (or before the start). */
  protected sensorClosed: boolean | null = null;
  /** true tripped / pressed, null when not wired (or before the start). */
  protected inputLevels: Record<DriverInput, boolean | null> = { tamper: null, 'exit-button': null };
  protected readonly logger: Logger;
  private readonly listeners = new Set<DoorSensorListener>();
  private readonly inputListeners = new Map<DriverInput, Set<InputListener>>();

  constructor(logger: Logger | undefined) {
    this.logger = logger ?? silentLogger;
  }

  abstract start(): Promise<void>;
  abstract set(relay: RelayId, on: boolean): Promise<void>;
  abstract describe(relay: RelayId): string;
  /** Every relay off, then the lines handed back; also undoes a start that failed halfway. */
  protected abstract release(): void;

  states(): RelayStates {
    return { ...this.relayStates };
  }

  doorClosed(): boolean | null {
    return this.sensorClosed;
  }

  onDoorSensor(listener: DoorSensorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  inputActive(input: DriverInput): boolean | null {
    return this.inputLevels[input];
  }

  onInput(input: DriverInput, listener: InputListener): () => void {
    let set = this.inputListeners.get(input);
    if (!set) this.inputListeners.set(input, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  stop(): Promise<void> {
    this.release();
    this.listeners.clear();
    this.inputListeners.clear();
    return Promise.resolve();
  }

  /** A settled reading of the door sensor: the listeners hear it when it differs from the last one. */
  protected sensorRead(closed: boolean): void {
    if (closed === this.sensorClosed) return;
    this.sensorClosed = closed;
    for (const listener of this.listeners) listener(closed);
  }

  /** An input's level when its line was opened: known to all, told to none (nothing changed). */
  protected inputOpened(input: DriverInput, level: 0 | 1): void {
    this.inputLevels[input] = level === INPUT_ACTIVE_LEVEL[input];
  }

  /** A settled level of an input: the listeners hear whether it is active, when that changed. */
  protected inputRead(input: DriverInput, level: 0 | 1): void {
    const active = level === INPUT_ACTIVE_LEVEL[input];
    if (active === this.inputLevels[input]) return;
    this.inputLevels[input] = active;
    for (const listener of this.inputListeners.get(input) ?? []) listener(active);
  }
}
