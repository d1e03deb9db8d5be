/**
 * Every CSV file Kort writes (the statistics API's `?format=csv`, the dashboard's «Экспорт») goes
 * through here, in the dialect a Russian spreadsheet opens at a double click: a byte-order mark
 * (Excel then reads UTF-8), `;` between cells, a decimal comma, CRLF after each row.
 *
 * A text cell never runs as a formula (OWASP's CSV injection guidance, ASVS 5.0 1.2.10): one starting
 * with `=`, `+`, `-`, `@`, a tab, a carriage return or a NUL gets a leading `'`, and is quoted. A
 * number is written as a number, so a negative figure stays one: a caller passes figures as numbers
 * and everything else as text (docs/decisions/0072-csv-cells-never-run.md).
 */

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

export const CSV_SEPARATOR = ';';

/** What a spreadsheet may read as the start of a formula (or of a command, through DDE). */
const FORMULA_START = /^[=+\-@\t\r\0]/;
/**
 * Quoted: our separator, the `,` and tab other readers split on (a cell `a,=1+1` must stay one cell
 * there too), quotes and line breaks.
 */
const NEEDS_QUOTES = /[;,\t"\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  const neutral = FORMULA_START.test(value);
  const text = neutral ? `'${value}` : value;
  return neutral || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(CSV_SEPARATOR);

/** A whole file; an empty row is an empty line (between two tables of one report). */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string => `\uFEFF${rows.map(csvRow).join('\r\n')}\r\n`;
