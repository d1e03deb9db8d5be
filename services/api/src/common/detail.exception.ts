import { HttpException } from '@nestjs/common';
import type { ErrorResponse, FieldErrors } from '@kort/contracts';

/**
 * The one error type services throw: an HTTP status and the Russian `detail` the UI shows, plus
 * the spec's field errors where a call has them (login, registration).
 */
export class DetailException extends HttpException {
  constructor(status: number, detail: string, errors?: FieldErrors) {
    const body: ErrorResponse = errors ? { detail, errors } : { detail };
    super(body, status);
  }
}
