import { Slots } from './slots';

/** A piece of work that runs until `finish` is called, recording how many run at once. */
function gate(log: { running: number; peak: number; order: number[] }, id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    log.running += 1;
    log.peak = Math.max(log.peak, log.running);
    log.order.push(id);
    await done;
    log.running -= 1;
    return id;
  };
  return { work, finish: () => finish() };
}

test('runs at most `size` at once and the rest in arrival order', async () => {
  const slots = new Slots(2);
  const log = { running: 0, peak: 0, order: [] as number[] };
  const gates = [1, 2, 3, 4, 5].map((id) => gate(log, id));
  const results = gates.map((one) => slots.run(one.work));
  await new Promise((resolve) => setImmediate(resolve));
  expect(log.order).toEqual([1, 2]);
  for (const one of gates) {
    one.finish();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
  expect(log.order).toEqual([1, 2, 3, 4, 5]);
  expect(log.peak).toBe(2);
});

test('a failing piece of work gives its slot to the next one', async () => {
  const slots = new Slots(1);
  const failed = slots.run(() => Promise.reject(new Error('handshake failed')));
  const next = slots.run(() => Promise.resolve('next'));
  await expect(failed).rejects.toThrow('handshake failed');
  await expect(next).resolves.toBe('next');
});
