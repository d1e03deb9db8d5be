// A local fake of the YooKassa API v3 (https://yookassa.ru/developers/api) for tests, e2e and
// `npm start` with no shop configured: one node:http server answers /v3/payments, /v3/refunds and
// /v3/receipts as YooKassa does (HTTP Basic auth with the shop id and secret key, the Idempotence-Key
// header on every POST with the first answer replayed for a repeated key, YooKassa's error body
// {type: 'error', id, code, description, parameter}), serves a checkout page where a person (or a
// browser test) pays or declines, and POSTs YooKassa's notifications ({type: 'notification', event,
// object}) to the notify URL from its own process. Tests pay, decline, settle refunds, inject faults
// (500s, lost answers, delays, HTTP 202 "processing"), lose notifications and read what happened, in
// process or over HTTP (POST /__fake/pay/<id>, /__fake/faults, …; GET /__fake/payments, /__fake/requests, …).
// CLI: node scripts/fake-yookassa.mjs --port 8089 [--host 127.0.0.1] [--shop-id 100500]
//   [--secret-key test_…] [--notify-url http://127.0.0.1:3000/api/payments/yookassa/] [--public-url …]
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { resolve as resolvePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { controlInput, createWaiters, json, listen, readBody } from './fake-http.mjs';

/** YooKassa keeps an Idempotence-Key for 24 hours and takes up to 64 characters. */
const MAX_KEY_LENGTH = 64;
const MAX_DESCRIPTION = 128;
const MAX_REFUND_DESCRIPTION = 250;
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/** The error code YooKassa puts in the body for a status the fake is told to fail with. */
const CODE_OF_STATUS = {
  400: 'invalid_request',
  401: 'invalid_credentials',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal_server_error',
};
/** A test card's details, as YooKassa shows a paid card (only the first six and last four digits). */
const TEST_CARD = {
  first6: '555555',
  last4: '4477',
  expiry_month: '12',
  expiry_year: '2030',
  card_type: 'MasterCard',
  issuer_country: 'RU',
};

/**
 * @typedef {{ value: string, currency: 'RUB' }} Amount
 * @typedef {{ at: string, method: string, path: string, idempotence_key: string | null, body: any,
 *   authorized: boolean, status?: number, replayed?: boolean, body_differs?: boolean,
 *   fault?: 'delay' | 'processing' | 'fail' | 'fail-after' | 'drop' | 'drop-after' }} ApiRequest
 *   Every /v3 call in arrival order; `status` is set once answered (never for a dropped answer).
 *   `replayed`: the stored first answer for this key and endpoint was sent again, and `body_differs`
 *   says whether this request's body was another one (YooKassa answers the first all the same).
 *   The Authorization header is never recorded.
 * @typedef {{ at: string, event: string, object_id: string, object: any, url: string | null,
 *   status: number | null, lost: boolean, error?: string }} SentNotification
 *   `status` is the notify URL's HTTP answer; null when it was lost on purpose (`lost`), when no URL
 *   is set, or when it could not be reached (`error`).
 * @typedef {{ count: number | null, status: number, path: string | null, after: boolean, drop: boolean }} FailFault
 *   The next `count` calls (default 1; null: every call until cleared) whose "METHOD /v3/path"
 *   matches the regular expression `path` (any call when not given) answer `status` (default 500)
 *   with YooKassa's error body, or get their connection closed with no answer (`drop`). With
 *   `after`, the call is carried out (and its answer stored for its key) first: YooKassa did it,
 *   the caller never heard.
 * @typedef {{ ms: number, count: number | null, path: string | null }} DelayFault
 *   The next `count` calls (default null: every call until cleared) wait `ms` before being handled
 *   (and are carried out even when the caller gave up meanwhile).
 * @typedef {{ count: number | null, retryAfterMs: number, path: string | null }} ProcessingFault
 *   The next `count` calls (default 1) answer HTTP 202 {type: 'processing', description,
 *   retry_after: retryAfterMs (default 50)} and are not carried out.
 *   setFaults() replaces all three at once: setFaults({}) clears them.
 * @typedef {{ fail?: Partial<FailFault>, delay?: Partial<DelayFault>, processing?: Partial<ProcessingFault> }} Faults
 */

/** A fake-side refusal of a control call (unknown payment, wrong state): its HTTP status and message. */
class ControlError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Starts the fake YooKassa.
 * @param {{ port?: number, host?: string, shopId?: string, secretKey?: string, publicUrl?: string,
 *   notifyUrl?: string | null, notifyTimeoutMs?: number }} [options]
 *   `publicUrl`: the address browsers reach the checkout pages at (default: the server's own).
 *   `notifyUrl`: where notifications go (none by default: they are logged as not sent).
 */
export async function startFakeYooKassa({
  port = 0,
  host = '127.0.0.1',
  shopId = '100500',
  secretKey = 'test_kort_fake_secret_key',
  publicUrl,
  notifyUrl = null,
  notifyTimeoutMs = 5000,
} = {}) {
  if (!shopId || !secretKey) throw new TypeError('shopId and secretKey are required');
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;

  let state = freshState();
  const waiters = createWaiters();
  /** Ends pending delays on close(), so no timer keeps the process alive. */
  const closing = new AbortController();
  /** Notifications on their way, destroyed on close(). */
  const outgoing = new Set();
  /** Notifications being sent, awaited by close(). */
  const delivering = new Set();

  function freshState() {
    return {
      /** @type {Map<string, { object: any, request: any, capture: boolean }>} */ payments: new Map(),
      /** @type {Map<string, { object: any, request: any }>} */ refunds: new Map(),
      /** @type {Map<string, { object: any, request: any }>} */ receipts: new Map(),
      /** "METHOD /path\nkey" → the first answer and the body it was for. */ idempotency: new Map(),
      /** @type {ApiRequest[]} */ log: [],
      /** @type {SentNotification[]} */ notifications: [],
      /** @type {{ fail: FailFault | null, delay: DelayFault | null, processing: ProcessingFault | null }} */
      faults: { fail: null, delay: null, processing: null },
      notify: { url: notifyUrl, lose: false },
      /** 'instant': a new refund succeeds at once; 'pending': it waits for settleRefunds(). */
      refundMode: /** @type {'instant' | 'pending'} */ ('instant'),
    };
  }

  const nowIso = () => new Date().toISOString();
  const copy = (value) => structuredClone(value);

  // ----- answers -----

  const reply = (status, body) => ({ status, body });
  const apiError = (status, code, description, parameter) =>
    reply(status, {
      type: 'error',
      id: randomUUID(),
      ...(code && { code }),
      description,
      ...(parameter && { parameter }),
    });
  const invalid = (description, parameter) => apiError(400, 'invalid_request', description, parameter);
  const notFound = (what) => apiError(404, 'not_found', `${what} not found`);

  // ----- validation, as strict as YooKassa where a client bug would show -----

  /** An amount's kopecks, or an error reply naming `parameter`. */
  const amountOf = (amount, parameter) => {
    if (!amount || typeof amount !== 'object') return { error: invalid(`${parameter} is required`, parameter) };
    if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value)) {
      return { error: invalid(`${parameter}.value must be a string like "1500.00"`, `${parameter}.value`) };
    }
    if (amount.currency !== 'RUB') {
      return { error: invalid('The fake shop takes RUB only', `${parameter}.currency`) };
    }
    const kopecks = toKopecks(amount.value);
    if (kopecks <= 0) return { error: invalid(`${parameter}.value must be positive`, `${parameter}.value`) };
    return { kopecks };
  };

  /**
   * Receipt items: each one valid; their sum must be `total` kopecks when given. `prefix` names
   * where they sit in the body ('receipt.' in a payment or refund, '' for POST /v3/receipts).
   */
  const checkItems = (items, total, prefix) => {
    if (!Array.isArray(items) || items.length === 0 || items.length > 100) {
      return invalid('items must hold 1 to 100 items', `${prefix}items`);
    }
    let sum = 0;
    for (const [index, item] of items.entries()) {
      const at = `${prefix}items[${index}]`;
      if (!item || typeof item !== 'object') return invalid('An item must be an object', at);
      if (typeof item.description !== 'string' || item.description.length < 1 || item.description.length > 128) {
        return invalid('description must hold 1 to 128 characters', `${at}.description`);
      }
      const quantity = Number(item.quantity);
      if (!(quantity > 0) || !/^\d+(\.\d{1,3})?$/.test(String(item.quantity))) {
        return invalid('quantity must be a positive number with up to 3 decimals', `${at}.quantity`);
      }
      const price = amountOf(item.amount, `${at}.amount`);
      if (price.error) return price.error;
      if (!Number.isInteger(item.vat_code) || item.vat_code < 1 || item.vat_code > 12) {
        return invalid('vat_code must be an integer from 1 to 12', `${at}.vat_code`);
      }
      for (const field of ['payment_subject', 'payment_mode']) {
        if (typeof item[field] !== 'string' || item[field] === '')
          return invalid(`${field} is required`, `${at}.${field}`);
      }
      sum += Math.round(price.kopecks * quantity);
    }
    if (total !== undefined && sum !== total) {
      return invalid(
        `The sum of the items (${money(sum).value}) must equal the amount (${money(total).value})`,
        `${prefix}items`,
      );
    }
    return null;
  };

  const checkCustomer = (customer, prefix) => {
    const email = typeof customer?.email === 'string' && /^[^@\s]+@[^@\s]+$/.test(customer.email);
    const phone = typeof customer?.phone === 'string' && /^\d{11,15}$/.test(customer.phone);
    return email || phone ? null : invalid('customer must have an email or a phone', `${prefix}customer`);
  };

  const checkTaxSystem = (code, prefix) =>
    code === undefined || (Number.isInteger(code) && code >= 1 && code <= 6)
      ? null
      : invalid('tax_system_code must be an integer from 1 to 6', `${prefix}tax_system_code`);

  /** A receipt sent with a payment, a capture or a refund, for `total` kopecks. */
  const checkReceipt = (receipt, total) => {
    if (!receipt || typeof receipt !== 'object') return invalid('receipt must be an object', 'receipt');
    return (
      checkCustomer(receipt.customer, 'receipt.') ??
      checkItems(receipt.items, total, 'receipt.') ??
      checkTaxSystem(receipt.tax_system_code, 'receipt.')
    );
  };

  const checkMetadata = (metadata) => {
    if (metadata === undefined) return null;
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) {
      return invalid('metadata must be an object', 'metadata');
    }
    const entries = Object.entries(metadata);
    if (entries.length > 16) return invalid('metadata holds at most 16 keys', 'metadata');
    for (const [key, value] of entries) {
      if (key.length > 32) return invalid('A metadata key holds at most 32 characters', 'metadata');
      if (typeof value !== 'string' || value.length > 512) {
        return invalid('A metadata value must be a string of at most 512 characters', 'metadata');
      }
    }
    return null;
  };

  // ----- the objects -----

  const publicBase = () => (publicUrl ?? url).replace(/\/+$/, '');
  const view = (record) => ({ ...copy(record.object), _request: copy(record.request) });

  /** A receipt YooKassa registers by itself for a payment or refund that carried one. */
  const registerReceipt = (type, owner, receipt, amount) => {
    const object = {
      id: yooId('rt'),
      type,
      ...(type === 'payment' ? { payment_id: owner.id } : { payment_id: owner.payment_id, refund_id: owner.id }),
      status: 'succeeded',
      items: copy(receipt.items),
      settlements: [{ type: 'cashless', amount: copy(amount) }],
      ...(receipt.tax_system_code !== undefined && { tax_system_code: receipt.tax_system_code }),
      ...fiscalData(),
    };
    state.receipts.set(object.id, { object, request: copy(receipt) });
  };

  const createPayment = (body) => {
    const amount = amountOf(body.amount, 'amount');
    if (amount.error) return amount.error;
    if (body.description !== undefined) {
      if (typeof body.description !== 'string' || body.description.length > MAX_DESCRIPTION) {
        return invalid(`description holds at most ${MAX_DESCRIPTION} characters`, 'description');
      }
    }
    if (body.capture !== undefined && typeof body.capture !== 'boolean') {
      return invalid('capture must be a boolean', 'capture');
    }
    const confirmation = body.confirmation;
    if (confirmation !== undefined) {
      if (confirmation?.type !== 'redirect') {
        return invalid('The fake supports confirmation.type "redirect" only', 'confirmation.type');
      }
      if (typeof confirmation.return_url !== 'string' || !/^https?:\/\/./.test(confirmation.return_url)) {
        return invalid('confirmation.return_url must be an http(s) URL', 'confirmation.return_url');
      }
    }
    const method = body.payment_method_data;
    if (method !== undefined && (typeof method?.type !== 'string' || method.type === '')) {
      return invalid('payment_method_data.type is required', 'payment_method_data.type');
    }
    const refusal = checkMetadata(body.metadata) ?? (body.receipt ? checkReceipt(body.receipt, amount.kopecks) : null);
    if (refusal) return refusal;

    const id = yooId('000f');
    const object = {
      id,
      status: 'pending',
      paid: false,
      amount: money(amount.kopecks),
      ...(body.description !== undefined && { description: body.description }),
      recipient: { account_id: shopId, gateway_id: '2000500' },
      ...(method && { payment_method: { type: method.type, id, saved: false } }),
      created_at: nowIso(),
      ...(confirmation && {
        confirmation: {
          type: 'redirect',
          confirmation_url: `${publicBase()}/checkout/${id}`,
          return_url: confirmation.return_url,
        },
      }),
      test: true,
      refundable: false,
      ...(body.metadata && { metadata: copy(body.metadata) }),
      ...(body.receipt && { receipt_registration: 'pending' }),
    };
    state.payments.set(id, { object, request: copy(body), capture: body.capture === true });
    return reply(200, copy(object));
  };

  /** Moves a waiting or just-paid payment to succeeded with `kopecks` captured; its event. */
  const succeed = (record, kopecks, receipt) => {
    const payment = record.object;
    payment.status = 'succeeded';
    payment.paid = true;
    payment.amount = money(kopecks);
    payment.income_amount = money(kopecks - Math.round(kopecks * 0.035));
    payment.captured_at = nowIso();
    payment.refundable = true;
    delete payment.expires_at;
    if (receipt) {
      registerReceipt('payment', payment, receipt, payment.amount);
      payment.receipt_registration = 'succeeded';
    }
    return 'payment.succeeded';
  };

  const findPayment = (id) => {
    const record = state.payments.get(id);
    if (!record) throw new ControlError(404, `payment ${id} not found`);
    return record;
  };

  /** The buyer pays: pending → succeeded (capture: true) or waiting_for_capture; the event's promise. */
  const payPayment = (id) => {
    const record = findPayment(id);
    const payment = record.object;
    if (payment.status !== 'pending') throw new ControlError(400, `payment ${id} is ${payment.status}, not pending`);
    delete payment.confirmation;
    const type = payment.payment_method?.type ?? 'bank_card';
    payment.payment_method =
      type === 'bank_card'
        ? { type, id, saved: false, title: `Bank card *${TEST_CARD.last4}`, card: { ...TEST_CARD } }
        : { type, id, saved: false, title: type === 'sbp' ? 'СБП' : type };
    let event;
    if (record.capture) event = succeed(record, toKopecks(payment.amount.value), record.request.receipt);
    else {
      payment.status = 'waiting_for_capture';
      payment.paid = true;
      payment.expires_at = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
      event = 'payment.waiting_for_capture';
    }
    return notify(event, payment);
  };

  /** The buyer (or their bank) declines: pending → canceled; the event's promise. */
  const declinePayment = (id, { party = 'yoo_money', reason = 'permission_revoked' } = {}) => {
    const record = findPayment(id);
    const payment = record.object;
    if (payment.status !== 'pending') throw new ControlError(400, `payment ${id} is ${payment.status}, not pending`);
    cancel(payment, { party, reason });
    return notify('payment.canceled', payment);
  };

  const cancel = (payment, details) => {
    payment.status = 'canceled';
    payment.paid = false;
    payment.refundable = false;
    payment.cancellation_details = details;
    delete payment.confirmation;
    delete payment.expires_at;
    if (payment.receipt_registration) payment.receipt_registration = 'canceled';
  };

  const capturePayment = (id, body) => {
    const record = state.payments.get(id);
    if (!record) return notFound('Payment');
    const payment = record.object;
    if (payment.status !== 'waiting_for_capture') {
      return invalid(`Payment is ${payment.status}: only a payment waiting_for_capture can be captured`, 'payment_id');
    }
    let kopecks = toKopecks(payment.amount.value);
    if (body.amount !== undefined) {
      const asked = amountOf(body.amount, 'amount');
      if (asked.error) return asked.error;
      if (asked.kopecks > kopecks) return invalid('amount exceeds the payment amount', 'amount');
      kopecks = asked.kopecks;
    }
    const whole = kopecks === toKopecks(payment.amount.value);
    if (!whole && record.request.receipt && !body.receipt) {
      return invalid('A partial capture needs a receipt for the amount captured', 'receipt');
    }
    const receipt = body.receipt ?? record.request.receipt;
    if (body.receipt) {
      const refusal = checkReceipt(body.receipt, kopecks);
      if (refusal) return refusal;
    }
    void notify(succeed(record, kopecks, receipt), payment);
    return reply(200, copy(payment));
  };

  const cancelPayment = (id) => {
    const record = state.payments.get(id);
    if (!record) return notFound('Payment');
    const payment = record.object;
    // As YooKassa: only a two-stage payment waiting for its capture can be canceled by the shop; a
    // pending one ends by the buyer's hand or by its own expiry.
    if (payment.status !== 'waiting_for_capture') {
      return invalid(`Payment is ${payment.status}: it cannot be canceled`, 'payment_id');
    }
    cancel(payment, { party: 'merchant', reason: 'canceled_by_merchant' });
    void notify('payment.canceled', payment);
    return reply(200, copy(payment));
  };

  /** Kopecks of a payment not yet refunded or promised to a refund on its way. */
  const refundableLeft = (payment) => {
    let left = toKopecks(payment.amount.value);
    for (const { object } of state.refunds.values()) {
      if (object.payment_id === payment.id && object.status !== 'canceled') left -= toKopecks(object.amount.value);
    }
    return left;
  };

  const createRefund = (body) => {
    if (typeof body.payment_id !== 'string') return invalid('payment_id is required', 'payment_id');
    const record = state.payments.get(body.payment_id);
    if (!record) return invalid(`Payment ${body.payment_id} not found`, 'payment_id');
    if (record.object.status !== 'succeeded') {
      return invalid(`Payment is ${record.object.status}: only a succeeded payment can be refunded`, 'payment_id');
    }
    const amount = amountOf(body.amount, 'amount');
    if (amount.error) return amount.error;
    const left = refundableLeft(record.object);
    if (amount.kopecks > left) {
      return invalid(`amount exceeds what is left to refund (${money(left).value})`, 'amount');
    }
    if (body.description !== undefined) {
      if (typeof body.description !== 'string' || body.description.length > MAX_REFUND_DESCRIPTION) {
        return invalid(`description holds at most ${MAX_REFUND_DESCRIPTION} characters`, 'description');
      }
    }
    if (body.receipt) {
      const refusal = checkReceipt(body.receipt, amount.kopecks);
      if (refusal) return refusal;
    }
    const object = {
      id: yooId('0015'),
      payment_id: body.payment_id,
      status: 'pending',
      created_at: nowIso(),
      amount: money(amount.kopecks),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.receipt && { receipt_registration: 'pending' }),
    };
    const refund = { object, request: copy(body) };
    state.refunds.set(object.id, refund);
    if (state.refundMode === 'instant') void settleRefund(refund, 'succeeded');
    return reply(200, copy(object));
  };

  /** A pending refund's end; 'succeeded' counts it in the payment's refunded_amount and notifies. */
  const settleRefund = (refund, status) => {
    const object = refund.object;
    object.status = status;
    if (status === 'canceled') {
      object.cancellation_details = { party: 'yoo_money', reason: 'general_decline' };
      if (object.receipt_registration) object.receipt_registration = 'canceled';
      return Promise.resolve(null); // YooKassa has no refund.canceled event
    }
    const payment = state.payments.get(object.payment_id).object;
    let refunded = 0;
    for (const other of state.refunds.values()) {
      if (other.object.payment_id === payment.id && other.object.status === 'succeeded') {
        refunded += toKopecks(other.object.amount.value);
      }
    }
    payment.refunded_amount = money(refunded);
    if (refund.request.receipt) {
      registerReceipt('refund', object, refund.request.receipt, object.amount);
      object.receipt_registration = 'succeeded';
    }
    return notify('refund.succeeded', object);
  };

  const createReceipt = (body) => {
    if (body.type !== 'payment' && body.type !== 'refund') {
      return invalid('type must be "payment" or "refund"', 'type');
    }
    const owner = body.type === 'payment' ? state.payments.get(body.payment_id) : state.refunds.get(body.refund_id);
    const ownerField = body.type === 'payment' ? 'payment_id' : 'refund_id';
    if (!owner) return invalid(`${ownerField} names no ${body.type} of this shop`, ownerField);
    if (body.send !== true) return invalid('send must be true', 'send');
    const refusal =
      checkCustomer(body.customer, '') ??
      checkItems(body.items, undefined, '') ??
      checkTaxSystem(body.tax_system_code, '');
    if (refusal) return refusal;
    if (!Array.isArray(body.settlements) || body.settlements.length === 0) {
      return invalid('settlements must hold at least one settlement', 'settlements');
    }
    let settled = 0;
    for (const [index, settlement] of body.settlements.entries()) {
      if (typeof settlement?.type !== 'string') return invalid('type is required', `settlements[${index}].type`);
      const amount = amountOf(settlement.amount, `settlements[${index}].amount`);
      if (amount.error) return amount.error;
      settled += amount.kopecks;
    }
    const itemsTotal = body.items.reduce(
      (sum, item) => sum + Math.round(toKopecks(item.amount.value) * Number(item.quantity)),
      0,
    );
    if (settled !== itemsTotal) {
      return invalid(
        `The settlements (${money(settled).value}) must equal the sum of the items (${money(itemsTotal).value})`,
        'settlements',
      );
    }
    const object = {
      id: yooId('rt'),
      type: body.type,
      ...(body.type === 'payment'
        ? { payment_id: body.payment_id }
        : { refund_id: body.refund_id, payment_id: owner.object.payment_id }),
      status: 'pending',
      items: copy(body.items),
      settlements: copy(body.settlements),
      ...(body.tax_system_code !== undefined && { tax_system_code: body.tax_system_code }),
    };
    state.receipts.set(object.id, { object, request: copy(body) });
    return reply(200, copy(object));
  };

  /** A receipt is registered by the time it is read: the first GET after creation finds it succeeded. */
  const readReceipt = (id) => {
    const record = state.receipts.get(id);
    if (!record) return notFound('Receipt');
    if (record.object.status === 'pending') Object.assign(record.object, { status: 'succeeded', ...fiscalData() });
    return reply(200, copy(record.object));
  };

  // ----- notifications -----

  /**
   * POSTs {type: 'notification', event, object} to the notify URL from this process (so the API sees
   * 127.0.0.1, or ::1 for a URL naming localhost), once, and logs it. Resolves with the log entry.
   */
  const notify = (event, object) => {
    const entry = /** @type {SentNotification} */ ({
      at: nowIso(),
      event,
      object_id: object.id,
      object: copy(object),
      url: state.notify.url,
      status: null,
      lost: false,
    });
    const log = state.notifications;
    const done = () => {
      log.push(entry);
      waiters.notify(/** @type {any} */ ({ kind: 'notification', entry }));
      return copy(entry);
    };
    if (!entry.url) return Promise.resolve(done());
    if (state.notify.lose) {
      entry.lost = true;
      return Promise.resolve(done());
    }
    const body = { type: 'notification', event, object: entry.object };
    const sending = postJson(entry.url, body, notifyTimeoutMs, outgoing).then(
      (status) => {
        entry.status = status;
        return done();
      },
      (error) => {
        entry.error = error instanceof Error ? error.message : String(error);
        return done();
      },
    );
    delivering.add(sending);
    void sending.finally(() => delivering.delete(sending));
    return sending;
  };

  /** Sends the last event of a payment or refund again (YooKassa may deliver one twice). */
  const resend = (id) => {
    const last = state.notifications.findLast((entry) => entry.object_id === id);
    if (!last) throw new ControlError(404, `no notification was sent for ${id}`);
    const record = state.payments.get(id) ?? state.refunds.get(id);
    return notify(last.event, record ? record.object : last.object);
  };

  // ----- faults -----

  /** Whether `fault` applies to this call; counts it down when it does. */
  const take = (fault, call) => {
    if (!fault || fault.count === 0) return false;
    if (fault.path !== null && !new RegExp(fault.path).test(call)) return false;
    if (fault.count !== null) fault.count -= 1;
    return true;
  };

  /** @param {Faults} input */
  const setFaults = (input = {}) => {
    const path = (value) => {
      if (value === undefined || value === null) return null;
      new RegExp(value); // throws on a bad pattern, before anything changes
      return String(value);
    };
    const count = (value, fallback) => {
      if (value === undefined) return fallback;
      if (value === null) return null;
      if (!Number.isInteger(value) || value < 0) throw new ControlError(400, 'count must be a whole number');
      return value;
    };
    const faults = { fail: null, delay: null, processing: null };
    if (input.fail) {
      faults.fail = {
        count: count(input.fail.count, 1),
        status: Number(input.fail.status ?? 500),
        path: path(input.fail.path),
        after: input.fail.after === true,
        drop: input.fail.drop === true,
      };
    }
    if (input.delay) {
      const ms = Number(input.delay.ms);
      if (!(ms >= 0)) throw new ControlError(400, 'delay.ms must be a number of milliseconds');
      faults.delay = { ms, count: count(input.delay.count, null), path: path(input.delay.path) };
    }
    if (input.processing) {
      faults.processing = {
        count: count(input.processing.count, 1),
        retryAfterMs: Number(input.processing.retryAfterMs ?? 50),
        path: path(input.processing.path),
      };
    }
    state.faults = faults;
    return copy(faults);
  };

  // ----- the API -----

  /** The /v3 route of a call: a handler, or an error reply. */
  const dispatch = (method, path, body) => {
    const parts = path.split('/').filter(Boolean); // ['v3', 'payments', id, 'capture']
    const [, resource, id, action] = parts;
    const allowed = (want) => (method === want ? null : apiError(405, undefined, `Use ${want} here`));
    if (parts.length > 4 || !['payments', 'refunds', 'receipts'].includes(resource)) return notFound('Resource');
    if (id === undefined) {
      const wrong = allowed('POST');
      if (wrong) return wrong;
      if (resource === 'payments') return createPayment(body);
      if (resource === 'refunds') return createRefund(body);
      return createReceipt(body);
    }
    if (action === undefined) {
      const wrong = allowed('GET');
      if (wrong) return wrong;
      if (resource === 'receipts') return readReceipt(id);
      const record = (resource === 'payments' ? state.payments : state.refunds).get(id);
      return record ? reply(200, copy(record.object)) : notFound(resource === 'payments' ? 'Payment' : 'Refund');
    }
    if (resource !== 'payments' || (action !== 'capture' && action !== 'cancel')) return notFound('Resource');
    const wrong = allowed('POST');
    if (wrong) return wrong;
    return action === 'capture' ? capturePayment(id, body) : cancelPayment(id);
  };

  const api = async (req, res, path, raw) => {
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotence-key'] === 'string' ? req.headers['idempotence-key'] : null;
    let body = {};
    let parsed = true;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        parsed = false;
        body = raw;
      }
    }
    const entry = /** @type {ApiRequest} */ ({
      at: nowIso(),
      method,
      path,
      idempotence_key: key,
      body,
      authorized: req.headers.authorization === expectedAuth,
    });
    state.log.push(entry);
    const log = state.log; // a reset() during a delay must not mark the new log's entries
    const answer = (result) => {
      entry.status = result.status;
      if (!res.destroyed) json(res, result.status, result.body);
      if (log === state.log) waiters.notify(/** @type {any} */ ({ kind: 'request', entry }));
    };
    const drop = () => {
      res.socket?.destroy();
      if (log === state.log) waiters.notify(/** @type {any} */ ({ kind: 'request', entry }));
    };

    if (!entry.authorized) {
      return answer(apiError(401, 'invalid_credentials', 'Authentication by given credentials failed'));
    }
    if (method === 'POST') {
      if (!key) return answer(invalid('Idempotence-Key header is required', 'Idempotence-Key'));
      if (key.length > MAX_KEY_LENGTH) {
        return answer(invalid(`Idempotence-Key holds at most ${MAX_KEY_LENGTH} characters`, 'Idempotence-Key'));
      }
      if (!parsed || typeof body !== 'object' || body === null || Array.isArray(body)) {
        return answer(invalid('The body must be a JSON object'));
      }
    }

    const call = `${method} ${path}`;
    const { faults } = state;
    if (take(faults.delay, call)) {
      entry.fault = 'delay';
      try {
        await sleep(faults.delay.ms, undefined, { signal: closing.signal });
      } catch {
        return; // the fake is closing
      }
    }
    if (take(faults.processing, call)) {
      entry.fault = 'processing';
      const retry_after = faults.processing.retryAfterMs;
      return answer(reply(202, { type: 'processing', description: 'Request accepted', retry_after }));
    }
    const failure = take(faults.fail, call) ? faults.fail : null;
    const failed = () => {
      if (failure.drop) return drop();
      const code = CODE_OF_STATUS[failure.status];
      return answer(apiError(failure.status, code, `Injected by the fake (HTTP ${failure.status})`));
    };
    if (failure && !failure.after) {
      entry.fault = failure.drop ? 'drop' : 'fail';
      return failed();
    }

    let result;
    const stored = key && method === 'POST' ? state.idempotency.get(`${call}\n${key}`) : undefined;
    if (stored) {
      entry.replayed = true;
      entry.body_differs = stored.body !== canonical(body);
      result = copy(stored.answer);
    } else {
      result = dispatch(method, path, body);
      // The first answer is kept for the key (YooKassa: 24 hours), unless the outcome was unknown.
      if (key && method === 'POST' && result.status < 500) {
        state.idempotency.set(`${call}\n${key}`, { answer: copy(result), body: canonical(body) });
      }
    }
    if (failure) {
      entry.fault = failure.drop ? 'drop-after' : 'fail-after';
      return failed();
    }
    return answer(result);
  };

  // ----- the checkout page -----

  const page = (res, status, title, content) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(checkoutHtml(title, content));
  };

  const checkout = async (req, res, id, action) => {
    const record = state.payments.get(id);
    if (!record) {
      return page(res, 404, 'Платёж не найден', '<p>Такого платежа нет в тестовой ЮKassa.</p>');
    }
    const payment = record.object;
    if (action === undefined && req.method === 'GET') return page(res, 200, 'Оплата', checkoutForm(payment));
    if ((action !== 'pay' && action !== 'decline') || req.method !== 'POST') {
      return page(res, 405, 'Ошибка', '<p>Эта страница открывается иначе.</p>');
    }
    // The return address is read before paying: the payment loses its confirmation once paid.
    const back = record.object.confirmation?.return_url ?? record.request.confirmation?.return_url;
    if (payment.status === 'pending') {
      // The buyer's browser does not wait for the notification, as with YooKassa.
      void (action === 'pay' ? payPayment(id) : declinePayment(id));
    }
    if (back) {
      res.writeHead(303, { location: back, 'cache-control': 'no-store' });
      return res.end();
    }
    return page(res, 200, 'Готово', `<h2>Готово</h2>${statusNote(payment)}`);
  };

  // ----- test control over HTTP -----

  const views = {
    payments: () => [...state.payments.values()].map(view),
    refunds: () => [...state.refunds.values()].map(view),
    receipts: () => [...state.receipts.values()].map(view),
    requests: () => copy(state.log),
    notifications: () => copy(state.notifications),
    faults: () => copy(state.faults),
    notify: () => copy(state.notify),
  };

  /** Pending refunds (or the one named) end with `status`; resolves once their events are sent. */
  const settleRefunds = async ({ status = 'succeeded', id } = {}) => {
    if (status !== 'succeeded' && status !== 'canceled') {
      throw new ControlError(400, 'status must be "succeeded" or "canceled"');
    }
    const pending = [...state.refunds.values()].filter(
      (refund) => refund.object.status === 'pending' && (id === undefined || refund.object.id === id),
    );
    if (id !== undefined && pending.length === 0) throw new ControlError(404, `no pending refund ${id}`);
    await Promise.all(pending.map((refund) => settleRefund(refund, status)));
    return pending.map((refund) => copy(refund.object));
  };

  const setNotify = ({ url: target, lose } = {}) => {
    if (target !== undefined) {
      if (target !== null && !/^https?:\/\/./.test(String(target))) {
        throw new ControlError(400, 'url must be an http(s) URL or null');
      }
      state.notify.url = target;
    }
    if (lose !== undefined) state.notify.lose = lose === true;
    return copy(state.notify);
  };

  const setRefundMode = (mode) => {
    if (mode !== 'instant' && mode !== 'pending') throw new ControlError(400, 'mode must be "instant" or "pending"');
    state.refundMode = mode;
    return { mode };
  };

  const control = async (req, res, path, body) => {
    const [action, id, ...rest] = path.split('/').filter(Boolean);
    if (req.method === 'GET' && id === undefined && Object.hasOwn(views, action ?? '')) {
      return json(res, 200, views[action]());
    }
    if (req.method === 'GET' && action === 'payments' && id && rest.length === 0) {
      const record = state.payments.get(id);
      return record ? json(res, 200, view(record)) : json(res, 404, { error: `payment ${id} not found` });
    }
    const input = controlInput(req, res, body);
    if (input === undefined) return;
    const actions = {
      pay: () => payPayment(id).then(() => view(findPayment(id))),
      decline: () => declinePayment(id, input).then(() => view(findPayment(id))),
      resend: () => resend(id),
      faults: () => setFaults(input),
      notify: () => setNotify(input),
      'refund-mode': () => setRefundMode(input.mode),
      'settle-refunds': () => settleRefunds(input),
      reset: () => {
        reset();
        return { ok: true };
      },
    };
    const needsId = action === 'pay' || action === 'decline' || action === 'resend';
    if (!Object.hasOwn(actions, action ?? '') || rest.length > 0 || needsId !== (id !== undefined)) {
      return json(res, 404, { error: 'not_found' });
    }
    try {
      json(res, 200, await actions[action]());
    } catch (error) {
      const status = error instanceof ControlError ? error.status : 400;
      json(res, status, { error: error instanceof Error ? error.message : String(error) });
    }
  };

  // ----- routing -----

  const route = async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://fake');
    const path = requestUrl.pathname.replace(/(.)\/+$/, '$1');
    const body = await readBody(req);
    if (path.startsWith('/__fake/')) return control(req, res, path.slice('/__fake/'.length), body);
    if (path === '/v3' || path.startsWith('/v3/')) return api(req, res, path, body);
    const found = /^\/checkout\/([^/]+)(?:\/(pay|decline))?$/.exec(path);
    if (found) return checkout(req, res, decodeURIComponent(found[1]), found[2]);
    if (path === '/') return json(res, 200, { fake: 'YooKassa API v3', api_root: `${url}/v3`, shop_id: shopId });
    return json(res, 404, { type: 'error', id: randomUUID(), code: 'not_found', description: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error) => {
      if (!res.headersSent) {
        const description = `fake YooKassa crashed: ${error instanceof Error ? error.stack : String(error)}`;
        json(res, 500, { type: 'error', id: randomUUID(), code: 'internal_server_error', description });
      } else res.destroy();
    });
  });
  const listening = await listen(server, { port, host });
  const url = `http://${listening.authority}`;

  /** Forgets everything: objects, keys, logs, faults; the notify URL and refund mode go back to the start's. */
  function reset() {
    state = freshState();
  }

  /**
   * The first entry (of the log as it is, or one yet to come) that `predicate` accepts.
   * @template T
   * @param {'request' | 'notification'} kind
   * @param {T[]} list
   * @param {(entry: T) => boolean} predicate
   * @param {number} timeoutMs
   * @returns {Promise<T>}
   */
  const waitIn = (kind, list, predicate, timeoutMs) =>
    waiters
      .waitIn(
        /** @type {any[]} */ (list.map((entry) => ({ kind, entry }))),
        (item) => item.kind === kind && predicate(item.entry),
        timeoutMs,
        () => `No ${kind} matched within ${timeoutMs} ms; the ${kind}s: ${JSON.stringify(list.slice(-10))}`,
      )
      .then((item) => item.entry);

  const close = async () => {
    closing.abort();
    for (const request of outgoing) request.destroy();
    waiters.rejectAll(new Error('fake YooKassa stopped'));
    await Promise.allSettled([...delivering]);
    await listening.close();
  };

  return {
    url,
    apiRoot: `${url}/v3`,
    shopId,
    secretKey,
    /** The buyer pays on the checkout page; resolves once the notification was sent (or lost). */
    pay: (id) => payPayment(id).then(() => view(findPayment(id))),
    /** The buyer declines; `details` defaults to {party: 'yoo_money', reason: 'permission_revoked'}. */
    decline: (id, details) => declinePayment(id, details).then(() => view(findPayment(id))),
    payments: views.payments,
    refunds: views.refunds,
    receipts: views.receipts,
    requests: views.requests,
    notifications: views.notifications,
    faults: views.faults,
    setFaults,
    setNotify,
    setRefundMode,
    settleRefunds,
    resend,
    /** @param {(request: ApiRequest) => boolean} predicate An answered (or dropped) /v3 call. */
    waitForRequest: (predicate, timeoutMs = 5000) =>
      waitIn(
        'request',
        state.log.filter((entry) => entry.status !== undefined || entry.fault?.startsWith('drop')),
        predicate,
        timeoutMs,
      ),
    /** @param {(notification: SentNotification) => boolean} predicate */
    waitForNotification: (predicate, timeoutMs = 5000) =>
      waitIn('notification', state.notifications, predicate, timeoutMs),
    reset,
    close,
    /** The same as close(), the name the other fakes and scripts/start.mjs use. */
    stop: close,
  };
}

