import { RequestMethod, type INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { BODY_SCHEMA } from '../../src/common/request-schema';
import { ADMIN_ROUTE, CHANGES_STATE, PUBLIC_ROUTE } from '../../src/common/route-policy';

export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  changesState: boolean;
  isPublic: boolean;
  adminOnly: boolean;
  /** The handler declares a JSON body (and so must refuse a bad one). */
  hasBody: boolean;
  /** The path with every :param filled in, ready to call. */
  example: string;
}

/** Every HTTP route of the running app, read from Nest's own metadata (not a hand-kept list). */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance) continue;
    const controller = wrapper.metatype as object;
    const prefix = String(Reflect.getMetadata('path', controller) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const handler = instance[name] as object;
      const path = Reflect.getMetadata('path', handler) as string | undefined;
      const verb = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
      if (path === undefined || verb === undefined) continue;
      const method = RequestMethod[verb] as RouteInfo['method'];
      const flag = (key: string) =>
        Boolean(reflector.getAllAndOverride<boolean>(key, [handler as never, controller as never]));
      const full = `/api/${[prefix, path].filter((p) => p && p !== '/').join('/')}/`.replace(/\/+/g, '/');
      routes.push({
        method,
        path: full,
        example: full.replace(/:[^/]+/g, '1'),
        hasBody: Reflect.getMetadata(BODY_SCHEMA, handler) !== undefined,
        changesState: method !== 'GET' || flag(CHANGES_STATE),
        isPublic: flag(PUBLIC_ROUTE),
        adminOnly: flag(ADMIN_ROUTE),
      });
    }
  }
  return routes;
}
