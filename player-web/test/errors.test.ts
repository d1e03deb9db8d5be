import {
  AuthError,
  BookingError,
  DeviceError,
  DoorError,
  messages,
  RequestError,
  ShelfError,
  type ErrorCode,
  type FieldErrors,
} from '@kort/contracts';
import { afterEach, expect, test, vi } from 'vitest';
import { activationError } from '../src/features/auth/components/activation-form';
import { loginError } from '../src/features/auth/hooks/use-login';
import { verifyError } from '../src/features/auth/components/password-recovery';
import { registerError } from '../src/features/auth/hooks/use-registration';
import { doorError } from '../src/features/game/components/door-modal';
import { api, ApiError, NetworkError } from '../src/lib/api-client';
import { errorOf, errorText, NO_ANSWER, type FailureCode } from '../src/lib/errors';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const SERVER = 'текст сервера';
const refusal = (status: number, code: ErrorCode, detail = SERVER, errors: FieldErrors = {}) =>
  new ApiError(status, code, detail, errors);

/** The spec's error catalogue, and the app's own choices: the player's text for each code. */
const catalogue: [FailureCode, string][] = [
  [NO_ANSWER, 'Неполадки сети, попробуйте позже'],
  [RequestError.ServerError, 'Неполадки сети, попробуйте позже'],
  [RequestError.Unavailable, 'Неполадки сети, попробуйте позже'],
  [RequestError.NotFound, 'Неполадки сети, попробуйте позже'],
  [AuthError.CheckEmail, 'Проверьте почту'],
  [AuthError.PasswordsDoNotMatch, 'Пароль не соответствует требованиям'],
  [AuthError.CodeInvalid, 'Неверный или истекший код'],
  [AuthError.CodeTooManyTries, 'Слишком много неверных попыток. Попробуйте через час'],
  [AuthError.VerifyCodeInvalid, 'Неверный или истекший код подтверждения'],
  [AuthError.ResetCodeExpired, 'Истек срок действия кода подтверждения'],
  [AuthError.NewPasswordEmpty, 'Пароль не может быть нулевым'],
  [AuthError.NewPasswordsDoNotMatch, 'Новые пароли не совпадают'],
  [AuthError.NewPasswordWeak, 'Минимум 8 символов, включая одну строчную, заглавную буквы, одну цифру, спец. символ'],
  [BookingError.QuotaReached, 'Ограничение по количеству бронирований'],
  [BookingError.CancelTooLate, 'Нельзя отменить бронирование менее чем за 1 час'],
  [DoorError.GameNotStarted, 'Вы ещё не начали игру'],
  [DoorError.WrongCode, 'Неверный код'],
];

test.each(catalogue)('%s reads "%s", whatever the server said', (code, text) => {
  expect(errorText(code, SERVER)).toBe(text);
  expect(errorText(code)).toBe(text);
});

// Every code a player's call can get: the app's text where it has one, the server's words otherwise
// (a game's start time, the rule a password breaks, a shelf's state, how long to wait).
const playerCodes = [RequestError, AuthError, BookingError, DoorError, DeviceError, ShelfError].flatMap(
  (codes) => Object.values(codes) as ErrorCode[],
);
test.each(playerCodes)('%s has its text', (code) => {
  const named = catalogue.find(([known]) => known === code);
  expect(errorText(code, SERVER)).toBe(named ? named[1] : SERVER);
});

test('errorOf: a refusal keeps its code, detail and fields; no answer (or anything else) is NO_ANSWER', () => {
  expect(
    errorOf(refusal(400, AuthError.WrongPassword, messages.authFailed, { auth_error: messages.authFailed })),
  ).toMatchObject({
    code: AuthError.WrongPassword,
    detail: messages.authFailed,
    errors: { auth_error: messages.authFailed },
    text: messages.authFailed,
  });
  expect(errorOf(refusal(418, BookingError.QuotaReached, "I'm a teapot")).text).toBe(messages.bookingLimit);
  for (const failure of [new NetworkError(messages.networkTrouble), new TypeError('boom')])
    expect(errorOf(failure)).toMatchObject({
      code: NO_ANSWER,
      detail: messages.networkTrouble,
      text: messages.networkTrouble,
    });
});

