import { messages } from '@kort/contracts';
import { ApiError } from '../../lib/api-client';

/**
 * Spec section 8 for changing and resetting a password: the texts go by status; a rate limit
 * (429) keeps the server's own text; anything else is "Ошибка".
 */
export function passwordError(failure: unknown): string {
  if (!(failure instanceof ApiError)) return messages.networkTrouble;
  switch (failure.status) {
    case 400:
      return messages.newPasswordsBad;
    case 403:
      return messages.resetCodeExpired;
    case 422:
      return messages.passwordEmpty;
    case 423:
      return messages.newPasswordsDoNotMatch;
    case 424:
      return messages.passwordHint;
    case 429:
      return failure.detail;
    default:
      return messages.genericError;
  }
}
