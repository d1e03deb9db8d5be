import { afterEach, expect, test, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client';
import { refreshOnPush } from '../src/app/service-worker';
import { queryKeys } from '../src/lib/query-keys';

afterEach(() => vi.unstubAllGlobals());

test('a push the service worker tells the open app about refreshes my games and the waitlist, nothing else', () => {
  const worker = new EventTarget();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: worker });
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const stop = refreshOnPush(client);

  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
  expect(invalidate).not.toHaveBeenCalled();
  const notice = { title: 'Корт освободился', body: '12:00, корт 2', url: '/profile?offer=8', tag: 'waitlist-8' };
  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'kort-push', notice } }));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    queryKeys.games.myOrders,
    queryKeys.waitlist,
  ]);

  stop();
  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'kort-push', notice } }));
  expect(invalidate).toHaveBeenCalledTimes(2);
});
