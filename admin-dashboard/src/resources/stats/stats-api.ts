import type {
  CourtsStats,
  DemandStats,
  DevicesStats,
  NoShowStats,
  OccupancyStats,
  RevenueStats,
  StatsReport,
} from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi, httpClient } from '../../providers/http-client';
import type { Period } from './stats-period';

// The statistics calls (GET /api/admin/stats/<report>?from=&to=, docs/admin-api.md), their query
// hook, and the same call as CSV for «Скачать CSV».

/** The reports of the courts' use, and the money paid for games (`revenue`). */
export type Report = StatsReport;

export interface StatsAnswers {
  occupancy: OccupancyStats;
  courts: CourtsStats;
  demand: DemandStats;
  'no-shows': NoShowStats;
  devices: DevicesStats;
  revenue: RevenueStats;
}

export const statsPath = (report: Report, { from, to }: Period, format?: 'csv') =>
  `/api/admin/stats/${report}?${new URLSearchParams({ from, to, ...(format ? { format } : {}) }).toString()}`;

export const fetchStats = <R extends Report>(report: R, period: Period) =>
  callApi<StatsAnswers[R]>(statsPath(report, period));

/** One report of the period; the figures of a past period do not change while the page is open. */
export function useStats<R extends Report>(report: R, period: Period | null) {
  return useQuery({
    queryKey: ['stats', report, period?.from, period?.to],
    queryFn: () => fetchStats(report, period!),
    enabled: period !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Saves the report as a CSV file named after it and the period. The file goes through the one API
 * client (cookie, CSRF, the server's Russian reason on failure) and reaches the disk as a blob link.
 */
export async function downloadCsv(report: Report, period: Period): Promise<void> {
  const { body } = await httpClient(statsPath(report, period, 'csv'), { headers: { Accept: 'text/csv' } });
  // Reading the answer as text drops its byte-order mark, without which Excel reads the UTF-8
  // Cyrillic as another code page: the file gets it back.
  const bom = body.startsWith('\uFEFF') ? '' : '\uFEFF';
  const url = URL.createObjectURL(new Blob([bom, body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `kort-${report}-${period.from}-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
