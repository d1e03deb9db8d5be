import { ADMIN_ACTIONS } from '@kort/contracts';
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, LinkBase, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { formatClubDateTime } from '../../lib/club-time';
import type { AdminActionRecord } from '../../lib/records';
import { ListEmpty } from '../../components/list-empty';

const actionLabel = (action: string) => `kort.actions.${action.replace('.', '_')}`;

/**
 * Who the row's action is by: the admin, a link to their page; the club itself (admin_id null, a
 * no-show released by its timer) reads as the API names it, «Система», and links nowhere.
 */
function ActionBy({ record }: { record: AdminActionRecord }) {
  if (record.admin_id === null) return <>{record.admin_name}</>;
  return (
    <LinkBase to={`/users/${record.admin_id}/show`} style={{ color: 'inherit' }}>
      {record.admin_name}
    </LinkBase>
  );
}

/** Who blocked or restored whom, which shelf was blocked, which game the club cancelled: newest first. */
export function ActionList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = [
    <SelectInput
      key="action"
      source="action"
      choices={ADMIN_ACTIONS.map((action) => ({ id: action, name: actionLabel(action) }))}
      alwaysOn
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      pagination={<ListPagination />}
      error={<ListLoadError />}
      exporter={false}
    >
      {small ? (
        <SimpleList<AdminActionRecord>
          empty={<ListEmpty />}
          primaryText={(record) => `${translate(actionLabel(record.action))}: ${record.target_label}`}
          secondaryText={(record) => `${formatClubDateTime(record.at)} · ${record.admin_name}`}
          linkType={false}
        />
      ) : (
        <DataTable<AdminActionRecord> empty={<ListEmpty />} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<AdminActionRecord> source="at" render={(record) => formatClubDateTime(record.at)} />
          <DataTable.Col<AdminActionRecord>
            source="action"
            render={(record) => translate(actionLabel(record.action))}
          />
          <DataTable.Col<AdminActionRecord> source="target_label" disableSort />
          <DataTable.Col<AdminActionRecord>
            source="admin_name"
            disableSort
            render={(record) => <ActionBy record={record} />}
          />
          <DataTable.Col<AdminActionRecord> source="detail" disableSort />
        </DataTable>
      )}
    </List>
  );
}
