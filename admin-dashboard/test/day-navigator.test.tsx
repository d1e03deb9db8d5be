import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, useList, type RaRecord } from 'react-admin';
import { vi } from 'vitest';
import { DayNavigator } from '../src/resources/bookings/day-navigator';
import { fakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';

/** Moves the list to a day, as its location catching up with a click would. */
let catchUp: (day: string) => void = () => undefined;

/**
 * A list whose filter moves only when the test says (catchUp): the lag between a click and the
 * list showing the day it asked for, which a quick second click falls into.
 */
function Navigator({ from, setFilters }: { from: string; setFilters: (filters: { day: string }) => void }) {
  const [day, setDay] = useState(from);
  catchUp = setDay;
  const list = useList<RaRecord>({ data: [] });
  return (
    <ListContextProvider value={{ ...list, filterValues: { day }, setFilters }}>
      <DayNavigator today="2026-11-27" />
    </ListContextProvider>
  );
}

test('quick clicks on «Следующий день» add up while the list still shows the day they started from', async () => {
  fakeServer({});
  const setFilters = vi.fn();
  renderInAdmin(<Navigator from="2026-11-27" setFilters={setFilters} />);
  const next = await screen.findByRole('button', { name: 'Следующий день' });
  for (let click = 0; click < 3; click += 1) await userEvent.click(next);
  expect(setFilters.mock.calls.map(([filters]) => (filters as { day: string }).day)).toEqual([
    '2026-11-28',
    '2026-11-29',
    '2026-11-30',
  ]);

  // The list caught up with the last: a step back is from there, one day.
  act(() => catchUp('2026-11-30'));
  await userEvent.click(screen.getByRole('button', { name: 'Предыдущий день' }));
  expect(setFilters.mock.lastCall?.[0]).toMatchObject({ day: '2026-11-29' });
});

test('«Сегодня» goes back to today and is off while today is shown', async () => {
  fakeServer({});
  const setFilters = vi.fn();
  renderInAdmin(<Navigator from="2026-12-02" setFilters={setFilters} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Сегодня' }));
  expect(setFilters.mock.lastCall?.[0]).toMatchObject({ day: '2026-11-27' });
  act(() => catchUp('2026-11-27'));
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Сегодня' }).disabled).toBe(true);
});

test('the date field shows the day as дд.мм.гггг and moves the list to the date typed; half a date moves nothing', async () => {
  fakeServer({});
  const setFilters = vi.fn();
  renderInAdmin(<Navigator from="2026-11-27" setFilters={setFilters} />);
  const field = await screen.findByLabelText<HTMLInputElement>('День');
  expect(field.value).toBe('27.11.2026');
  await userEvent.clear(field);
  await userEvent.type(field, '1512');
  expect(field.value).toBe('15.12');
  expect(setFilters).not.toHaveBeenCalled();
  await userEvent.type(field, '2026');
  expect(field.value).toBe('15.12.2026');
  expect(setFilters.mock.lastCall?.[0]).toMatchObject({ day: '2026-12-15' });
  // A date that does not exist is said in Russian, and the list keeps its day.
  await userEvent.clear(field);
  await userEvent.type(field, '31.04.2027');
  expect(await screen.findByText('Такой даты нет')).toBeTruthy();
  expect(setFilters.mock.lastCall?.[0]).toMatchObject({ day: '2026-12-15' });
});
