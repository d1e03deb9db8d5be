import { type StatsFs } from 'node:fs';
import { readFile, statfs as nodeStatfs } from 'node:fs/promises';
import { type AgentAlarm, PI_LIMITS } from '@kort/contracts';
import { type Logger } from '../logger';
import { type AlarmBook } from './alarm-book';

/** What the Pi's health is judged on; a reading that cannot be had here is null (or throws). */
export interface PiReadings {
  /** The CPU temperature, °C. */
  temperatureC(): Promise<number | null>;
  /** The share of the state file's file system in use, %. */
  diskPercent(): Promise<number | null>;
  /** How far the Pi's clock is from the API's, seconds; null until an offset was measured. */
  clockDriftS(): number | null;
}

export type PiAlarm = Extract<AgentAlarm, `pi.${string}`>;

/**
 * Raised at or above the limit (PI_LIMITS), cleared only below the limit minus the hysteresis, so a
 * figure hovering at the limit is one alarm, not one a minute.
 */
export const PI_RULES: readonly { alarm: PiAlarm; limit: number; hysteresis: number; unit: string }[] = [
  { alarm: 'pi.temperature', limit: PI_LIMITS.temperatureC, hysteresis: 5, unit: '°C' },
  { alarm: 'pi.disk', limit: PI_LIMITS.diskPercent, hysteresis: 2, unit: '%' },
  { alarm: 'pi.clock', limit: PI_LIMITS.clockDriftS, hysteresis: 5, unit: 's' },
];

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface SystemPiReadingsOptions {
  /** THERMAL_FILE: millidegrees Celsius, as /sys/class/thermal/thermal_zone0/temp gives them. */
  thermalFile: string;
  /** The folder of STATE_FILE: its file system's fill is the disk alarm's. */
  stateDir: string;
  /** fs.promises.statfs; a test passes its own. */
  statfs?: (path: string) => Promise<Pick<StatsFs, 'blocks' | 'bfree' | 'bavail'>>;
  /** The API's clock minus ours (ms) as last measured; null before any measurement. */
  clockOffsetMs: () => number | null;
}

/** The real Pi: the kernel's thermal zone, statfs, and the offset the link measures. */
export class SystemPiReadings implements PiReadings {
  constructor(private readonly options: SystemPiReadingsOptions) {}

  async temperatureC(): Promise<number> {
    const text = (await readFile(this.options.thermalFile, 'utf8')).trim();
    const millidegrees = Number(text);
    if (!text || !Number.isFinite(millidegrees))
      throw new Error(`not a number of millidegrees: "${text.slice(0, 40)}"`);
    return round1(millidegrees / 1000);
  }

  async diskPercent(): Promise<number | null> {
    const { blocks, bfree, bavail } = await (this.options.statfs ?? nodeStatfs)(this.options.stateDir);
    // As df counts it: the blocks reserved for root are neither used nor available to the agent.
    const used = blocks - bfree;
    const usable = used + bavail;
    return usable > 0 ? round1((used / usable) * 100) : null;
  }

  clockDriftS(): number | null {
    const offset = this.options.clockOffsetMs();
    return offset === null ? null : round1(Math.abs(offset) / 1000);
  }
}

export interface PiHealthOptions {
  readings: PiReadings;
  book: AlarmBook;
  logger: Logger;
  /** PI_CHECK_MS */
  checkMs: number;
}

/** Looks at the Pi's temperature, disk and clock every PI_CHECK_MS and raises or clears their alarms. */
export class PiHealth {
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> = Promise.resolve();
  /** Readings that failed, so a Pi without a thermal zone says so once, not every minute. */
  private readonly unreadable = new Set<PiAlarm>();

  constructor(private readonly options: PiHealthOptions) {}

  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
  }

  /** One look at every figure, after the look under way; resolves once its raises and clears are recorded. */
  check(): Promise<void> {
    this.checking = this.checking
      .then(() => this.once())
      .catch((error: unknown) => {
        this.options.logger.error('pi health check failed', { error });
      });
    return this.checking;
  }

  private async once(): Promise<void> {
    const { book } = this.options;
    for (const rule of PI_RULES) {
      const value = await this.read(rule.alarm);
      if (value === null) continue;
      const { alarm, limit, hysteresis, unit } = rule;
      if (!book.isRaised(alarm) && value >= limit)
        await book.raise(alarm, { value, detail: `${value} ${unit} (limit ${limit} ${unit})` });
      else if (book.isRaised(alarm) && value < limit - hysteresis)
        await book.clear(alarm, { value, detail: `${value} ${unit} (back below ${limit - hysteresis} ${unit})` });
    }
  }

  private async read(alarm: PiAlarm): Promise<number | null> {
    const { readings, logger } = this.options;
    try {
      const value =
        alarm === 'pi.temperature'
          ? await readings.temperatureC()
          : alarm === 'pi.disk'
            ? await readings.diskPercent()
            : readings.clockDriftS();
      if (this.unreadable.delete(alarm)) logger.info('pi health: readable again', { alarm });
      return value;
    } catch (error) {
      if (!this.unreadable.has(alarm)) {
        this.unreadable.add(alarm);
        logger.warn('pi health: cannot read this figure, it is not judged', { alarm, error });
      }
      return null;
    }
  }
}
