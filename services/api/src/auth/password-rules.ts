import { AuthError, passwordProblem } from '@kort/contracts';
import { KortError } from '../common/kort-error';

/**
 * The reset and change calls answer with the spec's own statuses (its error catalogue):
 * 422 empty, 423 not matching, 424 not meeting the rules.
 */
export function assertNewPassword(password1: string | null | undefined, password2: string | null | undefined): string {
  if (!password1 || !password2) throw new KortError(AuthError.NewPasswordEmpty);
  if (password1 !== password2) throw new KortError(AuthError.NewPasswordsDoNotMatch);
  if (passwordProblem(password1)) throw new KortError(AuthError.NewPasswordWeak);
  return password1;
}
