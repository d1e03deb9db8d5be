import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../providers/http-client';
import type { Occurrence, SeriesRecord } from '../../lib/records';

export type Term = Pick<SeriesRecord, 'user_id' | 'court_id' | 'weekdays' | 'hour' | 'starts_on' | 'ends_on'>;

/** GET /api/admin/series/preview: every occurrence of the term, in order, with what would stop it. */
export const fetchSeriesPreview = (term: Term) => {
  const query = new URLSearchParams({
    user_id: String(term.user_id),
    court_id: String(term.court_id),
    weekdays: [...term.weekdays].sort((a, b) => a - b).join(','),
    hour: String(term.hour),
    starts_on: term.starts_on,
    ends_on: term.ends_on,
  });
  return callApi<Occurrence[]>(`/api/admin/series/preview?${query.toString()}`);
};

/** The preview of the term as the form now stands (null: not complete yet). */
export function useSeriesPreview(term: Term | null) {
  return useQuery({
    queryKey: ['series', 'preview', term],
    queryFn: () => fetchSeriesPreview(term!),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
