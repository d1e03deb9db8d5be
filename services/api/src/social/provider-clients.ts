import { cleanLine, emailSchema, limits, phoneSchema, type SocialProvider } from '@kort/contracts';
import type { AppConfig } from '../config/app-config';

/** What Kort takes from a provider's profile. */
export interface SocialProfile {
  /** The provider's stable user id. */
  subject: string;
  /** Lower-cased; null when the player did not grant it. */
  email: string | null;
  name: string;
  /** +7XXXXXXXXXX, or null (not granted, or not a Russian mobile number). */
  phone: string | null;
}

export interface AuthorizeRequest {
  state: string;
  /** base64url(sha256(verifier)): PKCE S256. */
  challenge: string;
  redirectUri: string;
}

/** The browser came back from the provider with these query parameters. */
export type CallbackQuery = Record<string, string | undefined>;

/**
 * One provider's side of the authorization code flow with PKCE (S256), as its documentation
 * describes it. Every call has a deadline; any answer that is not a success is a ProviderError.
 */
export interface ProviderClient {
  readonly provider: SocialProvider;
  authorizeUrl(request: AuthorizeRequest): string;
  /** Trades the code for an access token. */
  exchange(request: { query: CallbackQuery; verifier: string; state: string; redirectUri: string }): Promise<string>;
  profile(accessToken: string): Promise<SocialProfile>;
}

/** The provider refused, failed or did not answer: the player is told to try later. */
export class ProviderError extends Error {
  constructor(
    readonly provider: SocialProvider,
    readonly step: 'token' | 'profile',
    reason: string,
  ) {
    super(`${provider} ${step}: ${reason}`);
    this.name = 'ProviderError';
  }
}

export function providerClients(config: AppConfig): Partial<Record<SocialProvider, ProviderClient>> {
  const { vk, yandex, timeoutMs } = config.social;
  return {
    ...(vk ? { vk: new VkIdClient(vk.clientId, vk.baseUrl, timeoutMs) } : {}),
    ...(yandex
      ? {
          yandex: new YandexIdClient(yandex.clientId, yandex.clientSecret, yandex.oauthUrl, yandex.loginUrl, timeoutMs),
        }
      : {}),
  };
}

/**
 * VK ID (https://id.vk.com, OAuth 2.1): `/authorize`, `/oauth2/auth` for the token, and
 * `/oauth2/user_info`. A public client: no secret; the code is bound to `device_id`, which comes
 * back with it and goes with the code. VK answers errors as `{error, error_description}`, possibly
 * with HTTP 200, so every answer is checked for an `error` key.
 */
export class VkIdClient implements ProviderClient {
  readonly provider = 'vk' as const;

  constructor(
    private readonly clientId: string,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  authorizeUrl(request: AuthorizeRequest): string {
    return authorizeUrl(`${this.baseUrl}/authorize`, this.clientId, request, {
      scope: 'vkid.personal_info email phone',
      lang_id: '0',
    });
  }

  async exchange({
    query,
    verifier,
    state,
    redirectUri,
  }: {
    query: CallbackQuery;
    verifier: string;
    state: string;
    redirectUri: string;
  }): Promise<string> {
    if (!query.code || !query.device_id) throw new ProviderError('vk', 'token', 'no code or device_id in the callback');
    const answer = await postForm(this, 'token', `${this.baseUrl}/oauth2/auth`, this.timeoutMs, {
      grant_type: 'authorization_code',
      code: query.code,
      code_verifier: verifier,
      client_id: this.clientId,
      device_id: query.device_id,
      redirect_uri: redirectUri,
      state,
    });
    if (answer.state !== undefined && answer.state !== state) {
      throw new ProviderError('vk', 'token', 'the token answer echoed another state');
    }
    if (typeof answer.access_token !== 'string') throw new ProviderError('vk', 'token', 'no access_token');
    return answer.access_token;
  }

  async profile(accessToken: string): Promise<SocialProfile> {
    const answer = await postForm(this, 'profile', `${this.baseUrl}/oauth2/user_info`, this.timeoutMs, {
      access_token: accessToken,
      client_id: this.clientId,
    });
    const user = answer.user as Record<string, unknown> | undefined;
    const subject = user?.user_id;
    if (!user || (typeof subject !== 'string' && typeof subject !== 'number')) {
      throw new ProviderError('vk', 'profile', 'no user_id');
    }
    return {
      subject: String(subject),
      email: emailOf(user.email),
      name: nameOf([user.first_name, user.last_name]),
      phone: russianMobile(user.phone),
    };
  }
}

/**
 * Yandex ID: `oauth.yandex.ru/authorize` and `/token` (the secret in HTTP Basic), and
 * `login.yandex.ru/info?format=json` with `Authorization: OAuth <token>`.
 */
export class YandexIdClient implements ProviderClient {
  readonly provider = 'yandex' as const;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly oauthUrl: string,
    private readonly loginUrl: string,
    private readonly timeoutMs: number,
  ) {}

