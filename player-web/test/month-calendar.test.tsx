import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { dayState, monthGrid, shiftMonth, stepDay } from '../src/features/reserve/components/calendar-grid';
import { formatFullDay } from '../src/features/reserve/components/dates';
import { MonthCalendar, type MonthCalendarProps } from '../src/features/reserve/components/month-calendar';

const today = '2026-11-10';

function renderCalendar(props: Partial<MonthCalendarProps> = {}) {
  const onChange = vi.fn();
  const onMonthChange = vi.fn();
  const view = render(
    <MonthCalendar
      year={2026}
      month={11}
      today={today}
      unavailableDays={[]}
      value={null}
      onChange={onChange}
      onMonthChange={onMonthChange}
      {...props}
    />,
  );
  return { onChange, onMonthChange, ...view };
}

const day = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

test('Monday-first weeks with blanks: November 2026 starts on a Sunday', () => {
  const weeks = monthGrid(2026, 11);
  expect(weeks).toHaveLength(6);
  expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
  expect(weeks[1]).toEqual([2, 3, 4, 5, 6, 7, 8]);
  expect(weeks[5]).toEqual([30, null, null, null, null, null, null]);
  // February 2027 starts on a Monday and fills four whole weeks; leap February 2028 needs a fifth.
  expect(monthGrid(2027, 2)).toHaveLength(4);
  expect(monthGrid(2027, 2)[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(
    monthGrid(2028, 2)
      .flat()
      .filter((cell) => cell !== null),
  ).toHaveLength(29);
  expect(monthGrid(2028, 2)[0]).toEqual([null, 1, 2, 3, 4, 5, 6]);
  expect(monthGrid(2028, 2)[4]).toEqual([28, 29, null, null, null, null, null]);
});

test('helpers: month shifts across the year, day states, keyboard steps skip disabled days', () => {
  expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
  expect(shiftMonth(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
  expect(shiftMonth(2026, 11, 1)).toEqual({ year: 2026, month: 12 });
  const rules = { today, unavailableDays: [12] };
  expect(dayState(2026, 11, 9, rules)).toBe('past');
  expect(dayState(2026, 11, 10, rules)).toBe('available');
  expect(dayState(2026, 11, 12, rules)).toBe('unavailable');
  expect(dayState(2026, 12, 1, rules)).toBe('available');
  const enabled = (d: number) => d !== 12 && d !== 19;
  expect(stepDay(11, 1, 30, enabled)).toBe(13);
  expect(stepDay(5, 7, 30, enabled)).toBe(26);
  expect(stepDay(30, 1, 30, enabled)).toBeUndefined();
  expect(formatFullDay(2026, 11, 25)).toBe('25 ноября 2026, среда');
});

test('title, Monday-first headers with full names, every day a named button', () => {
  renderCalendar();
  expect(screen.getByRole('heading', { name: 'Ноябрь 2026' })).toBeTruthy();
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((header) => header.textContent)).toEqual([
    'пнпонедельник',
    'втвторник',
    'срсреда',
    'чтчетверг',
    'птпятница',
    'сбсуббота',
    'всвоскресенье',
  ]);
  const grid = screen.getByRole('grid', { name: 'Ноябрь 2026' });
  const firstRow = within(grid).getAllByRole('row')[1]!;
  const cells = within(firstRow).getAllByRole('gridcell');
  expect(cells.map((cell) => cell.textContent)).toEqual(['', '', '', '', '', '', '1']);
  expect(within(grid).getAllByRole('button')).toHaveLength(30);
  expect(day('25 ноября 2026, среда').textContent).toBe('25');
  expect(day('10 ноября 2026, вторник').getAttribute('aria-current')).toBe('date');
});

test('past days and days without a free hour are disabled', () => {
  renderCalendar({ unavailableDays: [3, 14, 21] });
  expect(day('9 ноября 2026, понедельник').disabled).toBe(true);
  expect(day('1 ноября 2026, воскресенье').disabled).toBe(true);
  expect(day('10 ноября 2026, вторник').disabled).toBe(false);
  expect(day('14 ноября 2026, суббота. Нет свободного времени').disabled).toBe(true);
  expect(day('21 ноября 2026, суббота. Нет свободного времени').disabled).toBe(true);
  // A past day is just past, even when it had no free hour.
  expect(day('3 ноября 2026, вторник').disabled).toBe(true);
  expect(
    screen
      .getAllByRole<HTMLButtonElement>('button')
      .filter((b) => b.getAttribute('aria-label')?.includes('ноября') && !b.disabled),
  ).toHaveLength(19);
});

test('clicking a day chooses it as YYYY-MM-DD; the chosen day is pressed', async () => {
  const { onChange, rerender } = renderCalendar({ unavailableDays: [14] });
  await userEvent.click(day('25 ноября 2026, среда'));
  expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-11-25');
  await userEvent.click(day('14 ноября 2026, суббота. Нет свободного времени'));
  await userEvent.click(day('9 ноября 2026, понедельник'));
  expect(onChange).toHaveBeenCalledTimes(1);
  rerender(
    <MonthCalendar
      year={2026}
      month={11}
      today={today}
      unavailableDays={[14]}
      value="2026-11-25"
      onChange={onChange}
      onMonthChange={vi.fn()}
    />,
  );
  expect(screen.getAllByRole('button', { pressed: true })).toEqual([day('25 ноября 2026, среда')]);
  expect(day('24 ноября 2026, вторник').getAttribute('aria-pressed')).toBe('false');
  rerender(
    <MonthCalendar
      year={2026}
      month={11}
      today={today}
      unavailableDays={[14]}
      value="2026-12-25"
      onChange={onChange}
      onMonthChange={vi.fn()}
    />,
  );
  // A date chosen in another month presses nothing here.
  expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
});

test('previous month is disabled on the current month; next moves on, December to January', async () => {
  const { onMonthChange, unmount } = renderCalendar();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Предыдущий месяц' }).disabled).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Следующий месяц' }));
  expect(onMonthChange).toHaveBeenCalledExactlyOnceWith(2026, 12);
  unmount();

  const december = renderCalendar({ month: 12 });
  expect(screen.getByRole('heading', { name: 'Декабрь 2026' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Следующий месяц' }));
  expect(december.onMonthChange).toHaveBeenLastCalledWith(2027, 1);
  await userEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
  expect(december.onMonthChange).toHaveBeenLastCalledWith(2026, 11);
  // Every day of a later month is open.
  expect(day('1 декабря 2026, вторник').disabled).toBe(false);
});

test('while loading, every day is disabled and the grid is busy', () => {
  renderCalendar({ year: 2026, month: 12, loading: true });
  expect(screen.getByRole('grid').getAttribute('aria-busy')).toBe('true');
  const days = within(screen.getByRole('grid')).getAllByRole<HTMLButtonElement>('button');
  expect(days).toHaveLength(31);
  expect(days.every((button) => button.disabled)).toBe(true);
});

function Controlled({ onChange }: { onChange: (date: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <MonthCalendar
      year={2026}
      month={11}
      today={today}
      unavailableDays={[11, 17]}
      value={value}
      onChange={(date) => {
        setValue(date);
        onChange(date);
      }}
      onMonthChange={vi.fn()}
    />
  );
}

test('keyboard: one tab stop on today, arrows move between enabled days, Enter chooses', async () => {
  const onChange = vi.fn();
  render(<Controlled onChange={onChange} />);
  await userEvent.tab(); // the "next month" button (previous is disabled)
  await userEvent.tab();
  expect(document.activeElement?.getAttribute('aria-label')).toBe('10 ноября 2026, вторник');
  await userEvent.keyboard('{ArrowRight}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('12 ноября 2026, четверг');
  await userEvent.keyboard('{ArrowDown}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('19 ноября 2026, четверг');
  await userEvent.keyboard('{ArrowUp}{ArrowUp}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('12 ноября 2026, четверг');
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('10 ноября 2026, вторник');
  await userEvent.keyboard('{End}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('15 ноября 2026, воскресенье');
  await userEvent.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-11-15');
  expect(day('15 ноября 2026, воскресенье').getAttribute('aria-pressed')).toBe('true');
  expect(screen.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(1);
});

// --- The booking horizon and the waitlist ---

test('days after the last bookable day are off, named so, and the next month is not offered', () => {
  renderCalendar({ lastDate: '2026-11-20' });
  expect(day('20 ноября 2026, пятница').disabled).toBe(false);
  const beyond = day('21 ноября 2026, суббота. Запись на этот день ещё не открыта');
  expect(beyond.disabled).toBe(true);
  expect(beyond.className).toContain('is-beyond');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Следующий месяц' }).disabled).toBe(true);
  expect(dayState(2026, 11, 21, { today, lastDate: '2026-11-20', unavailableDays: [21] })).toBe('beyond');
});

test('a month before the horizon still offers the next one', () => {
  renderCalendar({ lastDate: '2026-12-05' });
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Следующий месяц' }).disabled).toBe(false);
  expect(screen.queryByText(/90 дней/)).toBeNull();
});

test('with the waitlist a day with no free hour can be chosen, to join the line for its hours', async () => {
  const { onChange } = renderCalendar({ unavailableDays: [14], waitlist: true });
  const full = day('14 ноября 2026, суббота. Нет свободного времени, можно встать в очередь');
  expect(full.disabled).toBe(false);
  await userEvent.click(full);
  expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-11-14');
});
