import { messages } from '@kort/contracts';
import { ApiError } from '../../lib/api-client';

/** The server's Russian text for a refusal; network trouble when there is no answer. */
export const storageError = (failure: unknown): string =>
  failure instanceof ApiError ? failure.detail : messages.networkTrouble;