  authorizeUrl(request: AuthorizeRequest): string {
    return authorizeUrl(`${this.oauthUrl}/authorize`, this.clientId, request, {
      scope: 'login:info login:email login:default_phone',
    });
  }

  async exchange({ query, verifier }: { query: CallbackQuery; verifier: string }): Promise<string> {
    if (!query.code) throw new ProviderError('yandex', 'token', 'no code in the callback');
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    const answer = await postForm(
      this,
      'token',
      `${this.oauthUrl}/token`,
      this.timeoutMs,
      { grant_type: 'authorization_code', code: query.code, code_verifier: verifier },
      { Authorization: `Basic ${basic}` },
    );
    if (typeof answer.access_token !== 'string') throw new ProviderError('yandex', 'token', 'no access_token');
    return answer.access_token;
  }

  async profile(accessToken: string): Promise<SocialProfile> {
    const answer = await call(this, 'profile', `${this.loginUrl}/info?format=json`, this.timeoutMs, {
      headers: { Authorization: `OAuth ${accessToken}` },
    });
    if (typeof answer.id !== 'string' && typeof answer.id !== 'number') {
      throw new ProviderError('yandex', 'profile', 'no id');
    }
    const emails = Array.isArray(answer.emails) ? (answer.emails as unknown[]) : [];
    const phone = answer.default_phone as { number?: unknown } | undefined;
    return {
      subject: String(answer.id),
      email: emailOf(answer.default_email) ?? emailOf(emails[0]),
      name: nameOf([answer.first_name, answer.last_name]) || nameOf([answer.display_name]) || nameOf([answer.login]),
      phone: russianMobile(phone?.number),
    };
  }
}

/** The authorization code request with state and PKCE S256, the same for both providers. */
function authorizeUrl(
  endpoint: string,
  clientId: string,
  { state, challenge, redirectUri }: AuthorizeRequest,
  extra: Record<string, string>,
): string {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return url.toString();
}

async function postForm(
  client: ProviderClient,
  step: 'token' | 'profile',
  url: string,
  timeoutMs: number,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  return call(client, step, url, timeoutMs, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** One call to a provider: JSON back within the deadline, with no `error` key, or a ProviderError. */
async function call(
  client: ProviderClient,
  step: 'token' | 'profile',
  url: string,
  timeoutMs: number,
  init: RequestInit,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(
      client.provider,
      step,
      (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable',
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object')
    throw new ProviderError(client.provider, step, `HTTP ${response.status}, not JSON`);
  if (!response.ok || 'error' in body) {
    const code = typeof body.error === 'string' ? body.error : '';
    throw new ProviderError(client.provider, step, `HTTP ${response.status} ${code}`.trim());
  }
  return body;
}

function emailOf(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The register form's rules: at most 25 characters (whole characters, not UTF-16 units), and what a
 * name may not hold (invisible characters, direction controls, towers of marks) left out rather than
 * refused (cleanLine): a provider's profile is not trusted more than a form. A name that reads as
 * nothing is '' (the caller tries the next one, then «Игрок»).
 */
function nameOf(parts: unknown[]): string {
  const name = parts
    .filter((part): part is string => typeof part === 'string')
    .map(cleanLine)
    .filter(Boolean)
    .join(' ');
  // Cut at 25 characters, then cleaned again: the cut may leave a joiner with nothing after it.
  return cleanLine([...name].slice(0, limits.nameMaxLength).join(''));
}

/** VK gives 79031112233, Yandex +79031112233; Kort keeps +7 and ten digits, like the register form. */
function russianMobile(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/\D/g, '');
  const phone = digits.length === 11 && /^[78]/.test(digits) ? `+7${digits.slice(1)}` : `+7${digits}`;
  return phoneSchema.safeParse(phone).success ? phone : null;
}
