import { USER_STATUSES } from '@kort/contracts';
import { Box, Button, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useListContext, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { ListActions } from '../../components/list-actions';
import { formatClubDateTime } from '../../lib/club-time';
import { formatPhone } from '../../lib/phone';
import type { UserRecord } from '../../lib/records';
import { ACTIVE_PLAYERS } from './filters';
import { hasMoney, MoneyCell, useMoneyText } from './user-money';
import { roleLabel, statusLabel, UserStatusChip } from './user-status';

const roleChoices = [
  { id: 'player', name: 'kort.users.role_player' },
  { id: 'admin', name: 'kort.users.role_admin' },
  { id: 'owner', name: 'kort.users.role_owner' },
];
const statusChoices = USER_STATUSES.map((status) => ({ id: status, name: `kort.users.status_${status}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="kort.users.all" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} emptyText="kort.users.all" alwaysOn />,
];

/**
 * A search with no hit says the spec's 'Нет такого пользователя' (section 8); when the role or state
 * filters narrowed it, it says among whom it looked and offers to look among everyone.
 */
export function NoUserFound() {
  const translate = useTranslate();
  const list = useListContext<UserRecord>();
  const values = (list.filterValues ?? {}) as { q?: string; role?: string; status?: string };
  const { q, ...narrowing } = values;
  const among = [
    narrowing.status ? translate(`kort.users.status_${narrowing.status}`) : null,
    narrowing.role ? translate(roleLabel(narrowing.role as UserRecord['role'])) : null,
  ].filter(Boolean);
  return (
    <CardContent>
      <Typography variant="h6" component="p">
        {q ? translate('kort.users.not_found') : translate('ra.navigation.no_filtered_results')}
      </Typography>
      {among.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('kort.users.not_found_among', { filters: among.join(', ') })}
          </Typography>
          <Button sx={{ mt: 1 }} variant="outlined" onClick={() => list.setFilters(q ? { q } : {}, {})}>
            {translate('kort.users.search_everyone')}
          </Button>
        </>
      )}
    </CardContent>
  );
}

/** Sport school as a word: a cross would read as an error. */
export function SportSchoolText({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  return <>{translate(user.is_sport_school ? 'kort.users.yes' : 'kort.users.no')}</>;
}

/** The spec's player search (/admin_user_search): by e-mail, name or phone, filtered by state and role. */
export function UserList() {
  return (
    // It opens on the active players (what "Игроков" counts); both filters are on screen.
    <List<UserRecord>
      filters={filters}
      actions={<ListActions />}
      filterDefaultValues={ACTIVE_PLAYERS}
      sort={{ field: 'name', order: 'ASC' }}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <Players />
    </List>
  );
}

/** The rows: a table on a desktop, a list on a phone; what they paid when anyone on the page did. */
function Players() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { data } = useListContext<UserRecord>();
  const money = useMoneyText();
  return small ? (
    <SimpleList<UserRecord>
      primaryText={(user) => user.name}
      secondaryText={(user) => (
        <>
          {user.email}
          {/* A phone breaks at its spaces and hyphens otherwise: it goes to the next line whole. */}
          {user.phone_number && (
            <>
              {' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatPhone(user.phone_number)}
              </Box>
            </>
          )}
          {hasMoney(user) && (
            <Box component="span" sx={{ display: 'block' }}>
              {money(user)}
            </Box>
          )}
        </>
      )}
      tertiaryText={(user) => translate(statusLabel(user))}
      linkType="show"
      empty={<NoUserFound />}
    />
  ) : (
    <DataTable<UserRecord> rowClick="show" bulkActionButtons={false} empty={<NoUserFound />}>
      <DataTable.Col<UserRecord> source="name" />
      <DataTable.Col<UserRecord> source="email" />
      <DataTable.Col<UserRecord>
        source="phone_number"
        render={(user) => formatPhone(user.phone_number)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col<UserRecord> source="role" render={(user) => translate(roleLabel(user.role))} />
      <DataTable.Col<UserRecord> source="is_sport_school" render={(user) => <SportSchoolText user={user} />} />
      <DataTable.Col<UserRecord> source="status" label="kort.users.state">
        <UserStatusChip />
      </DataTable.Col>
      <DataTable.Col<UserRecord>
        source="confirmed_at"
        render={(user) => (user.confirmed_at ? formatClubDateTime(user.confirmed_at, 'short') : '—')}
      />
      {/* Only on a page where someone paid: a club that does not charge sees no column of dashes. */}
      {data?.some(hasMoney) && (
        <DataTable.Col<UserRecord>
          source="paid"
          label="kort.payments.paid_column"
          render={(user) => <MoneyCell user={user} />}
          disableSort
        />
      )}
    </DataTable>
  );
}
