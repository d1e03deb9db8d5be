import { BOOKING_STATUSES } from '@kort/contracts';
import { DateInput, List, Loading, SelectInput } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import { ListActions } from '../../components/list-actions';
import { clubMoment, useClubZone } from '../../lib/club-time';
import type { BookingRecord } from '../types';
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

/** The bookings page: one day (today on the club's clock by default) of both courts. */
export function BookingDayList() {
  const zone = useClubZone();
  if (!zone) return <Loading />;
  const today = clubMoment(new Date(), zone).date;
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
    >
      <DayNavigator today={today} />
      <BookingDayGrid zone={zone} />
    </List>
  );
}
