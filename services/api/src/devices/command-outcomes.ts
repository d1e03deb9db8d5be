import { Injectable } from '@nestjs/common';
import type { RelayStates } from '@kort/contracts';

/** Why a delivery failed: the processor's verdict, carried back to the caller as a value. */
export const DELIVERY_FAILURE = {
  offline: 'agent-offline',
  expired: 'deadline-passed',
  noAck: 'no-ack',
  refused: 'agent-refused',
  /** PostgreSQL went away while the command was being delivered. */
  unavailable: 'service-unavailable',
} as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURE)[keyof typeof DELIVERY_FAILURE];

/** What the worker answers: the relays as the agent left them, or why it could not be done. */
export type DeliveryOutcome =
  | { ok: true; relays: RelayStates }
  /** `detail`: what the agent said when it refused, for the audit row. */
  | { ok: false; failure: DeliveryFailure; detail?: string };

/**
 * The outcomes of commands whose caller waits on this replica. When this replica's worker takes a
 * command (the usual case), the caller hears its outcome the moment the worker has it, not after
 * BullMQ has completed the job and its event has come back through Redis; a command another
 * replica's worker takes is still heard through the queue's events.
 */
@Injectable()
export class CommandOutcomes {
  private readonly waiting = new Map<string, (outcome: DeliveryOutcome) => void>();

  /** Settles when this replica's worker settles `id`; never if another replica's worker takes it. */
  wait(id: string): Promise<DeliveryOutcome> {
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  settle(id: string, outcome: DeliveryOutcome): void {
    this.waiting.get(id)?.(outcome);
    this.waiting.delete(id);
  }

  forget(id: string): void {
    this.waiting.delete(id);
  }
}
