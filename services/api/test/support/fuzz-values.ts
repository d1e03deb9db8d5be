import fc from 'fast-check';
import { EDGE_NUMBERS, MALFORMED_JSON, NASTY_STRINGS, NUMERIC_TEXT } from './fuzz-corpus';
import type { JsonSchema } from './openapi';

/**
 * Values for test/fuzz.test.ts: valid-ish ones built from a JSON schema and what the database holds
 * (the Dictionary), and hostile ones (wrong types, huge strings, NUL, lone surrogates, RTL, emoji,
 * odd numbers, malformed JSON).
 */

/** Values that exist in the database when the operation runs: valid-ish inputs come from here. */
export interface Dictionary {
  /** Good values by kind (see HINTS): e-mails of existing accounts, their password, days, instants… */
  values: Record<Kind, string[]>;
  /** Ids of existing objects of every kind (the caller's own and other users'), as path text. */
  ids: string[];
  /** Every property name the document mentions (extra fields, filter keys). */
  names: string[];
}

export type Kind = 'email' | 'phone' | 'password' | 'code' | 'day' | 'instant' | 'text';

/** A field whose name says what it holds draws from that kind first (`time_start`: an instant). */
const HINTS: [RegExp, Kind][] = [
  [/mail|^q$/, 'email'],
  [/phone/, 'phone'],
  [/password/, 'password'],
  [/code/, 'code'],
  [/date|day/, 'day'],
  [/time|_at$|^from$|^to$/, 'instant'],
  [/value|name/, 'text'],
];

const ID_NAME = /(^|_)id($|_)|cort|shelf/;

function allStrings(dictionary: Dictionary): string[] {
  return Object.values(dictionary.values).flat();
}

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string };

// ---- hostile values ----

const CONTENT_TYPE: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
    ),
  },
);

/** A string of one repeated unit, `min` to `max` UTF-16 units long. */
function huge(min: number, max: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('a', 'я', '👍', '\u0000', '\ud800', '"', '\\', '\u202E'), fc.integer({ min, max }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
}

/** A body over 100 kB: the limit is 100 kB of bytes, and JSON escapes make some units 6 bytes. */
const BODY_HUGE_MAX = 150_000;
/** Up to ~27 kB once escaped: past 16 kB of request line and headers Node answers 431 itself. */
export const URL_HUGE_MAX = 3_000;

/** What a spiked value gets slipped in: NUL above all (PostgreSQL text cannot hold it). */
const SPIKE: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  {
    weight: 4,
    arbitrary: fc.constantFrom('\ud800', '\udc00', '\u202E', '👍🏽', '\uFEFF', '\u200B', "'", '"', '\\', '%', '\n'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
);

/** A valid string with something hostile slipped in: NUL in a name, an emoji in an e-mail… */
export function injected(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, SPIKE, fc.nat()).map(([value, spike, at]) => {
    const cut = at % (value.length + 1);
    return value.slice(0, cut) + spike + value.slice(cut);
  });
}

export function hostileString(hugeMax = BODY_HUGE_MAX): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
    { weight: 2, arbitrary: injected(fc.string({ unit: 'grapheme', maxLength: 20 })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: huge(1_000, hugeMax) },
  );
}

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, biased to what breaks parsers: wrong types where a field expects another. */
function hostileValue(names: string[]): fc.Arbitrary<unknown> {
  const small = fc.oneof(hostileString(2_000), hostileNumber, fc.boolean(), fc.constant(null));
  return fc.oneof(
    { weight: 3, arbitrary: small },
    { weight: 1, arbitrary: fc.array(small, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fieldName(names), small, { maxKeys: 3 }) },
    // Nested arrays, deep enough to trouble a recursive walker.
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 3_000 }).map((depth) => nest(depth)) },
  );
}

