import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentEvent, type AgentEventKind, PI_LIMITS } from '@kort/contracts';
import { AlarmBook } from '../src/alarms/alarm-book';
import { PiHealth, SystemPiReadings } from '../src/alarms/pi-health';
import { type OutboxFields } from '../src/outbox/outbox-store';
import { capturingLogger, eventually, tempDir } from './support/helpers';

type Alarmed = { kind: AgentEventKind; params: AgentEvent['params'] };
const GIB_BLOCKS = 262_144; // 1 GiB of 4 KiB blocks

/**
 * A Pi whose thermal zone is a temp file (millidegrees, as the kernel writes it), whose file system
 * and clock offset the test sets.
 */
function pi(dir = tempDir()) {
  const thermalFile = join(dir, 'temp');
  const figures = { milli: 45_000, usedPercent: 40, offsetMs: null as number | null };
  const setTemperature = (celsius: number) => writeFileSync(thermalFile, `${Math.round(celsius * 1000)}\n`);
  setTemperature(45);
  const readings = new SystemPiReadings({
    thermalFile,
    stateDir: dir,
    // 5 % reserved for root, as ext4 keeps: neither used nor available to the agent.
    statfs: (path) => {
      expect(path).toBe(dir);
      const reserved = GIB_BLOCKS * 0.05;
      const usable = GIB_BLOCKS - reserved;
      const used = Math.round((usable * figures.usedPercent) / 100);
      return Promise.resolve({ blocks: GIB_BLOCKS, bfree: GIB_BLOCKS - used, bavail: usable - used });
    },
    clockOffsetMs: () => figures.offsetMs,
  });
  return { dir, thermalFile, figures, readings, setTemperature };
}

function healthOf(readings: SystemPiReadings, file: string, recorded: Alarmed[], checkMs = 60_000) {
  const logger = capturingLogger();
  const record = (kind: AgentEventKind, { params }: OutboxFields) =>
    Promise.resolve(void recorded.push({ kind, params }));
  const book = new AlarmBook({ file, logger, record, now: Date.now });
  const health = new PiHealth({ readings, book, logger, checkMs });
  return { book, health, logger };
}

test('the readings: millidegrees to °C, the used share as df counts it, the drift only once measured', async () => {
  const board = pi();
  board.setTemperature(81.234);
  expect(await board.readings.temperatureC()).toBe(81.2);
  board.figures.usedPercent = 90;
  expect(await board.readings.diskPercent()).toBe(90);
  expect(board.readings.clockDriftS()).toBeNull();
  board.figures.offsetMs = -31_460;
  expect(board.readings.clockDriftS()).toBe(31.5);
});

test('temperature: raised once at 80 °C with its figure, kept above 75 °C, cleared once below', async () => {
  const board = pi();
  const recorded: Alarmed[] = [];
  const { health, logger } = healthOf(board.readings, join(board.dir, 'alarms'), recorded);
  board.setTemperature(PI_LIMITS.temperatureC - 0.1);
  await health.check();
  expect(recorded).toEqual([]);
  board.setTemperature(PI_LIMITS.temperatureC);
  await health.check();
  board.setTemperature(86.4);
  await health.check();
  board.setTemperature(75); // the hysteresis: still hot
  await health.check();
  expect(recorded).toEqual([{ kind: 'alarm.raised', params: { alarm: 'pi.temperature', value: 80 } }]);
  expect(logger.entries()).toContainEqual(
    expect.objectContaining({
      level: 'warn',
      msg: 'alarm raised',
      alarm: 'pi.temperature',
      title: 'Перегрев Raspberry Pi',
      detail: '80 °C (limit 80 °C)',
    }),
  );
  board.setTemperature(74.9);
  await health.check();
  await health.check();
  expect(recorded.slice(1)).toEqual([{ kind: 'alarm.cleared', params: { alarm: 'pi.temperature' } }]);
});

test('disk: raised once at 90 % of the state file system, cleared below 88 %', async () => {
  const board = pi();
  const recorded: Alarmed[] = [];
  const { health } = healthOf(board.readings, join(board.dir, 'alarms'), recorded);
  board.figures.usedPercent = 93;
  await health.check();
  board.figures.usedPercent = 88;
  await health.check();
  expect(recorded).toEqual([{ kind: 'alarm.raised', params: { alarm: 'pi.disk', value: 93 } }]);
  board.figures.usedPercent = 87.5;
  await health.check();
  expect(recorded.slice(1)).toEqual([{ kind: 'alarm.cleared', params: { alarm: 'pi.disk' } }]);
});

test('clock: not judged before an offset is measured; raised at 30 s either way, cleared once back', async () => {
  const board = pi();
  const recorded: Alarmed[] = [];
  const { health } = healthOf(board.readings, join(board.dir, 'alarms'), recorded);
  await health.check();
  expect(recorded).toEqual([]);
  board.figures.offsetMs = -45_000; // the Pi 45 s ahead of the API
  await health.check();
  board.figures.offsetMs = 0.2;
  await health.check();
  board.figures.offsetMs = 50_000;
  await health.check();
  expect(recorded).toEqual([
    { kind: 'alarm.raised', params: { alarm: 'pi.clock', value: 45 } },
    { kind: 'alarm.cleared', params: { alarm: 'pi.clock' } },
    { kind: 'alarm.raised', params: { alarm: 'pi.clock', value: 50 } },
  ]);
});

test('a restart does not raise a raised alarm again, and clears it when the figure is back', async () => {
  const board = pi();
  const file = join(board.dir, 'alarms');
  const recorded: Alarmed[] = [];
  board.setTemperature(83);
  board.figures.usedPercent = 95;
  const before = healthOf(board.readings, file, recorded);
  await before.book.load();
  await before.health.check();
  expect(recorded.map(({ params }) => params?.alarm)).toEqual(['pi.temperature', 'pi.disk']);

  const after: Alarmed[] = [];
  const restarted = healthOf(board.readings, file, after);
  await restarted.book.load();
  await restarted.health.check();
  expect(after).toEqual([]);
  expect(restarted.book.raised()).toEqual(['pi.temperature', 'pi.disk']);
  board.setTemperature(60);
  await restarted.health.check();
  expect(after).toEqual([{ kind: 'alarm.cleared', params: { alarm: 'pi.temperature' } }]);
});

test('every PI_CHECK_MS; a thermal zone that cannot be read is said once, and the other figures still judged', async () => {
  const board = pi();
  const recorded: Alarmed[] = [];
  let looks = 0;
  const { health, logger } = healthOf(
    new SystemPiReadings({
      thermalFile: join(board.dir, 'no-such-zone'),
      stateDir: board.dir,
      statfs: () => {
        looks += 1;
        return Promise.resolve({ blocks: 100, bfree: 5, bavail: 5 });
      },
      clockOffsetMs: () => null,
    }),
    join(board.dir, 'alarms'),
    recorded,
    50,
  );
  health.start();
  try {
    await eventually(() => expect(looks).toBeGreaterThanOrEqual(3));
  } finally {
    await health.stop();
  }
  expect(recorded).toEqual([{ kind: 'alarm.raised', params: { alarm: 'pi.disk', value: 95 } }]);
  const unreadable = logger
    .entries()
    .filter((entry) => entry.msg === 'pi health: cannot read this figure, it is not judged');
  expect(unreadable).toEqual([expect.objectContaining({ level: 'warn', alarm: 'pi.temperature' })]);
});
