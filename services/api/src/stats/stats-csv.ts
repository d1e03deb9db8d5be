import {
  toCsv,
  type CourtsStats,
  type CsvCell,
  type DemandStats,
  type DevicesStats,
  type NoShowStats,
  type OccupancyStats,
} from '@kort/contracts';

/**
 * Each report's main table as CSV, with a header row in Russian; the no-shows add their top players
 * after an empty line. The file's dialect and its text cells' neutralisation (a name never runs as a
 * formula) are @kort/contracts' `toCsv`: figures go to it as numbers, names and labels as text.
 */
type Column<Row> = [header: string, value: (row: Row) => CsvCell];

const WEEKDAYS = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

function table<Row>(columns: Column<Row>[], rows: Row[]): CsvCell[][] {
  return [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, value]) => value(row)))];
}

export function occupancyCsv(stats: OccupancyStats): string {
  return toCsv(
    table(
      [
        ['День недели', (c) => WEEKDAYS[c.weekday] ?? ''],
        ['Час', (c) => c.hour],
        ['Открытых корт-часов', (c) => c.court_hours_open],
        ['Забронировано', (c) => c.booked],
        ['Сыграно', (c) => c.played],
        ['Неявки', (c) => c.no_show],
        ['Отменено', (c) => c.cancelled],
      ],
      stats.cells.filter(reported),
    ),
  );
}

/**
 * An hour the club had open or anything in: the lines of the screen's table. The hours it was closed
 * (outside its opening hours, or a closure's) with nothing booked or cancelled in them are left out.
 */
const reported = (cell: OccupancyStats['cells'][number]) =>
  cell.court_hours_open > 0 || cell.booked > 0 || cell.cancelled > 0;

export function courtsCsv(stats: CourtsStats): string {
  return toCsv(
    table(
      [
        ['Неделя с', (w) => w.week_start],
        ['Корт', (w) => w.court_name],
        ['Открытых корт-часов', (w) => w.court_hours_open],
        ['Забронировано', (w) => w.booked],
        ['Сыграно', (w) => w.played],
      ],
      stats.weeks,
    ),
  );
}

export function demandCsv(stats: DemandStats): string {
  return toCsv(
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
  return toCsv([
    ...table(
      [
        ['Неделя с', (w) => w.week_start],
        ['Неявки', (w) => w.no_shows],
        ['Поздние отмены', (w) => w.late_cancellations],
      ],
      stats.weeks,
    ),
    [],
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
  return toCsv(
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
