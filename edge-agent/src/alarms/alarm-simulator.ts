import { AGENT_ALARMS, type AgentAlarm, ALERT_TITLES, PI_LIMITS } from '@kort/contracts';
import { z } from 'zod';
import { type SimulatedDriver } from '../hardware/simulated-driver';
import { type AlarmBook } from './alarm-book';
import { type PiAlarm, type PiReadings } from './pi-health';

/** POST /debug/alarm on the door display of a simulated agent (and `kort-agent simulate`). */
export const simulateAlarmSchema = z.strictObject({ alarm: z.enum(AGENT_ALARMS), on: z.boolean() });
export const SIMULATE_BODY_MAX_BYTES = 1024;

/** The answer of POST /debug/alarm. */
export interface SimulationAnswer {
  alarm: AgentAlarm;
  on: boolean;
  /** Whether the alarm is raised now (recorded in the outbox). */
  raised: boolean;
  /** door.held-open: the door is open, the alarm comes after this many seconds. */
  afterS?: number;
  /** In Russian, for the debug panel. */
  detail: string;
}

/** Russian texts of the debug answers. */
export const simulationTexts = {
  raised: (alarm: AgentAlarm) => `Тревога «${ALERT_TITLES[alarm]}» поднята`,
  cleared: (alarm: AgentAlarm) => `Тревога «${ALERT_TITLES[alarm]}» снята`,
  heldOpen: (seconds: number) => `Дверь открыта: тревога «${ALERT_TITLES['door.held-open']}» через ${seconds} с`,
  alreadyOpen: 'Дверь уже открыта: сначала закройте её',
  notRaised: 'Условие задано, но тревога не поднята: см. журнал агента',
  notCleared: 'Условие снято, но тревога не снята: см. журнал агента',
  starting: 'Агент ещё запускается, повторите через секунду',
} as const;

/** The figures of a simulated Pi: healthy until raised, then well past the limit. */
export const SIMULATED_PI: Record<PiAlarm, { healthy: number; raised: number }> = {
  'pi.temperature': { healthy: 48, raised: PI_LIMITS.temperatureC + 5 },
  'pi.disk': { healthy: 35, raised: PI_LIMITS.diskPercent + 5 },
  'pi.clock': { healthy: 0, raised: PI_LIMITS.clockDriftS + 15 },
};

/** The Pi of a simulated agent: a laptop's own temperature or disk must not raise alarms for a court. */
export class SimulatedPiReadings implements PiReadings {
  private readonly raised = new Set<PiAlarm>();

  simulate(alarm: PiAlarm, on: boolean): void {
    if (on) this.raised.add(alarm);
    else this.raised.delete(alarm);
  }

  temperatureC(): Promise<number> {
    return Promise.resolve(this.figure('pi.temperature'));
  }

  diskPercent(): Promise<number> {
    return Promise.resolve(this.figure('pi.disk'));
  }

  clockDriftS(): number {
    return this.figure('pi.clock');
  }

  private figure(alarm: PiAlarm): number {
    return SIMULATED_PI[alarm][this.raised.has(alarm) ? 'raised' : 'healthy'];
  }
}

export interface AlarmSimulatorOptions {
  driver: SimulatedDriver;
  pi: SimulatedPiReadings;
  book: AlarmBook;
  /** One look at the Pi's figures now (PiHealth.check), rather than at the next PI_CHECK_MS. */
  checkPi: () => Promise<void>;
  /** DOOR_HELD_OPEN_S */
  heldOpenS: number;
  /** How long an answer waits for the alarm to be recorded. */
  settleMs?: number;
}

/**
 * Brings about each alarm's condition on a simulated agent, as a person or a failing Pi would, and
 * lets the agent's own rules judge it: the door pushed open with the strike locked (door.forced),
 * the door left open after an exit press (door.held-open, after DOOR_HELD_OPEN_S), the tamper input
 * tripped, the Pi's figures past their limits. Clearing undoes the condition.
 */
export class AlarmSimulator {
  constructor(private readonly options: AlarmSimulatorOptions) {}

  async simulate(alarm: AgentAlarm, on: boolean): Promise<SimulationAnswer> {
    const { driver, pi, book, heldOpenS } = this.options;
    if (!book.ready) return { alarm, on, raised: false, detail: simulationTexts.starting };
    switch (alarm) {
      case 'door.forced':
        if (on && driver.doorClosed() === false && !book.isRaised(alarm))
          return { alarm, on, raised: false, detail: simulationTexts.alreadyOpen };
        driver.simulateDoor(on);
        break;
      case 'door.held-open':
        if (!on) driver.simulateDoor(false);
        else if (!book.isRaised(alarm)) {
          // Out through the exit button, and the door left open: an opening that is not forced.
          driver.simulateInput('exit-button', true);
          driver.simulateInput('exit-button', false);
          driver.simulateDoor(true);
          return { alarm, on, raised: false, afterS: heldOpenS, detail: simulationTexts.heldOpen(heldOpenS) };
        }
        break;
      case 'tamper':
        driver.simulateInput('tamper', on);
        break;
      case 'pi.temperature':
      case 'pi.disk':
      case 'pi.clock':
        pi.simulate(alarm, on);
        await this.options.checkPi();
        break;
    }
    await book.waitFor(alarm, on, this.options.settleMs ?? 2000);
    const raised = book.isRaised(alarm);
    const detail =
      raised === on
        ? simulationTexts[on ? 'raised' : 'cleared'](alarm)
        : on
          ? simulationTexts.notRaised
          : simulationTexts.notCleared;
    return { alarm, on, raised, detail };
  }
}
