import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DeleteButton,
  List,
  Loading,
  SimpleList,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { clubHourInstant, clubToday } from '../../lib/club-days';
import { useClubZone } from '../../lib/club-time';
import { useCourts } from '../../lib/use-courts';
import { messageOf } from '../../providers/http-client';
import type { ClosureRecord } from '../../lib/records';
import { ClosureCalendar } from './closure-calendar';
import { closurePeriod } from './closure-period';
import { ListEmpty } from '../../components/list-empty';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/**
 * Deleting frees the hours (the games it cancelled do not come back); one under way ends at the
 * next hour; one that is over stays in the history, and the API says so.
 */
function DeleteClosureButton({ closure }: { closure: ClosureRecord }) {
  const notify = useNotify();
  return (
    <DeleteButton
      record={closure}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="kort.closures.delete_title"
      confirmContent="kort.closures.delete_content"
      mutationOptions={{ onError: (error) => notify(messageOf(error), { type: 'error' }) }}
    />
  );
}

/**
 * The closures page: the calendar of the weeks ahead, then every closure from today on (under way
 * or to come), each with its delete.
 */
export function ClosureList() {
  const translate = useTranslate();
  const zone = useClubZone();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { courtName } = useCourts();
  if (!zone) return <Loading />;
  const today = clubToday(zone);
  const period = (closure: ClosureRecord) => closurePeriod(closure, zone, today);
  return (
    <List<ClosureRecord>
      filter={{ from: clubHourInstant(today, 0, zone) }}
      sort={{ field: 'starts_at', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      actions={<Actions />}
      error={<ListLoadError />}
      empty={false}
      exporter={false}
    >
      <ClosureCalendar today={today} zone={zone} />
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1 }}>
        {translate('kort.closures.list_title')}
      </Typography>
      {small ? (
        <SimpleList<ClosureRecord>
          empty={<ListEmpty />}
          primaryText={(closure) => closure.reason}
          secondaryText={(closure) => `${courtName(closure.court_id)} · ${period(closure)}`}
          rightIcon={(closure) => <DeleteClosureButton closure={closure} />}
          linkType={false}
        />
      ) : (
        <DataTable<ClosureRecord> empty={<ListEmpty />} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col<ClosureRecord> source="court_id" render={(closure) => courtName(closure.court_id)} />
          <DataTable.Col<ClosureRecord> source="starts_at" label="kort.closures.period" render={period} />
          <DataTable.Col<ClosureRecord> source="reason" disableSort />
          <DataTable.Col<ClosureRecord> label="" render={(closure) => <DeleteClosureButton closure={closure} />} />
        </DataTable>
      )}
    </List>
  );
}
