import { applyDecorators, Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import { z } from 'zod';
import { ADMIN_MAX_RANGE, messages, type AdminResource } from '@kort/contracts';
import { QuerySchema } from '../common/request-schema';

/**
 * ra-data-simple-rest's list parameters (docs/admin-api.md):
 *   sort=["name","ASC"]  range=[0,24] (inclusive)  filter={"q":"анна","id":[7,8]}
 * Each is JSON in the query string. A resource declares which fields sort and which filters exist;
 * anything else is a 400 with a Russian `detail` (through @QuerySchema and the request gate).
 */

export type SortOrder = 'ASC' | 'DESC';

export interface ListSort<Field extends string> {
  field: Field;
  order: SortOrder;
}

/** `end` is inclusive, as ra-data-simple-rest sends it. */
export interface ListRange {
  start: number;
  end: number;
}

export interface ListQuery<Field extends string, Filter> {
  sort: ListSort<Field>;
  /** null: the request had none (getMany); the first ADMIN_MAX_RANGE rows are answered. */
  range: ListRange | null;
  filter: Filter;
}

export interface ListSpec<Field extends string, Filter extends z.ZodType> {
  sortable: readonly Field[];
  defaultSort: ListSort<Field>;
  /** A strict zod object: unknown filter names are refused. */
  filter: Filter;
}

type Check<T> = { value: T } | { error: string };

/** A query parameter holding JSON, checked by `validate`; every problem has a Russian message. */
function jsonParam<T>(invalid: string, validate: (value: unknown) => Check<T>) {
  return z.string({ error: invalid }).transform((raw, context): T => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      context.addIssue({ code: 'custom', message: invalid, input: raw });
      return z.NEVER;
    }
    const checked = validate(value);
    if ('error' in checked) {
      context.addIssue({ code: 'custom', message: checked.error, input: raw });
      return z.NEVER;
    }
    return checked.value;
  });
}

function checkSort<Field extends string>(sortable: readonly Field[], value: unknown): Check<ListSort<Field>> {
  if (!Array.isArray(value) || value.length !== 2) return { error: messages.adminSortInvalid };
  const [field, order] = value as unknown[];
  if (typeof field !== 'string' || typeof order !== 'string') return { error: messages.adminSortInvalid };
  const upper = order.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') return { error: messages.adminSortInvalid };
  if (!(sortable as readonly string[]).includes(field)) return { error: messages.adminSortField };
  return { value: { field: field as Field, order: upper } };
}

function checkRange(value: unknown): Check<ListRange> {
  if (!Array.isArray(value) || value.length !== 2) return { error: messages.adminRangeInvalid };
  const [start, end] = value as unknown[];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { error: messages.adminRangeInvalid };
  const [from, to] = [start as number, end as number];
  if (from < 0 || to < from) return { error: messages.adminRangeInvalid };
  if (to - from >= ADMIN_MAX_RANGE) return { error: messages.adminRangeTooLarge };
  return { value: { start: from, end: to } };
}

function checkFilter<Filter extends z.ZodType>(schema: Filter, value: unknown): Check<z.output<Filter>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: messages.adminFilterInvalid };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys')
    return { error: `${messages.adminFilterUnknown} «${shorten(issue.keys[0])}»` };
  return { error: `${messages.adminFilterValue} «${shorten(String(issue?.path[0] ?? ''))}»` };
}

/** Field names come from the request: never echo more than a short piece. */
const shorten = (text: string | undefined): string => (text ?? '').slice(0, 40);

/** The query schema of a resource's list (use with @QuerySchema). */
export function listQuery<Field extends string, Filter extends z.ZodType>(spec: ListSpec<Field, Filter>) {
  const emptyFilter = spec.filter.parse({});
  return z.object({
    sort: jsonParam(messages.adminSortInvalid, (value) => checkSort(spec.sortable, value))
      .optional()
      .transform((sort): ListSort<Field> => sort ?? spec.defaultSort),
    range: jsonParam(messages.adminRangeInvalid, checkRange)
      .optional()
      .transform((range): ListRange | null => range ?? null),
    filter: jsonParam(messages.adminFilterInvalid, (value) => checkFilter(spec.filter, value))
      .optional()
      .transform((filter): z.output<Filter> => filter ?? emptyFilter),
  });
}

// Filter value types shared by the resources. JSON brings numbers and booleans; a dashboard
// input may still send them as strings, which are accepted when they are exactly that.

const INT_MAX = 2_147_483_647;
export const intValue = z.union([
  z.number().int().min(0).max(INT_MAX),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(INT_MAX)),
]);
export const boolValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
/** `id` of getMany: one id or a list (always an array after parsing). */
export const idsOf = <T extends z.ZodType>(one: T) =>
  z.union([one.transform((id) => [id]), z.array(one).max(ADMIN_MAX_RANGE)]);
export const intIds = idsOf(intValue);

/**
 * Sets `Content-Range: <resource> <start>-<end>/<total>`, the header ra-data-simple-rest reads the
 * total from (the number after '/'). An empty page still names a range (`users 0-0/0`).
 */
/**
 * A resource's list route (getList, getMany with `filter={"id":[…]}`, getManyReference): its query
 * validated and published, and the answer published as a JSON array of records with the
 * Content-Range header that sendPage sets.
 */
export function ListRoute(query: z.ZodObject, record: z.ZodType) {
  return applyDecorators(
    Get(),
    QuerySchema(query),
    ApiOkResponse({
      schema: z.toJSONSchema(z.array(record), { io: 'output', unrepresentable: 'any' }) as object,
      headers: {
        'Content-Range': {
          description: '`<resource> <start>-<end>/<total>`: ra-data-simple-rest reads the total after the slash',
          schema: { type: 'string' },
        },
      },
    }),
  );
}

export function sendPage<Row>(
  response: HttpResponse,
  resource: AdminResource,
  page: { rows: Row[]; start: number; total: number },
): Row[] {
  const end = page.rows.length > 0 ? page.start + page.rows.length - 1 : page.start;
  response.header('Content-Range', `${resource} ${page.start}-${end}/${page.total}`);
  // Same origin needs nothing; a dashboard served elsewhere through CORS could still read it.
  response.header('Access-Control-Expose-Headers', 'Content-Range');
  return page.rows;
}

/** The rows a query asks for, for resources that live in memory (devices): filter, sort, range. */
export function pageInMemory<Row extends Record<Field, unknown>, Field extends string>(
  rows: Row[],
  query: { sort: ListSort<Field>; range: ListRange | null },
): { rows: Row[]; start: number; total: number } {
  const { field, order } = query.sort;
  const sign = order === 'ASC' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [a[field], b[field]];
    // Empty values last in both directions, as the SQL lists do (NULLS LAST).
    if (isEmpty(x) || isEmpty(y)) return Number(isEmpty(x)) - Number(isEmpty(y));
    return sign * compare(x, y);
  });
  const start = query.range?.start ?? 0;
  const end = query.range ? query.range.end + 1 : start + ADMIN_MAX_RANGE;
  return { rows: sorted.slice(start, end), start, total: rows.length };
}

const isEmpty = (value: unknown): boolean => value === null || value === undefined;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'ru', { numeric: true });
}
