import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ErrorCode } from '@kort/contracts';
import { ERROR_ANSWERS } from '../common/error-answers';

/**
 * The OpenAPI words of the releases' routes that their decorators cannot infer: a bundle's bytes, and
 * the refusals of the service's own codes (the gate's refusals are added by openapi.ts).
 */
export const BUNDLE_CONTENT = { 'application/gzip': { schema: { type: 'string', format: 'binary' } } };

/** One refusal per code, with the status and the Russian `detail` the exception filter answers it with. */
export function Refusals(...codes: ErrorCode[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const { status, detail } = ERROR_ANSWERS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), detail]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, details]) =>
      ApiResponse({
        status,
        description: `Refused (\`detail\` to show): ${details.join('; ')}.`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      }),
    ),
  );
}
