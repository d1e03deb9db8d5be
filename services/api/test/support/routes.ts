import { RequestMethod, type INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { z } from 'zod';
import { listRouterEndpoints } from '../../src/common/http';
import { BODY_SCHEMA } from '../../src/common/request-schema';
import {
  ADMIN_ROUTE,
  CHANGES_STATE,
  OWN_OBJECT,
  OWNERS_ONLY,
  PUBLIC_ROUTE,
  SERVER_CALL,
  SHARED_OBJECT,
  type ObjectDeclaration,
  type OwnedKind,
  type ServerCredential,
  type SharedKind,
} from '../../src/common/route-policy';

// request-schema.ts keeps the key to itself; the matrix test fails if no route reports a query field.
const QUERY_SCHEMA = 'kort:query-schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInfo {
  method: Method;
  /** The path as the app's router serves it (`/api/…/`, or `/metrics/` outside the prefix). */
  path: string;
  /** `Controller.method`: the handler serving the route. */
  handler: string;
  changesState: boolean;
  isPublic: boolean;
  /** `@ServerCall`: called by another server with its own credential (Telegram's secret, …), never a browser. */
  serverCall: ServerCredential | null;
  adminOnly: boolean;
  /** `@OwnersOnly`: of the admins, only an owner may call it. */
  ownersOnly: boolean;
  /** The handler declares a JSON body (and so must refuse a bad one). */
  hasBody: boolean;
  /** Names of the path parameters, the declared query fields and the declared body fields. */
  params: string[];
  queryFields: string[];
  bodyFields: string[];
  /** `@OwnObject`: the route acts on the caller's own object, named by these fields. */
  owns?: ObjectDeclaration<OwnedKind>;
  /** `@SharedObject`: the route names a club object that belongs to nobody. */
  shares?: ObjectDeclaration<SharedKind>;
  /** The path with every :param filled in, ready to call. */
  example: string;
}

/**
 * Every HTTP route of the running app, read from Nest's own metadata (not a hand-kept list), with
 * its policy and the path the router really serves it at.
 */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const mounted = new Map(
    listRouterEndpoints(app)
      .filter((endpoint) => endpoint.methods.length === 1 && endpoint.handlers.length === 1)
      .map((endpoint) => [`${endpoint.methods[0]} ${endpoint.handlers[0]}`, endpoint.path]),
  );
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance) continue;
    const controller = wrapper.metatype as { name: string };
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const handler = instance[name] as object;
      const path = Reflect.getMetadata('path', handler) as string | undefined;
      const verb = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
      if (path === undefined || verb === undefined) continue;
      const method = RequestMethod[verb] as Method;
      const targets = [handler as never, controller as never];
      const flag = (key: string) => Boolean(reflector.getAllAndOverride<boolean>(key, targets));
      const handlerName = `${controller.name}.${name}`;
      const served = mounted.get(`${method} ${handlerName}`);
      if (served === undefined) throw new Error(`${method} ${handlerName} is in Nest's metadata but not in the router`);
      const full = `${served}/`.replace(/\/+/g, '/');
      const body = Reflect.getMetadata(BODY_SCHEMA, handler) as { schema: z.ZodType } | undefined;
      const query = Reflect.getMetadata(QUERY_SCHEMA, handler) as z.ZodType | undefined;
      routes.push({
        method,
        path: full,
        handler: handlerName,
        example: full.replace(/:[^/]+/g, '1'),
        hasBody: body !== undefined,
        params: [...full.matchAll(/:([^/]+)/g)].map((match) => match[1]!),
        queryFields: fieldsOf(query),
        bodyFields: fieldsOf(body?.schema),
        owns: reflector.getAllAndOverride<ObjectDeclaration<OwnedKind>>(OWN_OBJECT, targets),
        shares: reflector.getAllAndOverride<ObjectDeclaration<SharedKind>>(SHARED_OBJECT, targets),
        changesState: method !== 'GET' || flag(CHANGES_STATE),
        isPublic: flag(PUBLIC_ROUTE),
        serverCall: reflector.getAllAndOverride<ServerCredential | undefined>(SERVER_CALL, targets) ?? null,
        adminOnly: flag(ADMIN_ROUTE),
        ownersOnly: flag(OWNERS_ONLY),
      });
    }
  }
  return routes;
}

/** The keys of an object schema (the request schemas are zod objects). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}
