/** Social login with VK ID and Yandex ID (docs/decisions/0040-social-login.md). */
import { messages } from './messages';

export const SOCIAL_PROVIDERS = ['vk', 'yandex'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const socialProviderNames: Record<SocialProvider, string> = {
  vk: 'VK ID',
  yandex: 'Яндекс ID',
};

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** GET /api/auth/providers/ (public): which social buttons the login screen shows. */
export type SocialProvidersResponse = Record<SocialProvider, boolean>;

/**
 * Where a login through a provider starts: a full-page navigation, not a fetch. `next` (returnPath's)
 * is where the player goes once signed in.
 */
export const socialLoginPath = (provider: SocialProvider, next: string | null = null): string =>
  `/api/auth/${provider}/login/${next ? `?next=${encodeURIComponent(next)}` : ''}`;

/**
 * Where a signed-out visitor was going (`?next=`), kept through login, registration and a social
 * login (a door link scanned while signed out must still open the door once signed in). Only the
 * app's own addresses are followed: a path from `/`, never `//host` nor an auth screen; else null.
 */
export function returnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 500 || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  if (/^\/(login|register|activate)(?:[/?#]|$)/.test(next)) return null;
  return next;
}

/**
 * Why a social login ended back on /login: the callback redirects to
 * `/login?social_error=<code>&provider=<provider>` and the screen shows the text.
 */
export const SOCIAL_ERRORS = [
  'denied',
  'state',
  'provider',
  'no_email',
  'blocked',
  'deleted',
  'off',
  'too_many',
] as const;
export type SocialError = (typeof SOCIAL_ERRORS)[number];

export const SOCIAL_ERROR_PARAM = 'social_error';
export const SOCIAL_PROVIDER_PARAM = 'provider';

/** The Russian text for a failed social login; an unknown code gets the generic one. */
export function socialErrorMessage(code: string | null, provider: string | null): string {
  const known = isSocialProvider(provider);
  const name = known ? socialProviderNames[provider] : 'Сервис входа';
  const through = known ? ` через ${name}` : '';
  switch (code as SocialError) {
    case 'denied':
      return `Вход${through} отменён`;
    case 'state':
      return 'Ссылка для входа устарела. Попробуйте ещё раз';
    case 'no_email':
      return `${name} не передал адрес e-mail. Разрешите доступ к почте или зарегистрируйтесь по e-mail`;
    case 'blocked':
      return messages.accountBlocked;
    case 'deleted':
      return messages.accountDeleted;
    case 'off':
      return `Вход${through} сейчас выключен`;
    case 'too_many':
      return messages.tooManyRequests;
    case 'provider':
    default:
      return `${name} сейчас не отвечает. Попробуйте позже или войдите по паролю`;
  }
}
