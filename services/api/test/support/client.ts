import type { Server } from 'node:http';
import request, { type Response } from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER } from '@kort/contracts';

interface Options {
  /** Send the X-CSRFToken header (default: true). */
  csrf?: boolean;
  /** Send this header value instead of the token from the cookie. */
  csrfToken?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/**
 * A browser-like client: keeps its own cookies (sessionid, csrftoken) and, like the web apps,
 * echoes the csrftoken cookie in X-CSRFToken.
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(private readonly server: Server | string) {}

  get(path: string, options: Options = { csrf: false }): Promise<Response> {
    return this.send('get', path, undefined, options);
  }

  /** A GET that changes state: sent with the CSRF header, as the apps do. */
  act(path: string, options: Options = {}): Promise<Response> {
    return this.send('get', path, undefined, options);
  }

  post(path: string, body?: unknown, options: Options = {}): Promise<Response> {
    return this.send('post', path, body, options);
  }

  put(path: string, body?: unknown, options: Options = {}): Promise<Response> {
    return this.send('put', path, body, options);
  }

  patch(path: string, body?: unknown, options: Options = {}): Promise<Response> {
    return this.send('patch', path, body, options);
  }

  delete(path: string, options: Options = {}): Promise<Response> {
    return this.send('delete', path, undefined, options);
  }

  /** A raw body (malformed JSON, huge payloads). */
  async postRaw(path: string, raw: string, contentType = 'application/json'): Promise<Response> {
    await this.ensureCsrf();
    const response = await request(this.server)
      .post(path)
      .set('Cookie', this.cookieHeader())
      .set(CSRF_HEADER, this.cookies.get(CSRF_COOKIE) ?? '')
      .set('Content-Type', contentType)
      .send(raw);
    this.remember(response);
    return response;
  }

  get sessionId(): string | undefined {
    return this.cookies.get('sessionid');
  }

  private async send(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body: unknown,
    options: Options,
  ): Promise<Response> {
    const withCsrf = options.csrf ?? true;
    if (withCsrf) await this.ensureCsrf();
    let call = request(this.server)[method](path).set('Cookie', this.cookieHeader());
    if (withCsrf) call = call.set(CSRF_HEADER, options.csrfToken ?? this.cookies.get(CSRF_COOKIE) ?? '');
    for (const [name, value] of Object.entries(options.headers ?? {})) call = call.set(name, value);
    const response = await (body === undefined ? call : call.send(body as object));
    this.remember(response);
    return response;
  }

  private async ensureCsrf(): Promise<void> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.get('/api/give_rules/');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response): void {
    const raw = response.headers['set-cookie'] as unknown as string[] | undefined;
    for (const line of raw ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
