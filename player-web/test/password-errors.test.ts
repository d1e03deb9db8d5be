import { AuthError, BookingError, messages, RequestError, type ErrorCode } from '@kort/contracts';
import { expect, test } from 'vitest';
import { verifyError } from '../src/features/auth/components/password-recovery';
import { ApiError, NetworkError } from '../src/lib/api-client';
import { passwordError } from '../src/lib/errors';

/** A refusal as the API sends it: the status, the code the app decides on, the server's text. */
const refusal = (status: number, code: ErrorCode, detail = 'текст сервера') => new ApiError(status, code, detail);

// The spec's error texts for resetting and changing a password: the text goes by the refusal,
// whatever the server said.
test.each([
  [400, RequestError.Invalid, 'Новые пароли не совпадают или не соответствуют требованиям'],
  [403, AuthError.ResetCodeExpired, 'Истек срок действия кода подтверждения'],
  [422, AuthError.NewPasswordEmpty, 'Пароль не может быть нулевым'],
  [423, AuthError.NewPasswordsDoNotMatch, 'Новые пароли не совпадают'],
  [
    424,
    AuthError.NewPasswordWeak,
    'Минимум 8 символов, включая одну строчную, заглавную буквы, одну цифру, спец. символ',
  ],
])('password change or reset answered %i (%s) reads "%s"', (status, code, text) => {
  expect(passwordError(refusal(status, code))).toBe(text);
});

test.each([
  [401, AuthError.NotAuthenticated],
  [404, RequestError.NotFound],
  [409, BookingError.SlotTaken],
  [418, AuthError.AccountInactive],
  [500, RequestError.ServerError],
  [503, RequestError.Unavailable],
])('any other refusal (%i, %s) reads "Ошибка"', (status, code) => {
  expect(passwordError(refusal(status, code))).toBe('Ошибка');
});

test('a rate limit keeps the server text; no answer at all is network trouble', () => {
  expect(passwordError(refusal(429, RequestError.TooManyRequests, messages.tooManyRequests))).toBe(
    messages.tooManyRequests,
  );
  expect(passwordError(new NetworkError(messages.networkTrouble))).toBe(messages.networkTrouble);
});

test('checking the recovery code: 403 is "Неверный или истекший код подтверждения", otherwise "Ошибка"', () => {
  expect(verifyError(refusal(403, AuthError.VerifyCodeInvalid))).toBe('Неверный или истекший код подтверждения');
  expect(verifyError(refusal(400, RequestError.Invalid))).toBe('Ошибка');
  expect(verifyError(refusal(500, RequestError.ServerError, messages.networkTrouble))).toBe('Ошибка');
  expect(verifyError(new NetworkError(messages.networkTrouble))).toBe('Ошибка');
  expect(verifyError(refusal(429, AuthError.CodeSendLimit, messages.codeSendLimit))).toBe(messages.codeSendLimit);
});
