// The product's API from Node: setting a journey's scene and checking what a player is answered.
import { nextMail } from './mail.mjs';

/**
 * A client of the product's API from Node, with its own cookies and the CSRF header, for setting
 * the scene of a journey (accounts, games) and for checking what a player would be answered.
 */
export function apiClient(base) {
  const cookies = new Map();
  async function call(method, path, body) {
    if (!cookies.has('csrftoken') && path !== '/api/give_rules/') await call('GET', '/api/give_rules/');
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'X-CSRFToken': decodeURIComponent(cookies.get('csrftoken') ?? ''),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  }
  return {
    /** The Cookie header this client sends (for a socket.io client in the same session). */
    cookieHeader: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    csrfToken: () => decodeURIComponent(cookies.get('csrftoken') ?? ''),
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    async login(email, password) {
      return call('POST', '/api/login/', { email, password });
    },
  };
}

/** Registers and confirms an account through the real calls (code from MailDev), rules accepted. */
export async function registerAccount(product, { email, password, name }) {
  const client = apiClient(product.base);
  const registered = await client.post('/api/register/', {
    email,
    name_user: name,
    password1: password,
    password2: password,
  });
  if (registered.status !== 200)
    throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = /(\d{4})/.exec((await nextMail(product.mailUrl, email)).subject)[1];
  const activated = await client.post('/api/activate/', { email, code });
  if (activated.status !== 200) throw new Error(`activate ${email}: ${activated.status}`);
  await client.get('/api/user_read/');
  return client;
}
