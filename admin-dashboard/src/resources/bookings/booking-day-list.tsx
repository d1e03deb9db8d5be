import { BOOKING_STATUSES } from '@kort/contracts';
import { DateInput, List, Loading, SelectInput, useGetList, useListContext } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import { ListActions } from '../../components/list-actions';
import { clubToday } from '../../lib/club-days';
import { useClubZone } from '../../lib/club-time';
import { useClubHours } from '../../lib/use-club-hours';
import { useCourts } from '../../lib/use-courts';
import type { BookingRecord, ClosureRecord } from '../types';
import { BookingDayGrid } from './booking-day-grid';
import { DayNavigator } from './day-navigator';

const statusChoices = BOOKING_STATUSES.map((status) => ({
  id: status,
  name: `kort.bookings.status_${status}`,
}));

const filters = [
  <DateInput key="day" source="day" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
];

/** The grid of the list's day, with the club's courts, hours and that day's closures. */
function DayOfCourts({ today, zone }: { today: string; zone: string }) {
  const list = useListContext<BookingRecord>();
  const filters = list.filterValues as { day?: unknown };
  const day = typeof filters.day === 'string' && filters.day ? filters.day : today;
  const { courts } = useCourts();
  const hours = useClubHours();
  const { data: closures } = useGetList<ClosureRecord>('closures', {
    filter: { day },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'starts_at', order: 'ASC' },
  });
  if (!courts) return <Loading />;
  return <BookingDayGrid zone={zone} day={day} courts={courts} closures={closures ?? []} hours={hours} />;
}

/** The bookings page: one day (today on the club's clock by default) of the club's courts. */
export function BookingDayList() {
  const zone = useClubZone();
  if (!zone) return <Loading />;
  const today = clubToday(zone);
  return (
    <List<BookingRecord>
      filters={filters}
      actions={<ListActions />}
      filterDefaultValues={{ day: today }}
      sort={{ field: 'starts_at', order: 'ASC' }}
      perPage={200}
      pagination={false}
      error={<ListLoadError />}
      empty={false}
      // A phone scrolls a day of many courts sideways inside the list, not the whole page.
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <DayNavigator today={today} />
      <DayOfCourts today={today} zone={zone} />
    </List>
  );
}
