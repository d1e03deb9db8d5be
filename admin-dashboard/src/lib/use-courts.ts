import { useGetList, useTranslate } from 'react-admin';
import type { CourtRecord } from './records';

/** Every court of the club, in its order (the `courts` resource), read once and shared by the pages. */
export function useCourts(): { courts: CourtRecord[] | undefined; courtName: (id: number | null) => string } {
  const translate = useTranslate();
  const { data } = useGetList<CourtRecord>('courts', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  const courtName = (id: number | null) =>
    id === null
      ? translate('kort.closures.whole_club')
      : (data?.find((court) => court.id === id)?.name ?? translate('kort.bookings.court', { number: id }));
  return { courts: data, courtName };
}
