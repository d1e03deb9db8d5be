import { PAYMENT_STATUSES } from '@kort/contracts';
import { Box, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { ClubDateInput } from '../../components/club-date-input';
import { ListActions } from '../../components/list-actions';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { kopecksIn, roublesText } from '../../lib/money';
import type { PaymentRecord, UserRecord } from '../../lib/records';
import { PaymentStatusChip, PlayerLink, ReceiptChips, useGameText } from './payment-labels';
import { ListEmpty } from '../../components/list-empty';

const statusChoices = PAYMENT_STATUSES.map((status) => ({ id: status, name: `kort.payments.status_${status}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ClubDateInput key="day" source="day" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="kort.payments.all" alwaysOn />,
  // Under «Фильтр» (the search finds a player too); a player's page links here with it set.
  <ReferenceInput key="user_id" source="user_id" reference="users" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      optionText={(user: UserRecord) => `${user.name} (${user.email})`}
      label="resources.payments.fields.user_id"
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
];

/** What came back of a payment: «—» while nothing did. */
const refundedText = (payment: PaymentRecord) =>
  kopecksIn(payment.refunded) > 0 ? roublesText(payment.refunded) : '—';

/**
 * The site's payments, newest first: each one's game (court, the club's date and hour), its player,
 * amount, method, state, what was refunded and its receipts; filtered by the game's day, the state
 * or the player, searched by the player's name or e-mail or YooKassa's number. The game, the sum and
 * the state sort (the API's sortable fields); newest first by default.
 */
export function PaymentList() {
  return (
    <List<PaymentRecord>
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <Payments />
    </List>
  );
}

function Payments() {
  const translate = useTranslate();
  const game = useGameText();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const method = (payment: PaymentRecord) => translate(`kort.payments.method_${payment.method}`);
  return small ? (
    <SimpleList<PaymentRecord>
      empty={<ListEmpty />}
      primaryText={(payment) => `${payment.player} · ${roublesText(payment.amount)}`}
      secondaryText={(payment) => (
        <Stack component="span" spacing={0.5} sx={{ display: 'flex' }}>
          <span>{`${game(payment)} · ${method(payment)}`}</span>
          {kopecksIn(payment.refunded) > 0 && (
            <span>{`${translate('resources.payments.fields.refunded')}: ${roublesText(payment.refunded)}`}</span>
          )}
          <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <PaymentStatusChip status={payment.status} />
            <ReceiptChips receipts={payment.receipts} />
          </Box>
        </Stack>
      )}
      linkType="show"
    />
  ) : (
    <DataTable<PaymentRecord> empty={<ListEmpty />} rowClick="show" bulkActionButtons={false}>
      <DataTable.Col<PaymentRecord> source="starts_at" render={game} />
      <DataTable.Col<PaymentRecord>
        source="player"
        render={(payment) => <PlayerLink payment={payment} />}
        disableSort
      />
      <DataTable.Col<PaymentRecord>
        source="amount"
        render={(payment) => roublesText(payment.amount)}
        align="right"
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col<PaymentRecord> source="method" render={method} disableSort />
      <DataTable.Col<PaymentRecord>
        source="status"
        render={(payment) => <PaymentStatusChip status={payment.status} />}
      />
      <DataTable.Col<PaymentRecord>
        source="refunded"
        render={refundedText}
        align="right"
        sx={{ whiteSpace: 'nowrap' }}
        disableSort
      />
      <DataTable.Col<PaymentRecord>
        source="receipts"
        render={(payment) => <ReceiptChips receipts={payment.receipts} />}
        disableSort
      />
    </DataTable>
  );
}
