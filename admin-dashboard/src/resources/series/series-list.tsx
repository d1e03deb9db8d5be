import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { hourText } from '../../lib/club-format';
import { useCourts } from '../../lib/use-courts';
import type { SeriesRecord } from '../../lib/records';
import { termPeriodText, termWeekText, weekdaysText } from './series-text';
import { ListEmpty } from '../../components/list-empty';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** The schools' terms, the latest first: who, where, which days at what hour, for how long, how it went. */
export function SeriesList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { courtName } = useCourts();
  return (
    <List<SeriesRecord>
      sort={{ field: 'starts_on', order: 'DESC' }}
      perPage={50}
      pagination={<ListPagination />}
      actions={<Actions />}
      error={<ListLoadError />}
      exporter={false}
    >
      {small ? (
        <SimpleList<SeriesRecord>
          empty={<ListEmpty />}
          primaryText={(term) => term.user_name}
          secondaryText={(term) => (
            <>
              {`${courtName(term.court_id)} · ${termWeekText(term)} · ${termPeriodText(term)}`}
              <br />
              {translate('kort.series.booked_skipped', { booked: term.booked, skipped: term.skipped })}
            </>
          )}
          linkType="show"
        />
      ) : (
        <DataTable<SeriesRecord> empty={<ListEmpty />} rowClick="show" bulkActionButtons={false}>
          <DataTable.Col<SeriesRecord> source="user_name" />
          <DataTable.Col<SeriesRecord> source="court_id" render={(term) => courtName(term.court_id)} />
          <DataTable.Col<SeriesRecord> source="weekdays" disableSort render={(term) => weekdaysText(term.weekdays)} />
          <DataTable.Col<SeriesRecord> source="hour" render={(term) => hourText(term.hour)} />
          <DataTable.Col<SeriesRecord> source="starts_on" label="kort.series.period" render={termPeriodText} />
          <DataTable.NumberCol<SeriesRecord> source="booked" disableSort />
          <DataTable.NumberCol<SeriesRecord> source="skipped" disableSort />
        </DataTable>
      )}
    </List>
  );
}
