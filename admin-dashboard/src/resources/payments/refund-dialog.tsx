import { adminRefundBody, kopecksOf, messages } from '@kort/contracts';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { amountInput, kopecksIn, moneyText, roublesText } from '../../lib/money';
import { httpClient, messageOf } from '../../providers/http-client';
import type { PaymentRecord } from '../../lib/records';
import { leftOf, refundable } from './payment-labels';

/** POST /api/admin/payments/{id}/refund: the payment as it is after the refund. */
async function postRefund(id: number, body: { amount: string; reason: string }): Promise<PaymentRecord> {
  const { json } = await httpClient(`/api/admin/payments/${id}/refund`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as PaymentRecord;
}

/** «Вернуть деньги» on a paid payment with something left to give back (nothing otherwise). */
export function RefundButton() {
  const translate = useTranslate();
  const payment = useRecordContext<PaymentRecord>();
  const [open, setOpen] = useState(false);
  if (!payment || !refundable(payment)) return null;
  return (
    <>
      {/* Material's button: react-admin's keeps only the icon on a phone, and an icon alone says nothing. */}
      <Button size="small" variant="outlined" startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        {translate('kort.payments.refund')}
      </Button>
      {/* Mounted per opening: the amount starts again from what is left now. */}
      {open && <RefundDialog payment={payment} onClose={() => setOpen(false)} />}
    </>
  );
}

interface Problems {
  amount?: string;
  reason?: string;
}

/**
 * The refund: the amount (what is left, editable), a required reason, and a confirmation naming the
 * sum. The API's refusal (more than is left, a payment not paid) stays in the dialog in its words;
 * a done refund reads the payment again.
 */
function RefundDialog({ payment, onClose }: { payment: PaymentRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const left = leftOf(payment);
  const [amount, setAmount] = useState(() => amountInput(left));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The typed amount in kopecks when it reads as one (the confirmation names it), else null.
  const typed = kopecksOf(amount);
  const t = (key: string, options?: object) => translate(`kort.payments.${key}`, options);

  const check = (): { amount: string; reason: string } | null => {
    const parsed = adminRefundBody.safeParse({ amount, reason });
    const next: Problems = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Problems] ??= issue.message;
    } else if (typed !== null && typed > left) next.amount = messages.refundTooMuch;
    setProblems(next);
    if (!parsed.success || next.amount) return null;
    return { amount: parsed.data.amount!, reason: parsed.data.reason };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check();
    if (!body) return;
    setSending(true);
    setFailure(null);
    try {
      await postRefund(payment.id, body);
      notify('kort.payments.refund_done', { type: 'info', messageArgs: { amount: roublesText(body.amount) } });
      refresh();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="refund-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="refund-title">{t('refund_title', { player: payment.player })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">
              {t('refund_paid', {
                amount: roublesText(payment.amount),
                refunded: moneyText(kopecksIn(payment.refunded)),
                left: moneyText(left),
              })}
            </Typography>
            <TextField
              label={t('refund_amount_label')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(problems.amount)}
              helperText={problems.amount ?? t('refund_amount_hint')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              required
              autoFocus
            />
            <TextField
              label={t('refund_reason_label')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(problems.reason)}
              helperText={problems.reason ?? t('refund_reason_hint')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              multiline
              minRows={2}
              required
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('refund_where')}
            </Typography>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={sending}>
            {typed !== null && typed > 0
              ? t('refund_confirm', { amount: moneyText(typed) })
              : t('refund_confirm_plain')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
