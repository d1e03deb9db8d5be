import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../providers/http-client';
import type { BookingRecord, ClosureRecord } from '../../lib/records';

export type ClosureBody = Pick<ClosureRecord, 'court_id' | 'starts_at' | 'ends_at' | 'reason'>;
export type ClosurePlace = Pick<ClosureRecord, 'court_id' | 'starts_at' | 'ends_at'>;

/** Where and when a closure holds: what its preview depends on (not its reason). */
export const placeOf = ({ court_id, starts_at, ends_at }: ClosurePlace): ClosurePlace => ({
  court_id,
  starts_at,
  ends_at,
});

/** GET /api/admin/closures/preview: the games saving that closure would cancel, soonest first. */
export const closurePreviewQuery = (place: ClosurePlace) => ({
  queryKey: ['closures', 'preview', place] as const,
  queryFn: () => {
    const query = new URLSearchParams({
      court_id: place.court_id === null ? '' : String(place.court_id),
      starts_at: place.starts_at,
      ends_at: place.ends_at,
    });
    return callApi<BookingRecord[]>(`/api/admin/closures/preview?${query.toString()}`);
  },
  retry: false,
});

/** The preview of the closure as the form now stands (null: the form is not complete yet). */
export function useClosurePreview(place: ClosurePlace | null) {
  return useQuery({
    ...closurePreviewQuery(place ?? { court_id: null, starts_at: '', ends_at: '' }),
    enabled: place !== null,
    placeholderData: keepPreviousData,
  });
}
