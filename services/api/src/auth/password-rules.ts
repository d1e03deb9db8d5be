import { messages, passwordProblem } from '@kort/contracts';
import { DetailException } from '../common/detail.exception';

/**
 * The reset and change calls answer with the spec's own statuses (section 8):
 * 422 empty, 423 not matching, 424 not meeting the rules.
 */
export function assertNewPassword(password1: string | null | undefined, password2: string | null | undefined): string {
  if (!password1 || !password2) throw new DetailException(422, messages.passwordEmpty);
  if (password1 !== password2) throw new DetailException(423, messages.newPasswordsDoNotMatch);
  if (passwordProblem(password1)) throw new DetailException(424, messages.passwordHint);
  return password1;
}
