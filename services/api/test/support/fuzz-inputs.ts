import fc from 'fast-check';
import {
  bodyArbitrary,
  fieldName,
  hostileString,
  injected,
  URL_HUGE_MAX,
  validish,
  type Body,
  type Dictionary,
} from './fuzz-values';
import { NUMERIC_TEXT } from './fuzz-corpus';
import type { Operation, Parameter } from './openapi';

/**
 * One fuzz input for an operation of the OpenAPI document: its path and query parameters, its body,
 * the CSRF header, and how the URL ends. Built from the operation's declared parameters and body
 * schema (see fuzz-values.ts for the values).
 */
export interface FuzzInput {
  /** Path parameter values; `encoded` ones go into the URL as they are (malformed escapes). */
  path: Record<string, { text: string; encoded: boolean }>;
  /** Query parameters: absent, once, or repeated. */
  query: Record<string, string[] | undefined>;
  extraQuery: [string, string][];
  body: Body;
  csrf: 'valid' | 'missing' | 'forged';
  trailingSlash: boolean;
}

export function urlOf(operation: Operation, input: FuzzInput): string {
  let path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = input.path[name] ?? { text: '1', encoded: false };
    return value.encoded ? value.text : encode(value.text);
  });
  if (input.trailingSlash) path += '/';
  const pairs: [string, string][] = [];
  for (const [name, values] of Object.entries(input.query)) for (const value of values ?? []) pairs.push([name, value]);
  pairs.push(...input.extraQuery);
  const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** encodeURIComponent, but a lone surrogate becomes its three bytes (%ED%A0%80): malformed UTF-8. */
function encode(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length !== 1 || part < '\ud800' || part > '\udfff') return encodeURIComponent(part);
    const unit = part.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
}

function queryValue(parameter: Parameter, dictionary: Dictionary): fc.Arbitrary<string[] | undefined> {
  const text = validish(parameter.schema, dictionary, parameter.name).map((v) =>
    typeof v === 'string' ? v : JSON.stringify(v),
  );
  const one = fc.oneof(
    { weight: 10, arbitrary: text },
    { weight: 1, arbitrary: fc.constantFrom(...dictionary.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
    { weight: 1, arbitrary: hostileString(URL_HUGE_MAX) },
    { weight: 1, arbitrary: injected(text) },
  );
  return fc.oneof(
    { weight: parameter.required ? 1 : 3, arbitrary: fc.constant(undefined) },
    { weight: 10, arbitrary: one.map((v) => [v]) },
    { weight: 1, arbitrary: fc.tuple(one, one) },
  );
}

function pathValue(parameter: Parameter, dictionary: Dictionary): fc.Arbitrary<{ text: string; encoded: boolean }> {
  const choices = [
    { weight: 4, arbitrary: fc.constantFrom(...dictionary.ids) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
    { weight: 2, arbitrary: hostileString(URL_HUGE_MAX) },
  ];
  if (parameter.schema.enum?.length) {
    choices.push({ weight: 4, arbitrary: fc.constantFrom(...parameter.schema.enum.map(String)) });
  }
  const plain = fc.oneof(...choices);
  return fc.oneof(
    { weight: 9, arbitrary: plain.map((text) => ({ text, encoded: false })) },
    // Escapes that do not decode, or decode into separators.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%E0%A4%A', '%zz', '%00', '%2F', '..', '%2e%2e', '%C0%AF', '%FF%FE')
        .map((text) => ({ text, encoded: true })),
    },
  );
}

export function inputArbitrary(operation: Operation, dictionary: Dictionary): fc.Arbitrary<FuzzInput> {
  const path = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, pathValue(p, dictionary)])));
  const query = fc.record(Object.fromEntries(operation.queryParams.map((p) => [p.name, queryValue(p, dictionary)])));
  return fc.record({
    path,
    query,
    extraQuery: fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(fieldName(dictionary.names), hostileString(URL_HUGE_MAX)), {
          minLength: 1,
          maxLength: 2,
        }),
      },
    ),
    body: bodyArbitrary(operation.body, dictionary),
    csrf: fc.oneof(
      { weight: 12, arbitrary: fc.constant('valid' as const) },
      { weight: 1, arbitrary: fc.constantFrom('missing' as const, 'forged' as const) },
    ),
    trailingSlash: fc.boolean(),
  });
}

/** An input as a report shows it: long strings shortened to their start, unit and length. */
export function describeInput(input: unknown): string {
  return JSON.stringify(input, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 120) {
      return `${value.slice(0, 24)}… (${value.length} UTF-16 units)`;
    }
    if (Array.isArray(value) && value.length === 1 && Array.isArray(value[0])) {
      let depth = 0;
      let node: unknown = value;
      while (Array.isArray(node) && node.length === 1) {
        depth += 1;
        node = node[0];
      }
      if (depth > 20) return `[nested ${depth} deep]`;
    }
    return value;
  });
}

/** A complete input from the parts a regression example names. */
export function regression(partial: Partial<FuzzInput>): FuzzInput {
  return {
    path: {},
    query: {},
    extraQuery: [],
    body: { kind: 'none' },
    csrf: 'valid',
    trailingSlash: true,
    ...partial,
  };
}
