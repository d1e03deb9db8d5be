// The HTTP plumbing the local fakes of external services share (fake-oauth-provider.mjs,
// fake-telegram-bot-api.mjs, fake-push-service.mjs): reading a body, answering JSON, waiting in
// tests for a recorded entry, and listening on a port that stop() can close with keep-alive sockets open.

/**
 * Reads the whole request body, destroying the request past `limit` bytes.
 * @overload
 * @param {import('node:http').IncomingMessage} req
 * @param {{ limit?: number, encoding?: BufferEncoding }} [options]
 * @returns {Promise<string>}
 */
/**
 * @overload
 * @param {import('node:http').IncomingMessage} req
 * @param {{ limit?: number, encoding: null }} options
 * @returns {Promise<Buffer>}
 */
/**
 * @param {import('node:http').IncomingMessage} req
 * @param {{ limit?: number, encoding?: BufferEncoding | null }} [options]
 * @returns {Promise<string | Buffer>}
 */
export function readBody(req, { limit = 1_000_000, encoding = 'utf8' } = {}) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve(encoding === null ? body : body.toString(encoding));
    });
    req.on('error', reject);
  });
}

/**
 * Answers `value` as JSON, never cached.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 */
export function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

/**
 * The JSON body of a call to a fake's control API (/__fake/…): the parsed value ({} for no body), or
 * undefined once it has answered 405 (not a POST) or 400 (not JSON).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string | Buffer} body
 * @returns {any}
 */
export function controlInput(req, res, body) {
  if (req.method !== 'POST') return void json(res, 405, { error: 'method_not_allowed' });
  try {
    return body.length > 0 ? JSON.parse(body.toString()) : {};
  } catch {
    return void json(res, 400, { error: 'body must be JSON' });
  }
}

/**
 * @template T
 * @typedef {{ predicate: (entry: T) => boolean, resolve: (entry: T) => void, reject: (error: unknown) => void,
 *   settle: (done: () => void) => void, timer?: NodeJS.Timeout }} Waiter
 */

/**
 * Tests waiting for an entry a fake records (a request, a push): waitIn() resolves with a copy of the
 * first entry of `list`, or else of the first one later passed to notify(), that `predicate` (given a
 * copy) accepts; it rejects when the predicate throws, after `timeoutMs` with `timeoutMessage()`, or
 * with rejectAll()'s error.
 * @template T
 */
export function createWaiters() {
  /** @type {Set<Waiter<T>>} */
  const waiters = new Set();

  /**
   * @param {T[]} list
   * @param {(entry: T) => boolean} predicate
   * @param {number} timeoutMs
   * @param {() => string} timeoutMessage
   * @returns {Promise<T>}
   */
  const waitIn = (list, predicate, timeoutMs, timeoutMessage) =>
    new Promise((resolve, reject) => {
      try {
        const found = list.find((entry) => predicate(structuredClone(entry)));
        if (found) return resolve(structuredClone(found));
      } catch (error) {
        return reject(error);
      }
      /** @type {Waiter<T>} */
      const waiter = {
        predicate,
        resolve,
        reject,
        settle: (done) => {
          clearTimeout(waiter.timer);
          waiters.delete(waiter);
          done();
        },
      };
      waiter.timer = setTimeout(() => {
        waiter.settle(() => reject(new Error(timeoutMessage())));
      }, timeoutMs);
      waiters.add(waiter);
    });

  /** @param {T} entry */
  const notify = (entry) => {
    for (const waiter of [...waiters]) {
      let hit;
      try {
        hit = waiter.predicate(structuredClone(entry));
      } catch (error) {
        waiter.settle(() => waiter.reject(error));
        continue;
      }
      if (hit) waiter.settle(() => waiter.resolve(structuredClone(entry)));
    }
  };

  /** @param {Error} error */
  const rejectAll = (error) => {
    for (const waiter of [...waiters]) waiter.settle(() => waiter.reject(error));
  };

  return { waitIn, notify, rejectAll };
}

/**
 * Listens on `port` and `host`, keeping the open sockets so close() does not wait for keep-alive
 * clients. `authority` is host:port as a URL writes it ([::1]:port for IPv6).
 * @param {import('node:net').Server} server
 * @param {{ port: number, host: string }} where
 * @returns {Promise<{ address: import('node:net').AddressInfo, authority: string, close: () => Promise<void> }>}
 */
export async function listen(server, { port, host }) {
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const authority = `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const close = async () => {
    const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return { address, authority, close };
}
