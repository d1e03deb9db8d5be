import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { MyOrder } from '@kort/contracts';
import { NetworkFailure } from '../src/components/ui/network-failure';
import { rememberOfflinePins } from '../src/lib/offline-pins';
import { rememberContacts } from '../src/lib/remembered-contacts';
import { render } from './support/render';

// No connection at the door (a basement, a hall): the failure screen still gives the way in, from
// what the phone kept while it was online: today's offline PINs and the club's contacts.

const order = (id: number, name: number, timeStart: string, pin: string, courtName?: string): MyOrder => ({
  id,
  date: '',
  day_of_week: '',
  time: '',
  today: true,
  status: 'upcoming',
  name,
  id_cort: name,
  time_start: timeStart,
  offline_pin: pin,
  site_id: 'default',
  site_name: 'Основная площадка',
  ...(courtName ? { court_name: courtName } : {}),
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T06:30:00Z')); // 09:30 at the club (Moscow)
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

test("today's PINs the phone holds, by start, with their courts; and the club's contacts as last read", () => {
  rememberOfflinePins([
    order(7, 1, '2026-11-23T18:00:00+03:00', '305917', 'Грунт'),
    order(3, 3, '2026-11-23T10:00:00+03:00', '089234'),
    order(9, 2, '2026-11-24T10:00:00+03:00', '111222'), // tomorrow's: not today's way in
  ]);
  rememberContacts('Администратор: +7 (999) 123-45-67');
  render(<NetworkFailure onRetry={() => undefined} contacts={null} />);
  const pins = within(screen.getByRole('region', { name: 'Код для двери' }));
  expect(pins.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Код для двери без интернета: 089 234, Корт 3, 10:00',
    'Код для двери без интернета: 305 917, Грунт, 18:00',
  ]);
  const call = within(screen.getByRole('region', { name: 'Не получается? Свяжитесь с клубом' }));
  expect(call.getByRole('link', { name: '+7 (999) 123-45-67' }).getAttribute('href')).toBe('tel:+79991234567');
});

test('nothing kept: no PIN section, and the words instead of a number', () => {
  render(<NetworkFailure onRetry={() => undefined} contacts={null} />);
  expect(screen.queryByRole('region', { name: 'Код для двери' })).toBeNull();
  expect(screen.getByText(/попробуйте позже или позвоните администратору клуба/)).toBeTruthy();
});
