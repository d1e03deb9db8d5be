import { ui } from '../../../lib/messages';

/** Something, an @, something, a dot and something: the server decides the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What is wrong with a typed e-mail before it is sent, in words ('' when nothing is): an empty field
 * or an address without its @ or domain would only come back as the spec's bare «Проверьте почту».
 */
export function emailProblem(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) return ui.login.emailRequired;
  return EMAIL_SHAPE.test(trimmed) ? '' : ui.login.emailMalformed;
}
