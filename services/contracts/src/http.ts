import type { ErrorCode } from './errors';

/** Every response body carries `detail` (spec section 7). */
export interface DetailResponse<T = string> {
  detail: T;
}

/** Field errors of the login and registration calls (spec section 7). */
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

/** Header and cookie names of the session and CSRF protection (ARCHITECTURE.md section 3). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
