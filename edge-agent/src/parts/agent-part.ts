import { type Logger } from '../logger';

/**
 * One piece of the running agent with one shape (as zigbee2mqtt's extensions): the agent starts its
 * parts in order and stops them in reverse, so a part can count on every part before it while it runs.
 */
export interface AgentPart {
  /** Named in the log when its stop fails. */
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** The agent's parts: started in order, the started ones stopped in reverse. */
export class AgentParts {
  private readonly started: AgentPart[] = [];

  constructor(
    private readonly parts: readonly AgentPart[],
    private readonly logger: Logger,
  ) {}

  /** Whether any part has started (and so has something to stop). */
  get running(): boolean {
    return this.started.length > 0;
  }

  /** Starts each part in order; the first one that fails stops the start (the caller then stops the others). */
  async start(): Promise<void> {
    for (const part of this.parts) {
      await part.start();
      this.started.push(part);
    }
  }

  /** Stops the started parts, last started first. A part that fails to stop is logged; the next ones still stop. */
  async stop(): Promise<void> {
    for (let part = this.started.pop(); part; part = this.started.pop()) {
      try {
        await part.stop();
      } catch (error) {
        this.logger.error('stopping a part failed', { part: part.name, error });
      }
    }
  }
}
