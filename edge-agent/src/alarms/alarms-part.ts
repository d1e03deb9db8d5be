import { dirname } from 'node:path';
import { type AgentEventKind } from '@kort/contracts';
import { agentFiles, type AgentConfig } from '../config';
import { type EventBus } from '../event-bus';
import { type RelayDriver } from '../hardware/relay-driver';
import { SimulatedDriver } from '../hardware/simulated-driver';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';
import { type AgentPart } from '../parts/agent-part';
import { AlarmBook } from './alarm-book';
import { AlarmSimulator, SimulatedPiReadings } from './alarm-simulator';
import { DoorAlarms } from './door-alarms';
import { PiHealth, type PiReadings, SystemPiReadings } from './pi-health';

export interface AlarmsOptions {
  config: AgentConfig;
  driver: RelayDriver;
  bus: EventBus;
  logger: Logger;
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** API time. */
  now: () => number;
  /** The API's clock minus ours (ms) as last measured; null before any measurement. */
  clockOffsetMs: () => number | null;
}

export interface Alarms {
  book: AlarmBook;
  /** Only on the simulated driver: the door display's debug panel and `kort-agent simulate`. */
  simulator: AlarmSimulator | null;
  part: AgentPart;
}

/**
 * The door's and the Pi's alarms as one part of the agent: started after the outbox (every raise
 * and clear goes there) and the driver (whose readings it judges), stopped before them.
 */
export function buildAlarms(options: AlarmsOptions): Alarms {
  const { config, driver, bus, logger } = options;
  const book = new AlarmBook({
    file: agentFiles(config.stateFile).alarms,
    logger,
    record: options.record,
    now: options.now,
  });
  const door = new DoorAlarms({
    bus,
    driver,
    book,
    heldOpenS: config.doorHeldOpenS,
    forcedGraceS: config.doorForcedGraceS,
  });
  // A simulated agent runs on a laptop or in compose: its own temperature and disk are not a court's.
  const simulatedPi = driver instanceof SimulatedDriver ? new SimulatedPiReadings() : null;
  const readings: PiReadings =
    simulatedPi ??
    new SystemPiReadings({
      thermalFile: config.thermalFile,
      stateDir: dirname(config.stateFile),
      clockOffsetMs: options.clockOffsetMs,
    });
  const pi = new PiHealth({ readings, book, logger, checkMs: config.piCheckMs });
  const simulator =
    simulatedPi && driver instanceof SimulatedDriver
      ? new AlarmSimulator({
          driver,
          pi: simulatedPi,
          book,
          checkPi: () => pi.check(),
          heldOpenS: config.doorHeldOpenS,
        })
      : null;
  return {
    book,
    simulator,
    part: {
      name: 'alarms',
      async start() {
        await book.load();
        door.start();
        pi.start();
      },
      async stop() {
        door.stop();
        await pi.stop();
        await book.flush();
      },
    },
  };
}
