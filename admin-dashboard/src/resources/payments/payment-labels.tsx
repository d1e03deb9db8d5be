import type { PaymentStatus } from '@kort/contracts';
import { Chip, Link as MuiLink, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatClubDateTime } from '../../lib/club-time';
import { kopecksIn } from '../../lib/money';
import { useCourts } from '../../lib/use-courts';
import type { PaymentRecord, ReceiptStatus, RefundRecord } from '../../lib/records';

// How a payment reads in the list and on its page: its game, its player, its state and its receipts.

type Receipt = { kind: PaymentRecord['receipts'][number]['kind']; status: ReceiptStatus };

/** What may still go back: the API's `refundable`, else the amount less what was refunded (never below zero). */
export const leftOf = (payment: Pick<PaymentRecord, 'amount' | 'refunded' | 'refundable'>) =>
  payment.refundable !== undefined
    ? kopecksIn(payment.refundable)
    : Math.max(0, kopecksIn(payment.amount) - kopecksIn(payment.refunded));

/** A refund is offered only for a payment whose money was taken and not all given back. */
export const refundable = (payment: PaymentRecord) => payment.status === 'succeeded' && leftOf(payment) > 0;

/** «Корт 1 · 22.11.2026, 18:00»: the game's court and its start on the club's clock. */
export function useGameText(): (payment: Pick<PaymentRecord, 'court_id' | 'starts_at'>) => string {
  const { courtName } = useCourts();
  return (payment) => `${courtName(payment.court_id)} · ${formatClubDateTime(payment.starts_at)}`;
}

/** The player's name, a link to their page (a click on it does not open the row's payment). */
export function PlayerLink({ payment }: { payment: Pick<PaymentRecord, 'user_id' | 'player'> }) {
  return (
    <MuiLink component={Link} to={`/users/${payment.user_id}/show`} onClick={(event) => event.stopPropagation()}>
      {payment.player}
    </MuiLink>
  );
}

const statusLook: Record<PaymentStatus, { color: 'warning' | 'success' | 'default'; variant: 'outlined' | 'filled' }> =
  {
    pending: { color: 'warning', variant: 'outlined' },
    succeeded: { color: 'success', variant: 'filled' },
    canceled: { color: 'default', variant: 'outlined' },
  };

/** «Ожидает», «Оплачен», «Отменён». */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const translate = useTranslate();
  return (
    <Chip component="span" size="small" {...statusLook[status]} label={translate(`kort.payments.status_${status}`)} />
  );
}

const fiscalColour: Record<ReceiptStatus, 'default' | 'success' | 'error' | 'info'> = {
  pending: 'info',
  succeeded: 'success',
  canceled: 'error',
  off: 'default',
  not_yet: 'default',
};

/** «Отправлен», «Выполнен», «Отклонён»: a refund at YooKassa. */
export function RefundStatusChip({ status }: { status: RefundRecord['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color={fiscalColour[status]}
      label={translate(`kort.payments.refund_status_${status}`)}
    />
  );
}

/**
 * The receipts as small chips, «Чек: пробит», each naming its kind on hover and to a screen reader
 * (the prepayment's, the settlement's, a refund's). Receipts switched off read once, «Чек: выкл».
 */
export function ReceiptChips({ receipts }: { receipts: readonly Receipt[] }) {
  const translate = useTranslate();
  // A settlement receipt still to come (after the game) needs nothing from anyone: not listed here.
  const sent = receipts.filter((receipt) => receipt.status !== 'not_yet');
  const shown = sent.every((receipt) => receipt.status === 'off') ? sent.slice(0, 1) : sent;
  if (shown.length === 0) return <>—</>;
  return (
    <Stack component="span" direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {shown.map((receipt, index) => {
        const kind = translate(`kort.payments.receipt_kind_${receipt.kind}`);
        const state = translate(`kort.payments.receipt_state_${receipt.status}`);
        return (
          <Tooltip key={index} title={`${kind}: ${state}`}>
            <Chip
              component="span"
              size="small"
              variant="outlined"
              color={fiscalColour[receipt.status]}
              aria-label={`${kind}: ${state}`}
              label={translate('kort.payments.receipt', {
                state: translate(`kort.payments.receipt_${receipt.status}`),
              })}
              sx={{ height: 22, fontSize: '0.75rem' }}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
