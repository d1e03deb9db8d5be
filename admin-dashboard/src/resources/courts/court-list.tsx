import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import type { CourtRecord } from '../../lib/records';
import { CourtStatusChip } from './court-status';
import { ListEmpty } from '../../components/list-empty';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** The club's courts in the order players see them (the dial's court step, the day of the courts). */
export function CourtList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<CourtRecord>
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={100}
      pagination={false}
      actions={<Actions />}
      error={<ListLoadError />}
      exporter={false}
    >
      {small ? (
        <SimpleList<CourtRecord>
          empty={<ListEmpty />}
          primaryText={(court) => court.name}
          secondaryText={(court) =>
            translate('kort.courts.number_and_order', { number: court.id, order: court.sort_order })
          }
          tertiaryText={(court) => <CourtStatusChip court={court} />}
          linkType="edit"
        />
      ) : (
        <DataTable<CourtRecord> empty={<ListEmpty />} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col<CourtRecord> source="name" />
          <DataTable.NumberCol<CourtRecord> source="id" />
          <DataTable.Col<CourtRecord> source="active" render={(court) => <CourtStatusChip court={court} />} />
          <DataTable.NumberCol<CourtRecord> source="sort_order" />
        </DataTable>
      )}
    </List>
  );
}
