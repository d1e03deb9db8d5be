/**
 * The app's service worker (src/sw.ts, built to /sw.js): web push, and the offline page for a page
 * load that gets no answer. The app works the same without it (it caches none of the app); it is
 * registered once the app is up (app/service-worker.ts).
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser runs service workers at all (an iPhone's Safari outside the home screen does, without push). */
export const hasServiceWorker = (): boolean => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the worker for the whole app (the same registration when there is one). */
export const registerServiceWorker = (): Promise<ServiceWorkerRegistration> =>
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });

/**
 * The registration once its worker is active, registering it first if the start did not (yet):
 * `pushManager.subscribe` refuses a registration whose worker is still installing.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

/** The app's registration if there is one, without registering. */
export const currentRegistration = (): Promise<ServiceWorkerRegistration | undefined> =>
  navigator.serviceWorker.getRegistration('/');
