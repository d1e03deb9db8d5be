// Kort's own client of the YooKassa API v3 (https://yookassa.ru/developers/api): a plain class the
// payments module wraps. YooKassa's rules for a result it did not give (HTTP 500, a timeout, a 202
// "processing") are to ask again with the same data and the same Idempotence-Key, so every POST
// carries the caller's key (never one made here: a retried create must be the same call, even
// across a restart of the API) and every attempt sends the very same bytes. A 4xx is final.
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CapturePaymentBody,
  CreatePaymentBody,
  CreateReceiptBody,
  CreateRefundBody,
  YooPayment,
  YooReceiptDoc,
  YooRefund,
} from './yookassa-types';

export type {
  CapturePaymentBody,
  CreatePaymentBody,
  CreateReceiptBody,
  CreateRefundBody,
  YooAmount,
  YooPayment,
  YooPaymentStatus,
  YooReceipt,
  YooReceiptDoc,
  YooReceiptItem,
  YooRefund,
  YooRegistration,
} from './yookassa-types';

export interface YooKassaOptions {
  shopId: string;
  secretKey: string;
  /** e.g. https://api.yookassa.ru/v3 (tests and `npm start` point it at scripts/fake-yookassa.mjs). */
  apiRoot: string;
  /** One attempt's limit, the answer's body included (default 10000). */
  timeoutMs?: number;
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** The first retry waits about this long, each next one twice as long, with jitter (default 300). */
  backoffMs?: number;
  /** Told of retries ('warn') and of giving up on a call that could still succeed later ('error'). */
  log?: (level: 'warn' | 'error', msg: string, data: object) => void;
}

/**
 * A call YooKassa refused or that did not get an answer. `status` is YooKassa's HTTP status (null
 * when none came: network error, timeout); `code`, `description` and `parameter` are from its error
 * body. `retryable`: the result is unknown or the refusal temporary (a timeout, a network error,
 * 5xx, 429, 202 "processing", an answer that is not YooKassa's), so asking again later with the SAME
 * Idempotence-Key (or reading the object) is right; false for a final refusal (4xx).
 */
export class YooKassaError extends Error {
  override readonly name = 'YooKassaError';
  readonly status: number | null;
  readonly code?: string;
  readonly description?: string;
  readonly parameter?: string;
  readonly retryable: boolean;

  constructor(
    message: string,
    details: {
      status: number | null;
      code?: string;
      description?: string;
      parameter?: string;
      retryable: boolean;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.code = details.code;
    this.description = details.description;
    this.parameter = details.parameter;
    this.retryable = details.retryable;
  }
}

/** YooKassa takes an Idempotence-Key of up to 64 characters. */
const MAX_KEY_LENGTH = 64;
/** The longest wait a 202's retry_after may impose, so one call never hangs for long. */
const MAX_RETRY_AFTER_MS = 10_000;

type Attempt<T> = { ok: true; value: T } | { ok: false; error: YooKassaError; retryAfterMs?: number };

export class YooKassaClient {
  // Private fields (#), so neither the secret nor the header built from it shows when the client
  // is logged, inspected or serialized.
  readonly #authorization: string;
  readonly #apiRoot: string;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #backoffMs: number;
  readonly #log: NonNullable<YooKassaOptions['log']>;

  constructor(options: YooKassaOptions) {
    if (!options.shopId || !options.secretKey) throw new TypeError('YooKassa: shopId and secretKey are required');
    let root: URL;
    try {
      root = new URL(options.apiRoot);
    } catch {
      throw new TypeError('YooKassa: apiRoot must be an absolute URL');
    }
    if (root.protocol !== 'https:' && root.protocol !== 'http:') {
      throw new TypeError('YooKassa: apiRoot must be an http(s) URL');
    }
    this.#apiRoot = root.href.replace(/\/+$/, '');
    this.#authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    this.#timeoutMs = positive(options.timeoutMs ?? 10_000, 'timeoutMs');
    this.#attempts = Math.floor(positive(options.attempts ?? 4, 'attempts'));
    this.#backoffMs = Math.max(0, options.backoffMs ?? 300);
    this.#log = options.log ?? (() => undefined);
  }

  createPayment(body: CreatePaymentBody, idempotenceKey: string): Promise<YooPayment> {
    return this.#call<YooPayment>('POST', '/payments', body, idempotenceKey);
  }

  getPayment(id: string): Promise<YooPayment> {
    return this.#call<YooPayment>('GET', `/payments/${segment(id)}`);
  }

  /** Takes a payment waiting_for_capture (all of it, or `body.amount`); it becomes succeeded. */
  capturePayment(id: string, idempotenceKey: string, body: CapturePaymentBody = {}): Promise<YooPayment> {
    return this.#call<YooPayment>('POST', `/payments/${segment(id)}/capture`, body, idempotenceKey);
  }

  /** Cancels a payment YooKassa still holds (waiting_for_capture); it becomes canceled. */
  cancelPayment(id: string, idempotenceKey: string): Promise<YooPayment> {
    return this.#call<YooPayment>('POST', `/payments/${segment(id)}/cancel`, {}, idempotenceKey);
  }

  createRefund(body: CreateRefundBody, idempotenceKey: string): Promise<YooRefund> {
    return this.#call<YooRefund>('POST', '/refunds', body, idempotenceKey);
  }

  getRefund(id: string): Promise<YooRefund> {
    return this.#call<YooRefund>('GET', `/refunds/${segment(id)}`);
  }

