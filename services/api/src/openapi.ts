import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { AuthError, CSRF_COOKIE, CSRF_HEADER, RequestError, SESSION_COOKIE } from '@kort/contracts';
import { ERROR_ANSWERS } from './common/error-answers';
import { inputSchemasOf } from './common/request-schema';
import {
  ADMIN_ROUTE,
  AGENT_TOKEN_SCHEME,
  CHANGES_STATE,
  OWN_OBJECT,
  OWNED_OBJECTS,
  PUBLIC_ROUTE,
  type ObjectDeclaration,
  type OwnedKind,
} from './common/route-policy';

/**
 * The API's OpenAPI 3.1 document, served at /api/docs (Swagger UI) and /api/docs-json, and checked
 * by `npm run check` (its `openapi:lint` step: cli/openapi.ts writes the document, then
 * scripts/validate-openapi.mjs and `redocly lint` check it). 3.1 because the schemas are zod's
 * JSON Schema 2020-12, which is 3.1's dialect. Each operation's security and refusals come from the
 * same route decorators the request gate enforces (auth/request-gate.ts), so the document cannot
 * drift from what the API does: a session cookie unless @Public, the X-CSRFToken header on anything that
 * changes state, 400/401/403 (and 404 for another player's object) with the `detail` to show.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('Kort API')
      .setDescription(
        'Court booking, door access and storage shelves. Every refusal is JSON with `detail` (the ' +
          'Russian text to show) and `code` (what the apps decide on). Every call that changes ' +
          `state (including the GETs marked so) needs the ${CSRF_HEADER} header echoing the ` +
          `${CSRF_COOKIE} cookie, which any answer sets.`,
      )
      .setVersion('1')
      .addServer('/', 'This server')
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_COOKIE)
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `The value of the ${CSRF_COOKIE} cookie (double submit, bound to the session).`,
        },
        CSRF_SCHEME,
      )
      .addSecurity(AGENT_TOKEN_SCHEME, {
        type: 'http',
        scheme: 'bearer',
        description: "A site's agent token; the site is named in X-Kort-Site.",
      })
      .build(),
  );
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: ERROR_SCHEMA },
  };
  for (const route of routePolicies(app)) {
    const located = operationById(document, route.operationId);
    if (located) describePolicy(located, route);
  }
  return document;
}

const CSRF_SCHEME = 'csrf';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string', description: 'The Russian text the app shows.' },
    code: { type: 'string', description: 'What the apps decide on (services/contracts/src/errors.ts).' },
    errors: {
      type: 'object',
      description: "Each refused field's problem (login and registration).",
      additionalProperties: { type: 'string' },
    },
  },
};

interface RoutePolicy {
  operationId: string;
  public: boolean;
  adminOnly: boolean;
  changesState: boolean;
  hasInput: boolean;
  ownObject: OwnedKind | null;
}

/** Every handler's policy, read from its decorators as the request gate reads them. */
function routePolicies(app: INestApplication): RoutePolicy[] {
  const policies: RoutePolicy[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of methodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        // Nest's own operationId: `${Controller}_${method}` (SwaggerModule's default factory).
        const meta = (key: string): unknown => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, metatype);
        const input = inputSchemasOf(handler);
        policies.push({
          operationId: `${metatype.name}_${name}`,
          public: meta(PUBLIC_ROUTE) === true,
          adminOnly: meta(ADMIN_ROUTE) === true,
          changesState: meta(CHANGES_STATE) === true,
          hasInput: Boolean(input.body ?? input.query),
          ownObject: (meta(OWN_OBJECT) as ObjectDeclaration<OwnedKind> | undefined)?.kind ?? null,
        });
      }
    }
  }
  return policies;
}

/** A controller's methods, its base classes' included (the admin resources share their routes). */
function methodNames(prototype: object): Set<string> {
  const names = new Set<string>();
  for (let level = prototype; level !== Object.prototype; level = Object.getPrototypeOf(level) as object) {
    for (const name of Object.getOwnPropertyNames(level)) if (name !== 'constructor') names.add(name);
  }
  return names;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

interface Located {
  operation: OperationObject;
  method: Method;
  path: string;
}

function operationById(document: OpenAPIObject, operationId: string): Located | null {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.operationId === operationId) return { operation, method, path };
    }
  }
  return null;
}

function describePolicy({ operation, method, path }: Located, route: RoutePolicy): void {
  const csrf = route.changesState || !['get', 'head', 'options'].includes(method);
  const requirement: Record<string, string[]> = {};
  if (!route.public) requirement[SESSION_COOKIE] = [];
  if (csrf) requirement[CSRF_SCHEME] = [];
  // A public route may declare a credential of its own (an agent's token): it stands.
  operation.security = Object.keys(requirement).length > 0 ? [requirement] : (operation.security ?? []);
  // Swagger's `{description: ''}` default says nothing: the 200 is described by its schema.
  for (const answer of Object.values(operation.responses) as ResponseObject[]) {
    if (answer.description === '') answer.description = 'OK';
  }

  const refusals: Record<number, string[]> = {};
  const add = (status: number, why: string) => (refusals[status] ??= []).push(why);
  if (route.hasInput || path.includes('{')) add(400, `a refused value: ${ERROR_ANSWERS[RequestError.Invalid].detail}…`);
  if (!route.public) add(401, `no session: ${ERROR_ANSWERS[AuthError.NotAuthenticated].detail}`);
  if (csrf) add(403, `no or a stale ${CSRF_HEADER}: ${ERROR_ANSWERS[RequestError.CsrfFailed].detail}`);
  if (route.adminOnly) add(403, `not an admin: ${ERROR_ANSWERS[AuthError.Forbidden].detail}`);
  const owned = route.ownObject ? OWNED_OBJECTS[route.ownObject] : null;
  if (owned && 'refusal' in owned) add(owned.refusal.status, `not yours or not there: ${owned.refusal.detail}`);
  if (['post', 'put', 'patch'].includes(method)) add(413, ERROR_ANSWERS[RequestError.TooLarge].detail);
  for (const [status, reasons] of Object.entries(refusals)) {
    operation.responses[status] ??= {
      description: `Refused (\`detail\` to show): ${reasons.join('; ')}.`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
}