// ----- helpers -----

/** "1500.5" → 150050. The value was checked against AMOUNT. */
function toKopecks(value) {
  const [rubles, kopecks = ''] = value.split('.');
  return Number(rubles) * 100 + Number(kopecks.padEnd(2, '0'));
}

/** @returns {Amount} */
function money(kopecks) {
  return { value: (kopecks / 100).toFixed(2), currency: 'RUB' };
}

/**
 * An id shaped like YooKassa's: 8-4-4-4-12 hex digits with the object's kind in the second group
 * (000f a payment, 0015 a refund), e.g. "2f1c0a9e-000f-5000-8000-1a2b3c4d5e6f"; receipts start "rt-".
 */
function yooId(kind) {
  const hex = randomBytes(10).toString('hex');
  if (kind === 'rt') return `rt-${hex.slice(0, 8)}-0021-5000-8000-${hex.slice(8, 20)}`;
  return `${hex.slice(0, 8)}-${kind}-5000-${'89ab'[randomBytes(1)[0] % 4]}000-${hex.slice(8, 20)}`;
}

/** What a registered receipt carries from the (here imaginary) cash register. */
function fiscalData() {
  const digits = (n) => Array.from(randomBytes(n), (byte) => byte % 10).join('');
  return {
    fiscal_document_number: digits(4),
    fiscal_storage_number: digits(16),
    fiscal_attribute: digits(10),
    registered_at: new Date().toISOString(),
    fiscal_provider_id: 'fake-kkt',
  };
}

