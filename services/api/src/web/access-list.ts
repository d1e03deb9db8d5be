import type { FastifyReply, FastifyRequest } from 'fastify';
import proxyaddr from 'proxy-addr';
import { RequestError } from '@kort/contracts';
import { ERROR_ANSWERS } from '../common/error-answers';

/**
 * Lets only the listed clients through (METRICS_ALLOW, API_DOCS_ALLOW: 'all', or a list in TRUST_PROXY's
 * syntax), by the client's address as TRUST_PROXY reveals it (`request.ip`). Anyone else gets the
 * API's 404: what is not theirs to read does not exist for them. True when the request may go on;
 * false when it has been answered.
 */
export function allowOnly(list: string): (request: FastifyRequest, reply: FastifyReply) => boolean {
  if (list === 'all') return () => true;
  const allowed = proxyaddr.compile(list.split(',').map((entry) => entry.trim()));
  const { status, detail } = ERROR_ANSWERS[RequestError.NotFound];
  return (request, reply) => {
    if (request.ip && allowed(request.ip, 0)) return true;
    void reply.code(status).send({ detail, code: RequestError.NotFound });
    return false;
  };
}
