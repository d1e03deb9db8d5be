import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import type { UserRecord } from '../types';
import { roleLabel, statusLabel, UserStatusChip } from './user-status';
import { formatClubDateTime } from '../../lib/club-time';

const roleChoices = [
  { id: 'player', name: 'kort.users.role_player' },
  { id: 'admin', name: 'kort.users.role_admin' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <NullableBooleanInput key="blocked" source="blocked" />,
];

/** The spec's player search (/admin_user_search): by e-mail, name or phone, filtered by role and block. */
export function UserList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<UserRecord>
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      {small ? (
        <SimpleList<UserRecord>
          primaryText={(user) => user.name}
          secondaryText={(user) => [user.email, user.phone_number].filter(Boolean).join(' · ')}
          tertiaryText={(user) => translate(user.deleted_at ? statusLabel(user) : roleLabel(user.role))}
          linkType="show"
        />
      ) : (
        <DataTable<UserRecord> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col<UserRecord> source="name" />
          <DataTable.Col<UserRecord> source="email" />
          <DataTable.Col<UserRecord> source="phone_number" />
          <DataTable.Col<UserRecord> source="role" render={(user) => translate(roleLabel(user.role))} />
          <DataTable.Col<UserRecord> source="is_sport_school" field={BooleanField} />
          <DataTable.Col<UserRecord> source="blocked" label="kort.users.state">
            <UserStatusChip />
          </DataTable.Col>
          <DataTable.Col<UserRecord>
            source="confirmed_at"
            render={(user) => (user.confirmed_at ? formatClubDateTime(user.confirmed_at, 'short') : '—')}
          />
        </DataTable>
      )}
    </List>
  );
}
