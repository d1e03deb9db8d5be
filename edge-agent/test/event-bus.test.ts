import { EventBus } from '../src/event-bus';
import { capturingLogger, eventually } from './support/helpers';

test('a listener that throws or rejects is logged; the others still hear the event', async () => {
  const logger = capturingLogger();
  const bus = new EventBus(logger);
  const heard: boolean[] = [];
  bus.on('relayChanged', () => {
    throw new Error('listener bug');
  });
  bus.on('relayChanged', () => Promise.reject(new Error('async listener bug')));
  bus.on('relayChanged', ({ on }) => void heard.push(on));

  expect(() => bus.emit('relayChanged', { device: 'door', on: true, at: 1 })).not.toThrow();
  const failures = () =>
    logger
      .entries()
      .filter((entry) => entry.msg === 'event listener failed')
      .map((entry) => (entry.error as { message: string }).message);
  // The rejection is logged once it has settled, after emit() returned.
  await eventually(() => expect(failures()).toEqual(['listener bug', 'async listener bug']));
  expect(heard).toEqual([true]);
});
