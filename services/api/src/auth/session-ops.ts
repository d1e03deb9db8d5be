import type { HttpRequest } from '../common/http';

/** express-session's callbacks as promises. */
export function regenerateSession(request: HttpRequest): Promise<void> {
  return settle((done) => request.session.regenerate(done));
}

export function saveSession(request: HttpRequest): Promise<void> {
  return settle((done) => request.session.save(done));
}

/** Ends the session; a read that came without one (auth/session.middleware.ts) has nothing to end. */
export function destroySession(request: HttpRequest): Promise<void> {
  if (!request.session) return Promise.resolve();
  return settle((done) => request.session.destroy(done));
}

function settle(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) =>
    run((error) => (error ? reject(error instanceof Error ? error : new Error('session store failed')) : resolve())),
  );
}
