import { List, ListItem, ListItemText, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ArrayField, DataTable, useRecordContext, useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { roublesText } from '../../lib/money';
import type { PaymentRecord, RefundRecord } from '../../lib/records';
import { RefundStatusChip } from './payment-labels';

/**
 * A payment's refunds, oldest first: when, how much, its state at YooKassa, on what ground (a newer
 * API says: the player's cancellation, the club's, an admin's) and the reason. A table on a desktop,
 * a list on a phone, where five columns do not fit.
 */
export function Refunds() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const refunds: RefundRecord[] = useRecordContext<PaymentRecord>()?.refunds ?? [];
  const cause = (refund: RefundRecord) => (refund.cause ? translate(`kort.payments.cause_${refund.cause}`) : '');
  if (refunds.length === 0) return <Typography variant="body2">{translate('kort.payments.no_refunds')}</Typography>;
  if (small)
    return (
      <List dense disablePadding>
        {refunds.map((refund) => (
          <ListItem key={refund.id} divider disableGutters>
            <ListItemText
              primary={
                <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{roublesText(refund.amount)}</span>
                  <RefundStatusChip status={refund.status} />
                </Stack>
              }
              secondary={[formatClubDateTime(refund.created_at), cause(refund), refund.reason]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    );
  return (
    <ArrayField source="refunds">
      <DataTable<RefundRecord> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<RefundRecord>
          label="kort.payments.refund_when"
          render={(refund) => formatClubDateTime(refund.created_at)}
        />
        <DataTable.Col<RefundRecord>
          label="kort.payments.refund_amount"
          render={(refund) => roublesText(refund.amount)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <DataTable.Col<RefundRecord>
          label="kort.payments.refund_status"
          render={(refund) => <RefundStatusChip status={refund.status} />}
        />
        {refunds.some((refund) => refund.cause) && (
          <DataTable.Col<RefundRecord> label="kort.payments.refund_cause" render={cause} />
        )}
        <DataTable.Col<RefundRecord> label="kort.payments.refund_reason" render={(refund) => refund.reason} />
      </DataTable>
    </ArrayField>
  );
}
