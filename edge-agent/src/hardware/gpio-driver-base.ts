import { type AgentDriver, type RelayId } from '@kort/contracts';
import { type PinMap } from '../config';
import { type Logger, silentLogger } from '../logger';
import { type DoorSensorListener, type RelayDriver, type RelayStates, safeRelayStates } from './relay-driver';

/** What both GPIO drivers are given besides their way to the lines. */
export interface GpioDriverOptions {
  pins: PinMap;
  activeLow: boolean;
  chipLabel?: string;
  debounceMs: number;
  doorSensorClosedLevel: 0 | 1;
  logger?: Logger;
}

/**
 * What both GPIO drivers keep apart from the hardware: the relay states the agent set, the door
 * sensor's last reading and who listens to it. A driver opens and releases its lines and calls
 * `sensorRead` with each settled reading; listeners hear only a change.
 */
export abstract class GpioDriverBase implements RelayDriver {
  abstract readonly kind: AgentDriver;
  protected relayStates: RelayStates = safeRelayStates();
  /** true closed, false open, null with no sensor (or before the start). */
  protected sensorClosed: boolean | null = null;
  protected readonly logger: Logger;
  private readonly listeners = new Set<DoorSensorListener>();

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

  stop(): Promise<void> {
    this.release();
    this.listeners.clear();
    return Promise.resolve();
  }

  /** A settled reading of the door sensor: the listeners hear it when it differs from the last one. */
  protected sensorRead(closed: boolean): void {
    if (closed === this.sensorClosed) return;
    this.sensorClosed = closed;
    for (const listener of this.listeners) listener(closed);
  }
}
