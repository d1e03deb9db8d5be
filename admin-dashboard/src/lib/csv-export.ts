import { toCsv, type CsvCell } from '@kort/contracts';
import { useCallback } from 'react';
import { downloadCSV, useTranslate, type Exporter, type RaRecord, type TranslateFunction } from 'react-admin';

/**
 * «Экспорт» of a list: its records as the same CSV the statistics download is (@kort/contracts'
 * `toCsv`: `;`, a byte-order mark, a name never runs as a formula), with the resource's Russian
 * field names as the header. react-admin's own exporter wrote cells raw (docs/decisions/0072-csv-cells-never-run.md).
 */
export function recordsCsv(records: readonly RaRecord[], resource: string, translate: TranslateFunction): string {
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return toCsv([
    fields.map((field) => translate(`resources.${resource}.fields.${field}`, { _: field })),
    ...records.map((record) => fields.map((field) => cell(record[field], translate))),
  ]);
}

/** A figure stays a number; a yes/no reads Да/Нет; a list is one cell; anything else is text. */
function cell(value: unknown, translate: TranslateFunction): CsvCell {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return JSON.stringify(value);
}

/** The exporter of our lists' «Экспорт» (components/list-actions.tsx). */
export function useCsvExporter(): Exporter {
  const translate = useTranslate();
  return useCallback(
    (records: RaRecord[], _related, _dataProvider, resource = 'export') =>
      downloadCSV(recordsCsv(records, resource, translate), resource),
    [translate],
  );
}
