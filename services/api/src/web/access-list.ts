import type { NextFunction, Request, RequestHandler, Response } from 'express';
import proxyaddr from 'proxy-addr';
import { RequestError } from '@kort/contracts';
import { ERROR_ANSWERS } from '../common/error-answers';

/**
 * Lets only the listed clients through (METRICS_ALLOW, API_DOCS_ALLOW: 'all', or Express "trust
 * proxy" syntax), by the client's address as TRUST_PROXY reveals it (`request.ip`). Anyone else
 * gets the API's 404: what is not theirs to read does not exist for them.
 */
export function allowOnly(list: string): RequestHandler {
  if (list === 'all') return (_request, _response, next) => next();
  const allowed = proxyaddr.compile(list.split(',').map((entry) => entry.trim()));
  const { status, detail } = ERROR_ANSWERS[RequestError.NotFound];
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.ip && allowed(request.ip, 0)) return next();
    response.status(status).json({ detail, code: RequestError.NotFound });
  };
}