function nest(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

export function fieldName(names: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...names, 'role', 'is_admin', 'id', 'user_id', '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  );
}

// ---- valid-ish values from a schema ----

/** A string parameter may carry JSON: the dashboard's `sort`, `range` and `filter` do. */
const JSON_NAME = /^(sort|range|filter)$/;

function jsonText(dictionary: Dictionary, name: string): fc.Arbitrary<string> {
  const word = fc.oneof(fc.constantFrom(...dictionary.names), fc.constantFrom(...allStrings(dictionary)));
  const scalar = fc.oneof(word, fc.integer({ min: -5, max: 2_000 }), fc.boolean(), fc.constant(null));
  const sort = fc.tuple(fc.constantFrom(...dictionary.names), fc.constantFrom('ASC', 'DESC', 'asc', 'up'));
  const range = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.nat(30), fc.nat(60)).map(([start, length]) => [start, start + length]) },
    { weight: 1, arbitrary: fc.tuple(hostileNumber, hostileNumber) },
  );
  const filter = fc.dictionary(
    fc.oneof(fc.constant('q'), fc.constantFrom(...dictionary.names)),
    fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), hostileValue(dictionary.names)),
    { maxKeys: 2 },
  );
  const shapes = { sort, range, filter } as Record<string, fc.Arbitrary<unknown>>;
  return (shapes[name] ?? fc.oneof(sort, range, filter)).map((value) => JSON.stringify(value));
}

function stringValue(schema: JsonSchema, dictionary: Dictionary, name: string): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<string>[] = [];
  if (schema.pattern) shaped.push(fc.stringMatching(new RegExp(schema.pattern)));
  const minLength = schema.minLength ?? 0;
  shaped.push(fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) }));
  if (schema.maxLength !== undefined) {
    shaped.push(fc.constantFrom('ж'.repeat(schema.maxLength), 'ж'.repeat(schema.maxLength + 1)));
  }
  const hinted = HINTS.filter(([pattern]) => pattern.test(name)).flatMap(([, kind]) => dictionary.values[kind]);
  return fc.oneof(
    {
      weight: hinted.length ? 14 : 2,
      arbitrary: fc.constantFrom(...(hinted.length ? hinted : allStrings(dictionary))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...allStrings(dictionary)) },
    { weight: ID_NAME.test(name) ? 6 : 1, arbitrary: fc.constantFrom(...dictionary.ids) },
    { weight: 2, arbitrary: fc.oneof(...shaped) },
    { weight: JSON_NAME.test(name) ? 12 : 1, arbitrary: jsonText(dictionary, name) },
  );
}

function numberValue(schema: JsonSchema, integer: boolean, dictionary: Dictionary): fc.Arbitrary<number> {
  const step = integer ? 1 : 0.5;
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : -1_000);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : 1_000);
  const min = Math.max(low, -1e9);
  const max = Math.min(high, 1e9);
  const ids = dictionary.ids.map(Number).filter((n) => Number.isSafeInteger(n));
  return fc.oneof(
    { weight: 3, arbitrary: integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }) },
    { weight: 2, arbitrary: fc.constantFrom(...ids, 1, 2) },
    { weight: 1, arbitrary: fc.constantFrom(low - step, low, high, high + step) },
  );
}

/** A value the schema accepts, more or less: the service's own rules still decide. */
export function validish(schema: JsonSchema, dictionary: Dictionary, name = ''): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validish(s, dictionary, name)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validish({ ...schema, type }, dictionary, name)));
  const type: string = types[0] ?? 'any';
  switch (type) {
    case 'string':
      return stringValue(schema, dictionary, name);
    case 'integer':
    case 'number':
      return numberValue(schema, type === 'integer', dictionary);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(schema.items ?? {}, dictionary, name), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validish(s, dictionary, k)]));
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      return fc.tuple(record, fc.boolean()).map(([value, agree]) => (agree ? agreeing(value) : value));
    }
    default:
      return fc.oneof(fc.constantFrom(...allStrings(dictionary)), hostileValue(dictionary.names));
  }
}

/** Fields of one kind often agree in a real request: a password and its confirmation. */
function agreeing(value: Record<string, unknown>): Record<string, unknown> {
  const first = new Map<Kind, unknown>();
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      const kind = HINTS.find(([pattern]) => pattern.test(key))?.[1];
      if (!kind) return [key, field];
      if (!first.has(kind)) first.set(kind, field);
      return [key, first.get(kind)];
    }),
  );
}

