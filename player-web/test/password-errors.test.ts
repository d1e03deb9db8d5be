import { messages } from '@kort/contracts';
import { expect, test } from 'vitest';
import { passwordError } from '../src/features/account/password-errors';
import { verifyError } from '../src/features/auth/password-recovery';
import { ApiError, NetworkError } from '../src/lib/api-client';

// Spec section 8, reset and change password: the text goes by the status, whatever the server said.
test.each([
  [400, 'Новые пароли не совпадают или не соответствуют требованиям'],
  [403, 'Истек срок действия кода подтверждения'],
  [422, 'Пароль не может быть нулевым'],
  [423, 'Новые пароли не совпадают'],
  [424, 'Минимум 8 символов, включая одну строчную, заглавную буквы, одну цифру, спец. символ'],
])('password change or reset answered %i reads "%s"', (status, text) => {
  expect(passwordError(new ApiError(status, 'текст сервера'))).toBe(text);
});

test.each([401, 404, 409, 418, 500, 503])('any other status (%i) reads "Ошибка"', (status) => {
  expect(passwordError(new ApiError(status, 'текст сервера'))).toBe('Ошибка');
});

test('a rate limit keeps the server text; no answer at all is network trouble', () => {
  expect(passwordError(new ApiError(429, messages.tooManyRequests))).toBe(messages.tooManyRequests);
  expect(passwordError(new NetworkError(messages.networkTrouble))).toBe(messages.networkTrouble);
});

test('checking the recovery code: 403 is "Неверный или истекший код подтверждения", otherwise "Ошибка"', () => {
  expect(verifyError(new ApiError(403, 'текст сервера'))).toBe('Неверный или истекший код подтверждения');
  expect(verifyError(new ApiError(400, 'текст сервера'))).toBe('Ошибка');
  expect(verifyError(new ApiError(500, messages.networkTrouble))).toBe('Ошибка');
  expect(verifyError(new NetworkError(messages.networkTrouble))).toBe('Ошибка');
  expect(verifyError(new ApiError(429, messages.codeSendLimit))).toBe(messages.codeSendLimit);
});
