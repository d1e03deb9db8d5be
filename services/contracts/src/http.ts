import type { ErrorCode } from './errors';

/** Every response body carries `detail`, as the spec's calls say. */
export interface DetailResponse<T = string> {
  detail: T;
}

/** Field errors of the spec's login and registration calls (/api/login/, /api/register/). */
export interface FieldErrors {
  auth_error?: string;
  phone_number?: string;
  password1?: string;
  password2?: string;
  name_user?: string;
  email?: string;
}

/** Every refusal: the spec's `detail`, and the `code` the apps decide on (errors.ts). */
export interface ErrorResponse {
  detail: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

/** Header and cookie names of the session and CSRF protection (docs/security.md). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