  createReceipt(body: CreateReceiptBody, idempotenceKey: string): Promise<YooReceiptDoc> {
    return this.#call<YooReceiptDoc>('POST', '/receipts', body, idempotenceKey);
  }

  getReceipt(id: string): Promise<YooReceiptDoc> {
    return this.#call<YooReceiptDoc>('GET', `/receipts/${segment(id)}`);
  }

  /** One call with its retries. Bodies are never logged: receipts carry the buyer's e-mail. */
  async #call<T>(method: 'GET' | 'POST', path: string, body?: object, idempotenceKey?: string): Promise<T> {
    if (method === 'POST') checkKey(idempotenceKey);
    // Serialized once: each attempt sends exactly what the first one did, as the key requires.
    const payload = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.#attempt<T>(method, path, payload, idempotenceKey);
      if (outcome.ok) return outcome.value;
      const { error } = outcome;
      const data = {
        method,
        path,
        attempt,
        attempts: this.#attempts,
        status: error.status,
        code: error.code,
        reason: error.message,
      };
      if (!error.retryable) throw error;
      if (attempt >= this.#attempts) {
        this.#log('error', 'YooKassa call failed on every attempt; its result is unknown', data);
        throw error;
      }
      const delayMs = outcome.retryAfterMs ?? this.#backoff(attempt);
      this.#log('warn', 'YooKassa call failed; retrying with the same Idempotence-Key', { ...data, delayMs });
      await sleep(delayMs);
    }
  }

  async #attempt<T>(method: string, path: string, payload?: string, idempotenceKey?: string): Promise<Attempt<T>> {
    const headers: Record<string, string> = { Authorization: this.#authorization, Accept: 'application/json' };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotenceKey !== undefined) headers['Idempotence-Key'] = idempotenceKey;
    const where = `YooKassa ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.#apiRoot}${path}`, {
        method,
        headers,
        body: payload,
        // YooKassa's API does not redirect; following one could take the credentials elsewhere.
        redirect: 'manual',
        // One signal for the answer and its body: a server that stalls mid-body times out too.
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const name = field(cause, 'name');
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      const reason = timedOut ? `no answer within ${this.#timeoutMs} ms` : `no answer (${networkReason(cause)})`;
      return { ok: false, error: new YooKassaError(`${where}: ${reason}`, { status: null, retryable: true, cause }) };
    }

    const status = response.status;
    const answer = parseObject(text);
    if (status === 202) {
      // {type: 'processing', retry_after: ms}: YooKassa is still on it; ask again with the same key.
      const retryAfter = answer?.retry_after;
      const retryAfterMs =
        typeof retryAfter === 'number' && retryAfter >= 0 ? Math.min(retryAfter, MAX_RETRY_AFTER_MS) : undefined;
      const error = new YooKassaError(`${where}: still processing`, {
        status,
        description: stringField(answer, 'description'),
        retryable: true,
      });
      return { ok: false, error, retryAfterMs };
    }
    if (status >= 200 && status < 300) {
      // The least an answer must be: an object with an id and a status. Anything else (a proxy's
      // page, a truncated body) is a failure now rather than a crash in the caller later.
      if (answer && typeof answer.id === 'string' && typeof answer.status === 'string') {
        return { ok: true, value: answer as T };
      }
      const error = new YooKassaError(`${where}: HTTP ${status} without an object with id and status`, {
        status,
        retryable: true,
      });
      return { ok: false, error };
    }
    const code = stringField(answer, 'code');
    const description = stringField(answer, 'description');
    const parameter = stringField(answer, 'parameter');
    const detail = [code, description && `(${description})`].filter(Boolean).join(' ');
    const error = new YooKassaError(`${where}: HTTP ${status}${detail ? ` ${detail}` : ''}`, {
      status,
      code,
      description,
      parameter,
      retryable: status === 429 || status >= 500,
    });
    return { ok: false, error };
  }

  /** Exponential backoff with "equal jitter": between half and all of base × 2^(attempt-1). */
  #backoff(attempt: number): number {
    const ceiling = this.#backoffMs * 2 ** (attempt - 1);
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 1) throw new TypeError(`YooKassa: ${name} must be at least 1`);
  return value;
}

/** A caller's key is checked, never replaced: a missing one is a bug in the caller, not a retry. */
function checkKey(key: string | undefined): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new TypeError(`YooKassa: an Idempotence-Key of 1 to ${MAX_KEY_LENGTH} characters is required`);
  }
}

/** An object id as one path segment. */
function segment(id: string): string {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError('YooKassa: an object id is required');
  return encodeURIComponent(id);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringField(answer: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = answer?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A string property of a thrown value. Read by name, not with instanceof: fetch's errors may come
 * from another realm (jest's test context) whose Error is not this one.
 */
function field(value: unknown, name: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const property = (value as Record<string, unknown>)[name];
  return typeof property === 'string' ? property : undefined;
}

/** fetch's "fetch failed" with the reason under it (ECONNREFUSED, ECONNRESET, …). */
function networkReason(cause: unknown): string {
  const message = field(cause, 'message') ?? String(cause);
  const inner = cause && typeof cause === 'object' ? (cause as { cause?: unknown }).cause : undefined;
  const detail = field(inner, 'code') ?? field(inner, 'message');
  return detail ? `${message}: ${detail}` : message;
}