test('the API client gives the code; an answer without one (a proxy page) reads as network trouble', async () => {
  document.cookie = 'csrftoken=abc';
  const reply = (status: number, body: unknown) =>
    vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', reply(409, { detail: messages.slotTaken, code: BookingError.SlotTaken }));
  await expect(api('POST', '/api/order-court/1/')).rejects.toMatchObject({
    code: BookingError.SlotTaken,
    detail: messages.slotTaken,
  });
  vi.stubGlobal('fetch', reply(500, { detail: messages.serverError, code: RequestError.ServerError }));
  await expect(api('GET', '/api/my-orders/')).rejects.toMatchObject({
    code: RequestError.ServerError,
    detail: messages.networkTrouble,
  });
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 })));
  await expect(api('GET', '/api/my-orders/')).rejects.toMatchObject({
    code: RequestError.Unavailable,
    detail: messages.networkTrouble,
  });
});

// --- The calls whose refusals the spec lists one by one ---

test('login: field errors as the spec names them, trouble as network trouble, else the server text', () => {
  const login = (error: unknown) => loginError(errorOf(error));
  expect(login(refusal(400, AuthError.EmailUnknown, SERVER, { phone_number: messages.checkEmail }))).toBe(
    'Проверьте почту',
  );
  expect(login(refusal(400, RequestError.Invalid, SERVER, { phone_number: 'Введите корректный e-mail' }))).toBe(
    'Проверьте почту',
  );
  expect(login(refusal(400, AuthError.WrongPassword, SERVER, { auth_error: messages.authFailed }))).toBe(
    messages.authFailed,
  );
  expect(login(refusal(403, AuthError.AccountBlocked, messages.accountBlocked))).toBe(messages.accountBlocked);
  expect(login(refusal(429, AuthError.TooManyLogins, messages.tooManyLogins))).toBe(messages.tooManyLogins);
  for (const trouble of [
    refusal(404, RequestError.NotFound),
    refusal(500, RequestError.ServerError),
    refusal(503, RequestError.Unavailable),
    new NetworkError(),
  ])
    expect(login(trouble)).toBe('Неполадки сети, попробуйте позже');
});

test('registration: password1 as sent, password2 "Пароль не соответствует требованиям", else the server text', () => {
  const register = (error: unknown) => registerError(errorOf(error));
  expect(register(refusal(400, AuthError.PasswordRejected, 'правило', { password1: 'правило' }))).toBe('правило');
  expect(register(refusal(400, AuthError.PasswordsDoNotMatch, SERVER, { password2: SERVER }))).toBe(
    'Пароль не соответствует требованиям',
  );
  expect(register(refusal(400, AuthError.EmailTaken, messages.emailTaken, { email: messages.emailTaken }))).toBe(
    messages.emailTaken,
  );
  expect(register(refusal(500, RequestError.ServerError))).toBe('Неполадки сети, попробуйте позже');
  expect(register(new NetworkError())).toBe('Неполадки сети, попробуйте позже');
});

test('activation: its two refusals, a rate limit in the server words, anything else network trouble', () => {
  expect(activationError(refusal(403, AuthError.CodeTooManyTries))).toBe(
    'Слишком много неверных попыток. Попробуйте через час',
  );
  expect(activationError(refusal(400, AuthError.CodeInvalid))).toBe('Неверный или истекший код');
  expect(activationError(refusal(400, RequestError.Invalid))).toBe('Неверный или истекший код');
  expect(activationError(refusal(429, RequestError.TooManyRequests, messages.tooManyRequests))).toBe(
    messages.tooManyRequests,
  );
  expect(activationError(refusal(500, RequestError.ServerError))).toBe('Неполадки сети, попробуйте позже');
  expect(activationError(new NetworkError())).toBe('Неполадки сети, попробуйте позже');
});

test('the recovery code: too many wrong codes read as a wrong one (the spec has one text for its 403)', () => {
  expect(verifyError(refusal(403, AuthError.CodeTooManyTries))).toBe('Неверный или истекший код подтверждения');
});

test('the door code: any refusal is "Неверный код", trouble with the equipment in the server words', () => {
  for (const wrong of [
    refusal(400, DoorError.WrongCode),
    refusal(403, AuthError.Forbidden),
    refusal(410, DoorError.GameOver),
    refusal(500, RequestError.ServerError),
    new NetworkError(),
  ])
    expect(doorError(wrong)).toBe('Неверный код');
  for (const [status, code, detail] of [
    [503, DeviceError.AgentOffline, messages.agentOffline],
    [502, DeviceError.Failed, messages.deviceFailed],
    [504, DeviceError.Timeout, messages.deviceTimeout],
  ] as const)
    expect(doorError(refusal(status, code, detail))).toBe(detail);
});
