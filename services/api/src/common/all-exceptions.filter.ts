import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { messages, type ErrorResponse } from '@kort/contracts';
import { isOutage } from './outage-error';

const defaultDetail: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: messages.genericError,
  [HttpStatus.UNAUTHORIZED]: messages.notAuthenticated,
  [HttpStatus.FORBIDDEN]: messages.forbidden,
  [HttpStatus.NOT_FOUND]: messages.notFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: messages.bodyTooLarge,
  [HttpStatus.TOO_MANY_REQUESTS]: messages.tooManyRequests,
};

/**
 * The one place an error becomes an HTTP answer: always JSON with a Russian `detail`. PostgreSQL or
 * Redis being away (a restart, a network cut) is a 503 the client may retry; anything else that is
 * not an HttpException is a bug: it is logged with its stack and the client sees a plain 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.toAnswer(exception);
    if (response.headersSent) return;
    // Set outright: a handler's @Header (the calendar feed's text/calendar) is applied before it
    // runs, and res.json keeps a Content-Type already there.
    response.status(status).type('application/json').json(body);
  }

  private toAnswer(exception: unknown): [number, ErrorResponse] {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'object' && 'detail' in raw && typeof raw.detail === 'string') {
        return [status, raw as ErrorResponse];
      }
      return [status, { detail: defaultDetail[status] ?? messages.genericError }];
    }
    const bodyParserStatus = bodyParserError(exception);
    if (bodyParserStatus) return bodyParserStatus;
    if (isOutage(exception)) {
      this.logger.warn({ error: String(exception) }, 'PostgreSQL or Redis unavailable: answered 503');
      return [HttpStatus.SERVICE_UNAVAILABLE, { detail: messages.serviceUnavailable }];
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : exception);
    return [HttpStatus.INTERNAL_SERVER_ERROR, { detail: messages.serverError }];
  }
}

/** Maps the errors body-parser raises (malformed JSON, too large, bad charset) to a 4xx. */
export function bodyParserError(error: unknown): [number, ErrorResponse] | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return [HttpStatus.BAD_REQUEST, { detail: messages.badJson }];
    case 'entity.too.large':
      return [HttpStatus.PAYLOAD_TOO_LARGE, { detail: messages.bodyTooLarge }];
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return [HttpStatus.BAD_REQUEST, { detail: messages.genericError }];
    default:
      return null;
  }
}
