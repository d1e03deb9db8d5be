// The YooKassa API v3 objects and request bodies the client speaks
// (https://yookassa.ru/developers/api). Field names are YooKassa's own (snake_case), so a body is
// sent and an answer read without any mapping. Only the fields Kort uses are typed; YooKassa adds
// more, which pass through untouched.

/** Money as YooKassa writes it: a decimal string with two places ("1500.00"), rubles only here. */
export interface YooAmount {
  value: string;
  currency: 'RUB';
}

/** One line of a 54-FZ receipt. */
export interface YooReceiptItem {
  description: string;
  /** "1.00" */
  quantity: string;
  /** The price of one unit: the items' amount × quantity must add up to the payment's amount. */
  amount: YooAmount;
  vat_code: number;
  payment_subject: 'service';
  payment_mode: 'full_prepayment' | 'full_payment';
}

/** The receipt sent with a payment, a capture or a refund; YooKassa registers it itself. */
export interface YooReceipt {
  customer: { email: string };
  items: YooReceiptItem[];
  tax_system_code?: number;
}

export type YooPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type YooRegistration = 'pending' | 'succeeded' | 'canceled';

export interface YooPayment {
  id: string;
  status: YooPaymentStatus;
  paid: boolean;
  amount: YooAmount;
  refunded_amount?: YooAmount;
  description?: string;
  /** Present while the payment is pending: where to send the buyer. */
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url?: string };
  payment_method?: { type: string; id: string };
  metadata?: Record<string, string>;
  /** Why a canceled payment was canceled: party 'merchant', 'yoo_money' or 'payment_network'. */
  cancellation_details?: { party: string; reason: string };
  created_at: string;
  captured_at?: string;
  /** Until when a payment waiting_for_capture may be captured. */
  expires_at?: string;
  test?: boolean;
  receipt_registration?: YooRegistration;
}

export interface YooRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YooAmount;
  description?: string;
  cancellation_details?: { party: string; reason: string };
  created_at: string;
  receipt_registration?: YooRegistration;
}

/** A receipt registered on its own (POST /v3/receipts), as YooKassa answers it. */
export interface YooReceiptDoc {
  id: string;
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  status: 'pending' | 'succeeded' | 'canceled';
}

export interface CreatePaymentBody {
  amount: YooAmount;
  /** true: one stage (succeeded once paid); false: waiting_for_capture until captured or canceled. */
  capture: boolean;
  confirmation: { type: 'redirect'; return_url: string };
  payment_method_data: { type: 'bank_card' | 'sbp' };
  description: string;
  metadata?: Record<string, string>;
  receipt?: YooReceipt;
}

export interface CapturePaymentBody {
  /** Less than the payment's amount for a partial capture (which then needs its own receipt). */
  amount?: YooAmount;
  receipt?: YooReceipt;
}

export interface CreateRefundBody {
  payment_id: string;
  amount: YooAmount;
  description?: string;
  receipt?: YooReceipt;
}

export interface CreateReceiptBody {
  type: 'payment';
  payment_id: string;
  customer: { email: string };
  items: YooReceiptItem[];
  settlements: { type: 'prepayment'; amount: YooAmount }[];
  send: true;
  tax_system_code?: number;
}
