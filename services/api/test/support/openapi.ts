/** The operations of the OpenAPI document the app serves (`/api/docs-json`), as test/fuzz.test.ts reads them. */

/** The part of JSON Schema that zod's `toJSONSchema` and @nestjs/swagger write into the document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `PUT /api/admin/users/{id}`, as the document names it. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, or null when the operation takes none. */
  body: JsonSchema | null;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, entries] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(entries)) {
      const method = verb.toUpperCase() as Operation['method'];
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.required ?? p.in === 'path',
        schema: p.schema ?? { type: 'string' },
      }));
      operations.push({
        name: `${method} ${path}`,
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Every `properties` key anywhere in the document, bodies and answers alike. */
export function propertyNames(document: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((n) => names.add(n));
        walk(value);
      }
    }
  };
  walk(document);
  return [...names].sort();
}
