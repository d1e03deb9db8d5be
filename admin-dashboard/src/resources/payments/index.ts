import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';

/** What players paid for games: the list with receipts' states, a payment's page and its refund. */
export const payments = {
  list: lazy(() => import('./payment-list').then((module) => ({ default: module.PaymentList }))),
  show: lazy(() => import('./payment-show').then((module) => ({ default: module.PaymentShow }))),
  icon: PaymentsIcon,
};
