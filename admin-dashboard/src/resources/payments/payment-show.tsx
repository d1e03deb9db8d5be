import { List, ListItem, ListItemText, Typography } from '@mui/material';
import {
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ClubDateField } from '../../components/club-date-field';
import { moneyText, roublesText } from '../../lib/money';
import type { PaymentRecord } from '../../lib/records';
import { leftOf, PaymentStatusChip, PlayerLink, useGameText } from './payment-labels';
import { Refunds } from './payment-refunds';
import { RefundButton } from './refund-dialog';

function PaymentTitle() {
  const translate = useTranslate();
  const payment = useRecordContext<PaymentRecord>();
  if (!payment) return null;
  return <>{`${translate('resources.payments.name', { smart_count: 1 })} №${payment.id}`}</>;
}

/** Each receipt with its kind and state in words. */
function Receipts() {
  const translate = useTranslate();
  const payment = useRecordContext<PaymentRecord>();
  if (!payment) return null;
  if (payment.receipts.length === 0)
    return <Typography variant="body2">{translate('kort.payments.no_receipts')}</Typography>;
  return (
    <List dense disablePadding>
      {payment.receipts.map((receipt, index) => (
        <ListItem key={index} disableGutters sx={{ py: 0 }}>
          <ListItemText
            primary={`${translate(`kort.payments.receipt_kind_${receipt.kind}`)}: ${translate(
              `kort.payments.receipt_state_${receipt.status}`,
            )}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** A payment's page: every field, its receipts, its refunds, and «Вернуть деньги» while something is left. */
export function PaymentShow() {
  const translate = useTranslate();
  const game = useGameText();
  return (
    <Show<PaymentRecord>
      title={<PaymentTitle />}
      actions={
        <TopToolbar>
          <RefundButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField<PaymentRecord> source="starts_at" render={game} />
        <FunctionField<PaymentRecord> source="player" render={(payment) => <PlayerLink payment={payment} />} />
        {/* A newer API names the player's e-mail too. */}
        <FunctionField<PaymentRecord> source="email" render={(payment) => payment.email ?? '—'} />
        <FunctionField<PaymentRecord> source="amount" render={(payment) => roublesText(payment.amount)} />
        <FunctionField<PaymentRecord>
          source="method"
          render={(payment) => translate(`kort.payments.method_${payment.method}`)}
        />
        <FunctionField<PaymentRecord>
          source="status"
          render={(payment) => <PaymentStatusChip status={payment.status} />}
        />
        <FunctionField<PaymentRecord> source="refunded" render={(payment) => roublesText(payment.refunded)} />
        <FunctionField<PaymentRecord>
          source="refundable"
          render={(payment) => (payment.status === 'succeeded' ? moneyText(leftOf(payment)) : '—')}
        />
        <ClubDateField source="created_at" />
        <ClubDateField source="paid_at" />
        <TextField source="booking_id" />
        <TextField source="provider_id" emptyText="—" />
        <Labeled source="receipts">
          <Receipts />
        </Labeled>
        <Labeled source="refunds" fullWidth>
          <Refunds />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
