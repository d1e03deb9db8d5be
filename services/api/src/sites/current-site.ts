import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../common/http';
import type { SiteRecord } from './sites.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this call acts on, decided by RequestGate (sites/sites.service.ts says how). */
    site?: SiteRecord;
  }
}

/** The site the request acts on: the player's current one, or the admin's chosen one. */
export const CurrentSite = createParamDecorator((_: unknown, context: ExecutionContext): SiteRecord => {
  const site = context.switchToHttp().getRequest<HttpRequest>().site;
  if (!site) throw new Error('CurrentSite used on a route the gate decided no site for');
  return site;
});
