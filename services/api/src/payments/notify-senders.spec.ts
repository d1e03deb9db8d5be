import { YOOKASSA_SENDERS } from '../config/yookassa-config';
import { NotifySenders } from './notify-senders';

describe('NotifySenders', () => {
  const yookassa = new NotifySenders(YOOKASSA_SENDERS);

  test.each([
    '185.71.76.5',
    '185.71.77.31',
    '77.75.153.100',
    '77.75.156.11',
    '77.75.154.200',
    '2a02:5180::1',
    '::ffff:185.71.76.1',
  ])("YooKassa's published address %s is accepted", (ip) => expect(yookassa.allows(ip)).toBe(true));

  test.each(['185.71.76.32', '77.75.156.12', '127.0.0.1', '10.0.0.1', '2a03::1', '', 'not-an-ip', '::ffff:8.8.8.8'])(
    'any other address (%s) is refused',
    (ip) => expect(yookassa.allows(ip)).toBe(false),
  );

  test('a single address and a loopback list work as configured', () => {
    const local = new NotifySenders(['127.0.0.1/32', '::1/128']);
    expect(local.allows('127.0.0.1')).toBe(true);
    expect(local.allows('::1')).toBe(true);
    expect(local.allows('::ffff:127.0.0.1')).toBe(true);
    expect(local.allows('127.0.0.2')).toBe(false);
  });
});
