import type { CourtsStats, DemandStats, DevicesStats, NoShowStats, OccupancyStats } from '@kort/contracts';

/**
 * CSV as a Russian spreadsheet opens it at a double click: a BOM (so Excel reads UTF-8), `;`
 * between fields, a decimal comma, and a header row in Russian. Each report's main table; the
 * no-shows add their top players after an empty line.
 */
type Cell = string | number | null;
type Column<Row> = [header: string, value: (row: Row) => Cell];

const WEEKDAYS = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

function field(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[";\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function table<Row>(columns: Column<Row>[], rows: Row[]): string[] {
  return [
    columns.map(([header]) => field(header)).join(';'),
    ...rows.map((row) => columns.map(([, value]) => field(value(row))).join(';')),
  ];
}

const csv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

export function occupancyCsv(stats: OccupancyStats): string {
  return csv(
    table(
      [
        ['День недели', (c) => WEEKDAYS[c.weekday] ?? ''],
        ['Час', (c) => c.hour],
        ['Открытых корто-часов', (c) => c.court_hours_open],
        ['Забронировано', (c) => c.booked],
        ['Сыграно', (c) => c.played],
        ['Неявки', (c) => c.no_show],
        ['Отменено', (c) => c.cancelled],
      ],
      stats.cells,
    ),
  );
}

export function courtsCsv(stats: CourtsStats): string {
  return csv(
    table(
      [
        ['Неделя с', (w) => w.week_start],
        ['Корт', (w) => w.court_name],
        ['Открытых корто-часов', (w) => w.court_hours_open],
        ['Забронировано', (w) => w.booked],
        ['Сыграно', (w) => w.played],
      ],
      stats.weeks,
    ),
  );
}

export function demandCsv(stats: DemandStats): string {
  return csv(
    table(
      [
        ['День недели', (c) => WEEKDAYS[c.weekday] ?? ''],
        ['Час', (c) => c.hour],
        ['Встали в очередь', (c) => c.joined],
        ['Получили корт', (c) => c.got_court],
      ],
      stats.cells,
    ),
  );
}

export function noShowsCsv(stats: NoShowStats): string {
  return csv([
    ...table(
      [
        ['Неделя с', (w) => w.week_start],
        ['Неявки', (w) => w.no_shows],
        ['Поздние отмены', (w) => w.late_cancellations],
      ],
      stats.weeks,
    ),
    '',
    ...table(
      [
        ['Игрок', (p) => p.name],
        ['Id игрока', (p) => p.user_id],
        ['Неявки', (p) => p.no_shows],
        ['Поздние отмены', (p) => p.late_cancellations],
      ],
      stats.top_players,
    ),
  ]);
}

export function devicesCsv(stats: DevicesStats): string {
  return csv(
    table(
      [
        ['Неделя с', (w) => w.week_start],
        ['Открытий по коду', (w) => w.online_code],
        ['Открытий по PIN без связи', (w) => w.offline_pin],
        ['Открытий администратором', (w) => w.admin],
        ['Часов со светом', (w) => w.light_hours],
        ['Часов игры', (w) => w.played_hours],
      ],
      stats.weeks,
    ),
  );
}
