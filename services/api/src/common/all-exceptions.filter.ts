import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { HttpResponse } from './http';
import { RequestError, type ErrorCode, type ErrorResponse } from '@kort/contracts';
import { ERROR_ANSWERS, STATUS_CODES } from './error-answers';
import { KortError } from './kort-error';
import { isOutage } from './outage-error';

type Answer = [status: number, body: ErrorResponse & Record<string, unknown>];

/** The answer of a code: its status and text from the table, what the thrower adds. */
export function answerOf(code: ErrorCode, error?: KortError): Answer {
  const { status, detail } = ERROR_ANSWERS[code];
  const options = error?.options ?? {};
  return [
    status,
    {
      detail: options.detail ?? detail,
      code,
      ...(options.errors ? { errors: options.errors } : {}),
      ...options.extra,
    },
  ];
}

/**
 * The one place an error becomes an HTTP answer: always JSON with a Russian `detail` and its `code`.
 * A KortError's code gives the status (common/error-answers.ts); Nest's own HTTP errors (an unknown
 * route) get the code of their status. PostgreSQL or Redis being away (a restart, a network cut) is
 * a 503 the client may retry; anything else is a bug: it is logged with its stack and the client
 * sees a plain 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<HttpResponse>();
    const [status, body] = this.toAnswer(exception);
    if (response.sent || response.raw.headersSent) return;
    const retryAfter = exception instanceof KortError ? exception.options.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) response.header('Retry-After', String(retryAfter));
    // Set outright: a handler's @Header (the calendar feed's text/calendar) is applied before it runs.
    void response.code(status).type('application/json; charset=utf-8').send(body);
  }

  private toAnswer(exception: unknown): Answer {
    if (exception instanceof KortError) return answerOf(exception.code, exception);
    // body-parser's errors reach the filter wrapped by Nest's Fastify adapter in an HttpException.
    const unreadable = bodyParserError(exception) ?? bodyParserError((exception as { cause?: unknown } | null)?.cause);
    if (unreadable) return unreadable;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return [status, { ...answerOf(STATUS_CODES[status] ?? RequestError.Failed)[1] }];
    }
    if (isOutage(exception)) {
      this.logger.warn({ error: String(exception) }, 'PostgreSQL or Redis unavailable: answered 503');
      return answerOf(RequestError.Unavailable);
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : exception);
    return answerOf(RequestError.ServerError);
  }
}

/** Maps the errors body-parser raises (malformed JSON, too large, bad charset) to a 4xx. */
export function bodyParserError(error: unknown): Answer | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return answerOf(RequestError.BadJson);
    case 'entity.too.large':
      return answerOf(RequestError.TooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return answerOf(RequestError.Failed);
    default:
      return null;
  }
}
