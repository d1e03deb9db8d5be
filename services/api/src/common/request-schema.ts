import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { HttpRequest } from './http';
import { z } from 'zod';
import { type FieldErrors, messages, RequestError } from '@kort/contracts';
import { KortError } from './kort-error';

export const BODY_SCHEMA = 'kort:body-schema';

/** The parsed value of a schema, as a handler receives it after validation. */
export type Parsed<S extends z.ZodType> = z.output<S>;
const QUERY_SCHEMA = 'kort:query-schema';

interface BodySchemaOptions {
  /** Report a field's problem under another name (the spec's login calls e-mail "phone_number"). */
  errorFields?: Record<string, keyof FieldErrors>;
}

export interface BodySchemaMeta extends BodySchemaOptions {
  schema: z.ZodType;
}

/** What a handler declared of its input, read once per handler (auth/request-gate.ts). */
export interface InputSchemas {
  body?: BodySchemaMeta;
  query?: z.ZodType;
}

export function inputSchemasOf(handler: object): InputSchemas {
  return {
    body: Reflect.getMetadata(BODY_SCHEMA, handler) as BodySchemaMeta | undefined,
    query: Reflect.getMetadata(QUERY_SCHEMA, handler) as z.ZodType | undefined,
  };
}

/**
 * Declares the handler's JSON body: it is validated (after the auth and CSRF guards) and replaced
 * by the parsed value, and the schema is published in OpenAPI. A bad body is a 400 whose `detail`
 * is the first problem and whose `errors` name each field.
 */
export function BodySchema(schema: z.ZodType, options: BodySchemaOptions = {}) {
  return applyDecorators(
    SetMetadata(BODY_SCHEMA, { schema, ...options } satisfies BodySchemaMeta),
    ApiBody({ schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as object }),
  );
}

/** Publishes the shape of a handler's 200 answer in OpenAPI (the schema lives in @kort/contracts). */
export function ResponseSchema(schema: z.ZodType) {
  return ApiOkResponse({ schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as object });
}

/**
 * Declares the handler's query parameters: validated and coerced like a body, published in OpenAPI
 * with each one's type and bounds as the query text is read (`?month=11`: an integer from 1 to 12).
 */
export function QuerySchema(schema: z.ZodObject) {
  const params = Object.entries(schema.shape).map(([name, field]) =>
    ApiQuery({
      name,
      required: !(field as z.ZodType).safeParse(undefined).success,
      schema: parameterSchema(field as z.ZodType),
    }),
  );
  return applyDecorators(SetMetadata(QUERY_SCHEMA, schema), ...params);
}

function parameterSchema(field: z.ZodType): object {
  const schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' });
  delete schema.$schema; // the dialect is the document's, not each parameter's
  return schema;
}

/**
 * Validates the request's query and body against what the handler declared (after the CSRF and
 * session checks: auth/request-gate.ts) and replaces them by the parsed, typed values.
 */
export function validateInput(request: HttpRequest, schemas: InputSchemas): void {
  if (schemas.query) {
    const parsed = parse(schemas.query, request.query, {});
    // An own property, whatever the framework gave (Fastify a plain field, Express 5 a getter): the parsed, typed value.
    Object.defineProperty(request, 'query', { value: parsed, configurable: true, enumerable: true });
  }
  if (schemas.body) request.body = parse(schemas.body.schema, request.body ?? {}, schemas.body.errorFields ?? {});
}

function parse(schema: z.ZodType, input: unknown, aliases: Record<string, keyof FieldErrors>): unknown {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw toBadRequest(parsed.error, aliases, input);
  // PostgreSQL text cannot hold U+0000: such a value is refused here, not by a failing query.
  const field = fieldWithNul(parsed.data);
  if (field === null) return parsed.data;
  const problem = `Неверное значение поля ${field}`;
  throw new KortError(RequestError.Invalid, { detail: problem, errors: { [aliases[field] ?? field]: problem } });
}

/** The top-level field whose value (a string, or strings inside it) holds U+0000, or null. */
function fieldWithNul(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  return Object.entries(data).find(([, value]) => holdsNul(value))?.[0] ?? null;
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 8) return false;
  return Object.values(value).some((item) => holdsNul(item, depth + 1));
}

function toBadRequest(error: z.ZodError, aliases: Record<string, keyof FieldErrors>, body: unknown): KortError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'detail');
    errors[aliases[field] ?? field] ??= readable(issue, field, body);
  }
  const detail = Object.values(errors)[0] ?? messages.genericError;
  return new KortError(RequestError.Invalid, { detail, errors });
}

/** A schema that names its own Russian message keeps it; zod's English defaults are replaced. */
function readable(issue: z.core.$ZodIssue, field: string, body: unknown): string {
  if (!issue.message.startsWith('Invalid') && !issue.message.startsWith('Unrecognized')) return issue.message;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return messages.badJson;
  const present = (body as Record<string, unknown>)[field] !== undefined;
  return present ? `Неверное значение поля ${field}` : `Поле ${field} обязательно`;
}
