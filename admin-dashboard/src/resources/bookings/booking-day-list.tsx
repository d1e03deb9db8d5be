import { BOOKING_STATUSES } from '@kort/contracts';
import { List, Loading, SelectInput, useGetList, useListContext, useStore } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import { ListActions } from '../../components/list-actions';
import { clubToday } from '../../lib/club-days';
import { useClubZone } from '../../lib/club-time';
import { useClubHours, type ClubHours } from '../../lib/use-club-hours';
import { useCourts } from '../../lib/use-courts';
import type { ReactNode } from 'react';
import type { BookingRecord, ClosureRecord, CourtRecord } from '../../lib/records';
import { BookingDayGrid } from './booking-day-grid';
import { BookingWeekGrid } from './booking-week-grid';
import { DayNavigator } from './day-navigator';
import { ViewSwitch, type BookingsView } from './view-switch';

const statusChoices = BOOKING_STATUSES.map((status) => ({
  id: status,
  name: `kort.bookings.status_${status}`,
}));

// The day is not among them: the navigator holds it (arrows, «Сегодня» and its date field), so one
// control moves it and no filter form's delayed submit can set it back to an earlier click's day.
const filters = [<SelectInput key="status" source="status" choices={statusChoices} />];

/** The list's day (or its week), with the club's courts, hours and that day's closures; the view's switch. */
function DayOfCourts({ today, zone }: { today: string; zone: string }) {
  const list = useListContext<BookingRecord>();
  const filters = list.filterValues as { day?: unknown };
  const day = typeof filters.day === 'string' && filters.day ? filters.day : today;
  const [view, setView] = useStore<BookingsView>('bookings.view', 'day');
  const { courts } = useCourts();
  const hours = useClubHours();
  const openDay = (next: string) => {
    list.setFilters({ ...filters, day: next }, list.displayedFilters);
    setView('day');
  };
  const navigator = (
    <DayNavigator today={today} week={view === 'week'}>
      <ViewSwitch view={view} onChange={setView} />
    </DayNavigator>
  );
  if (view === 'week') {
    return (
      <>
        {navigator}
        {courts ? (
          <BookingWeekGrid zone={zone} day={day} today={today} courts={courts} hours={hours} openDay={openDay} />
        ) : (
          <Loading />
        )}
      </>
    );
  }
  return <DayGrid day={day} zone={zone} courts={courts} hours={hours} navigator={navigator} />;
}

function DayGrid({
  day,
  zone,
  courts,
  hours,
  navigator,
}: {
  day: string;
  zone: string;
  courts: CourtRecord[] | undefined;
  hours: ClubHours;
  navigator: ReactNode;
}) {
  const { data: closures } = useGetList<ClosureRecord>('closures', {
    filter: { day },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'starts_at', order: 'ASC' },
  });
  return (
    <>
      {navigator}
      {courts ? (
        <BookingDayGrid zone={zone} day={day} courts={courts} closures={closures ?? []} hours={hours} />
      ) : (
        <Loading />
      )}
    </>
  );
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
      <DayOfCourts today={today} zone={zone} />
    </List>
  );
}