/** JSON with sorted keys, so that two bodies differing only in key order count as the same. */
function canonical(value) {
  const sort = (item) => {
    if (Array.isArray(item)) return item.map(sort);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sort(item[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(sort(value));
}

/** POSTs JSON with no keep-alive (nothing lingers after close()); resolves with the HTTP status. */
function postJson(target, value, timeoutMs, outgoing) {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(JSON.stringify(value));
    const parsed = new URL(target);
    const client = parsed.protocol === 'https:' ? https : http;
    const headers = {
      'content-type': 'application/json',
      'content-length': body.length,
      'user-agent': 'fake-yookassa',
    };
    const request = client.request(parsed, { method: 'POST', headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    outgoing.add(request);
    request.on('close', () => outgoing.delete(request));
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

// ----- the checkout page's HTML -----

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

const rubles = (amount) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(Number(amount.value));

/** What the buyer sees for a payment that is no longer waiting for them. */
function statusNote(payment) {
  const notes = {
    succeeded: 'Платёж прошёл.',
    waiting_for_capture: 'Платёж прошёл, деньги заблокированы до подтверждения магазином.',
    canceled: 'Платёж отменён.',
    pending: 'Платёж ждёт оплаты.',
  };
  const tone = payment.status === 'canceled' ? ' canceled' : '';
  return `<p class="status${tone}">${notes[payment.status] ?? escapeHtml(payment.status)}</p>`;
}

function checkoutForm(payment) {
  const amount = rubles(payment.amount);
  const description = payment.description ? `<p class="what">${escapeHtml(payment.description)}</p>` : '';
  const summary = `${description}<p class="amount">${escapeHtml(amount)}</p>`;
  if (payment.status !== 'pending') return `${summary}${statusNote(payment)}`;
  const type = payment.payment_method?.type;
  const method =
    type === 'sbp'
      ? '<p class="method">Оплата через СБП: в настоящем магазине здесь QR-код банка.</p>'
      : type === undefined || type === 'bank_card'
        ? `<p class="method">Тестовая карта •••• ${TEST_CARD.last4}</p>`
        : `<p class="method">Способ оплаты: ${escapeHtml(type)}</p>`;
  const id = encodeURIComponent(payment.id);
  return `${summary}${method}
    <div class="actions">
      <form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">Оплатить</button></form>
      <form method="post" action="/checkout/${id}/decline"><button class="decline" type="submit">Отказаться</button></form>
    </div>
    <p class="note">Это тестовая страница: деньги не списываются.</p>`;
}

function checkoutHtml(title, content) {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ЮKassa (тест)</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: flex-start; justify-content: center;
    padding: 24px 16px; background: #f2f3f5; color: #1a1a1a;
    font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 420px; background: #fff; border-radius: 16px; padding: 24px 20px;
    box-shadow: 0 4px 24px rgba(0, 0, 0, .08); }
  h1 { margin: 0 0 20px; font-size: 18px; font-weight: 600; }
  h1 .brand { color: #0070f0; font-weight: 800; }
  h2 { margin: 0 0 12px; font-size: 22px; }
  .what { margin: 0 0 4px; color: #555; overflow-wrap: anywhere; }
  .amount { margin: 0 0 16px; font-size: 32px; font-weight: 700; letter-spacing: -.5px; }
  .method { margin: 0 0 20px; padding: 12px 14px; background: #f6f7f9; border-radius: 10px; }
  .status { margin: 0; padding: 12px 14px; background: #eef6ee; border-radius: 10px; }
  .status.canceled { background: #fdeeee; }
  .actions { display: grid; gap: 10px; }
  form { margin: 0; }
  button { width: 100%; min-height: 48px; border: 0; border-radius: 10px; font: inherit; font-weight: 600;
    cursor: pointer; }
  button:focus-visible { outline: 3px solid #7ab8ff; outline-offset: 2px; }
  .pay { background: #0070f0; color: #fff; }
  .pay:hover { background: #005fcc; }
  .decline { background: #fff; color: #1a1a1a; border: 1px solid #c9ccd1; }
  .decline:hover { background: #f6f7f9; }
  .note { margin: 16px 0 0; font-size: 13px; color: #6b6f76; text-align: center; }
  @media (min-width: 600px) { body { padding-top: 64px; } main { padding: 32px; } }
</style>
</head>
<body>
<main>
  <h1><span class="brand">ЮKassa</span> — тестовая оплата</h1>
  ${content}
</main>
</body>
</html>
`;
}

// ----- the command line -----

if (process.argv[1] && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8089' },
      host: { type: 'string', default: '127.0.0.1' },
      'shop-id': { type: 'string' },
      'secret-key': { type: 'string' },
      'notify-url': { type: 'string' },
      'public-url': { type: 'string' },
    },
  });
  const fake = await startFakeYooKassa({
    port: Number(values.port),
    host: values.host,
    ...(values['shop-id'] && { shopId: values['shop-id'] }),
    ...(values['secret-key'] && { secretKey: values['secret-key'] }),
    ...(values['notify-url'] && { notifyUrl: values['notify-url'] }),
    ...(values['public-url'] && { publicUrl: values['public-url'] }),
  });
  console.log(`Fake YooKassa API v3 at ${fake.apiRoot} (shop ${fake.shopId}, secret key ${fake.secretKey})`);
  console.log(`  notifications to ${values['notify-url'] ?? '(none: POST /__fake/notify {"url": …})'}`);
  console.log(`  control: GET ${fake.url}/__fake/payments; POST ${fake.url}/__fake/pay/<payment id>`);
  const shutdown = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