/** One change to a valid-ish body (a field dropped, retyped, spiked, or unknown ones added), or several. */
function mutated(value: unknown, dictionary: Dictionary): fc.Arbitrary<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
  const entries = Object.entries(value);
  const keys = entries.map(([k]) => k);
  const strings = entries.filter(([, v]) => typeof v === 'string').map(([k]) => k);
  // fromEntries keeps `__proto__` an own field, as JSON.parse on the server makes it.
  const replace = (key: string, replacement: unknown) =>
    Object.fromEntries(entries.map(([k, v]) => [k, k === key ? replacement : v]));
  const extra = fc.array(
    fc.tuple(
      fieldName(dictionary.names),
      fc.oneof(hostileValue(dictionary.names), fc.constantFrom(...allStrings(dictionary))),
    ),
    { minLength: 1, maxLength: 3 },
  );
  const changes: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: extra.map((more) => Object.fromEntries([...entries, ...more])) },
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    const dropped = key.map((k) => Object.fromEntries(entries.filter(([name]) => name !== k)));
    const retyped = fc.tuple(key, hostileValue(dictionary.names)).map(([k, v]) => replace(k, v));
    const several = fc
      .record({ drop: fc.subarray(keys), retype: fc.subarray(keys), more: extra })
      .chain(({ drop, retype, more }) =>
        fc
          .tuple(...retype.map((k) => fc.tuple(fc.constant(k), hostileValue(dictionary.names))))
          .map((pairs) => Object.fromEntries([...entries.filter(([k]) => !drop.includes(k)), ...pairs, ...more])),
      );
    changes.push(
      { weight: 1, arbitrary: dropped },
      { weight: 1, arbitrary: retyped },
      { weight: 1, arbitrary: several },
    );
  }
  if (strings.length > 0) {
    // Spiking one field of an otherwise valid body gets past validation the furthest: weighed up.
    const spiked = fc
      .constantFrom(...strings)
      .chain((k) => injected(fc.constant(String((value as Record<string, unknown>)[k]))).map((v) => replace(k, v)));
    changes.push({ weight: 3, arbitrary: spiked });
  }
  return fc.oneof(...changes);
}

function malformed(schema: JsonSchema | null, dictionary: Dictionary): fc.Arbitrary<string> {
  const base = schema ? validish(schema, dictionary) : fc.constant({ a: 1 });
  return fc.oneof(
    fc.constantFrom(...MALFORMED_JSON),
    // A valid body cut short.
    base.chain((value) => {
      const text = JSON.stringify(value) ?? 'null';
      return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((end) => text.slice(0, end));
    }),
    // A number past double range (Infinity once parsed) in front of the valid fields.
    fc
      .tuple(base, fc.constantFrom(...dictionary.names), fc.constantFrom('1e400', '-1e400', '1e-400', '-0'))
      .map(([value, name, number]) => {
        const text = JSON.stringify(value) ?? 'null';
        return text.startsWith('{') ? `{"${name}":${number}${text.length > 2 ? ',' : ''}${text.slice(1)}` : text;
      }),
    // Deep nesting, up to and over the body limit.
    fc.integer({ min: 1_000, max: 120_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  );
}

export function bodyArbitrary(schema: JsonSchema | null, dictionary: Dictionary): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(value, CONTENT_TYPE).map(([v, contentType]): Body => ({ kind: 'json', value: v, contentType }));
  const raw = fc
    .tuple(malformed(schema, dictionary), CONTENT_TYPE)
    .map(([text, contentType]): Body => ({ kind: 'raw', text, contentType }));
  const none = fc.constant<Body>({ kind: 'none' });
  if (!schema) {
    return fc.oneof(
      { weight: 12, arbitrary: none },
      { weight: 1, arbitrary: json(hostileValue(dictionary.names)) },
      { weight: 1, arbitrary: raw },
    );
  }
  const valid = validish(schema, dictionary);
  return fc.oneof(
    { weight: 8, arbitrary: json(valid) },
    { weight: 6, arbitrary: json(valid.chain((value) => mutated(value, dictionary))) },
    { weight: 1, arbitrary: json(hostileValue(dictionary.names)) },
    { weight: 1, arbitrary: none },
    { weight: 2, arbitrary: raw },
  );
}
