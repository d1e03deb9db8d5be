/** A moment on a wall clock of some zone. */
export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The club zone's UTC offset from an instant on (an entry of GET /api/site_time/'s `offsets`). */
export interface ZoneOffset {
  /** The instant (ISO) from which the offset holds, until the next entry's. */
  from: string;
  /** Minutes east of UTC: 180 in Moscow, -240 in New York in summer. */
  minutes: number;
}

/** A zone's offsets over a span of time, read by arithmetic. */
class OffsetTable {
  private readonly starts: number[];
  private readonly minutes: number[];

  constructor(
    offsets: readonly ZoneOffset[],
    private readonly until: number,
  ) {
    this.starts = offsets.map((offset) => Date.parse(offset.from));
    this.minutes = offsets.map((offset) => offset.minutes);
  }

  /** The offset at an instant (ms), or undefined outside the span. */
  at(time: number): number | undefined {
    if (!(time < this.until) || !(time >= (this.starts[0] ?? Infinity))) return undefined;
    let index = this.starts.length - 1;
    while ((this.starts[index] ?? -Infinity) > time) index -= 1;
    return this.minutes[index];
  }
}

const tables = new Map<string, OffsetTable>();

/**
 * Teaches `wallClock` a zone's offsets up to `until` (what GET /api/site_time/ answers): within that
 * span the zone's clock is arithmetic. A browser's first Intl.DateTimeFormat with a time zone loads
 * ICU's zone data, 50 to 100 ms on a phone's main thread, which was the longest task of the
 * /reserve screen's first load; the server, which has that data loaded anyway, sends the offsets.
 */
export function learnZoneOffsets(zone: string, offsets: readonly ZoneOffset[], until: string): void {
  const end = Date.parse(until);
  const valid = offsets.every((offset) => Number.isFinite(Date.parse(offset.from)) && Number.isInteger(offset.minutes));
  if (offsets.length > 0 && valid && Number.isFinite(end)) tables.set(zone, new OffsetTable(offsets, end));
}

/** The wall clock `minutes` east of UTC at an instant (seconds as on a clock: milliseconds dropped). */
export function wallClockAtOffset(instant: Date | string, minutes: number): WallClock {
  const shifted = new Date(Math.floor(new Date(instant).getTime() / 1000) * 1000 + minutes * 60_000);
  return {
    date: shifted.toISOString().slice(0, 10),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The wall clock of `zone` (the club's SITE_TIMEZONE) at an instant, whatever zone the browser or
 * the process is in: both web apps place hours and days on the club's clock with it. Offsets learnt
 * from the API (learnZoneOffsets) answer without Intl; any other instant or zone goes through Intl.
 */
export function wallClock(instant: Date | string, zone: string): WallClock {
  const known = tables.get(zone)?.at(new Date(instant).getTime());
  if (known !== undefined) return wallClockAtOffset(instant, known);
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes east of UTC of `zone`'s clock at an instant. */
function offsetAt(instant: number, zone: string): number {
  const { date, hour, minute, second } = wallClock(new Date(instant), zone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.round(
    (Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000) / 60_000,
  );
}

/**
 * The instant a whole local hour starts at the club, written with the club's offset as the API wants
 * it (it never guesses a zone): clubHourStart('2026-11-25', 18, 'Europe/Moscow') is
 * '2026-11-25T18:00:00+03:00'; hour 24 is the next day's midnight.
 */
export function clubHourStart(date: string, hour: number, zone: string): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const midnightLater = Math.floor(hour / 24);
  const at = hour - midnightLater * 24;
  const day = new Date(Date.UTC(year, month - 1, dayOfMonth + midnightLater)).toISOString().slice(0, 10);
  const guess = Date.UTC(year, month - 1, dayOfMonth + midnightLater, at);
  // Two passes settle the offset even next to a daylight-saving change.
  let offset = offsetAt(guess, zone);
  offset = offsetAt(guess - offset * 60_000, zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const abs = Math.abs(offset);
  return `${day}T${pad(at)}:00:00${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
