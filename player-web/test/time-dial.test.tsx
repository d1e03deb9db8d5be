import { CLUB_SETTING_DEFAULTS } from '@kort/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import {
  closedHours,
  dialHours,
  dialSummary,
  hourHandAngle,
  hourLabelPoint,
  minuteHandAngle,
  ringOf,
  sectorOf,
  segmentPath,
  segmentState,
  stepFree,
} from '../src/features/reserve/components/dial-geometry';
import { dayText } from '../src/lib/format';
import { TimeDial, type TimeDialProps } from '../src/features/reserve/components/time-dial';

// Wednesday 25 November 2026, 15:30 at the club.
const now = { date: '2026-11-25', hour: 15, minute: 30 };

function renderDial(props: Partial<TimeDialProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <TimeDial date="2026-11-25" now={now} reserved={[]} mine={[]} value={null} onChange={onChange} {...props} />,
  );
  return { onChange, ...view };
}

/** The hours offered as radios, in order. */
function offeredHours() {
  return screen.getAllByRole('radio').map((radio) => Number(radio.getAttribute('data-hour')));
}

test('hand angles: 30° an hour plus half a degree a minute, 6° a minute, clockwise from 12', () => {
  expect(hourHandAngle(15, 30)).toBe(105);
  expect(minuteHandAngle(30)).toBe(180);
  expect(hourHandAngle(18, 0)).toBe(180);
  expect(hourHandAngle(0, 0)).toBe(0);
  expect(hourHandAngle(11, 59)).toBe(359.5);
  expect(minuteHandAngle(45)).toBe(270);
});

test('24-hour geometry: 12-23 on the outer ring with 12 at the top, 6-11 on the inner ring', () => {
  expect(dialHours).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
  expect([12, 15, 18, 23].map(sectorOf)).toEqual([0, 3, 6, 11]);
  expect([6, 9, 11].map(sectorOf)).toEqual([6, 9, 11]);
  expect([6, 11, 12, 23].map(ringOf)).toEqual(['inner', 'inner', 'outer', 'outer']);
  // 12 is straight up, 18 straight down on the outer ring; 9 to the left on the inner one.
  expect(hourLabelPoint(12)).toEqual({ x: 0, y: -136 });
  expect(hourLabelPoint(18)).toEqual({ x: 0, y: 136 });
  expect(hourLabelPoint(9)).toEqual({ x: -88, y: 0 });
  expect(segmentPath(0, 100, 150, 0)).toBe(
    'M -38.82 -144.89 A 150 150 0 0 1 38.82 -144.89 L 25.88 -96.59 A 100 100 0 0 0 -25.88 -96.59 Z',
  );
});

test('segment states: own games first, then the past, then taken hours', () => {
  const day = { date: '2026-11-25', now, reserved: [10, 18, 20], mine: [20, 8] };
  expect(segmentState(19, day)).toBe('free');
  expect(segmentState(18, day)).toBe('taken');
  expect(segmentState(20, day)).toBe('mine');
  expect(segmentState(8, day)).toBe('mine');
  expect(segmentState(15, day)).toBe('past');
  expect(segmentState(10, day)).toBe('past');
  expect(segmentState(16, day)).toBe('free');
  expect(segmentState(6, { ...day, date: '2026-11-26' })).toBe('free');
  expect(segmentState(23, { ...day, date: '2026-11-24' })).toBe('past');
  expect(stepFree([16, 19, 23], 19, 1)).toBe(23);
  expect(stepFree([16, 19, 23], 23, 1)).toBe(16);
  expect(stepFree([16, 19, 23], 16, -1)).toBe(23);
  expect(stepFree([], 16, 1)).toBeUndefined();
});

test('heading, date line, legend and caption', () => {
  renderDial();
  expect(screen.getByRole('heading', { name: 'Выберите время' })).toBeTruthy();
  expect(screen.getByText('ср, 25 ноября')).toBeTruthy();
  // Another year's day carries its year.
  expect(dayText('2027-01-01', now.date)).toBe('пт, 1 января 2027');
  const legend = within(screen.getByRole('list', { name: 'Обозначения' }));
  expect(legend.getByText('Занято')).toBeTruthy();
  expect(legend.getByText('Свободно')).toBeTruthy();
  expect(legend.getByText('Ваша игра')).toBeTruthy();
  expect(screen.getByText('Одна игра в сутки')).toBeTruthy();
  expect(screen.getByRole('radiogroup', { name: 'Выберите время ср, 25 ноября' })).toBeTruthy();
  // A club that configured nothing closes no hour: no «Закрыто», nothing said about it.
  expect(legend.queryByText('Закрыто')).toBeNull();
  expect(document.querySelector('.time-dial-closed')).toBeNull();
});

test('the hands show the club clock: 15:30 → hour hand 105°, minute hand 180°', () => {
  const { container } = renderDial();
  expect(container.querySelector('[data-hand="hour"]')?.getAttribute('transform')).toBe('rotate(105)');
  expect(container.querySelector('[data-hand="minute"]')?.getAttribute('transform')).toBe('rotate(180)');
});

test('today: hours up to the current one, taken hours and own games are not offered', () => {
  const { container } = renderDial({ reserved: [17, 21], mine: [19] });
  expect(offeredHours()).toEqual([16, 18, 20, 22, 23]);
  expect(screen.queryByRole('radio', { name: '15:00, свободно' })).toBeNull();
  expect(screen.getByRole('radio', { name: '18:00, свободно' }).getAttribute('aria-checked')).toBe('false');
  // Not controls, yet drawn: the own game in its own look, every hour labelled.
  const own = container.querySelector('[data-hour="19"]');
  expect(own?.getAttribute('class')).toContain('is-mine');
  expect(own?.getAttribute('role')).toBeNull();
  expect(own?.hasAttribute('tabindex')).toBe(false);
  expect(container.querySelector('[data-hour="17"]')?.getAttribute('class')).toContain('is-taken');
  expect(container.querySelector('[data-hour="15"]')?.getAttribute('class')).toContain('is-past');
  expect(container.querySelectorAll('.time-dial-label')).toHaveLength(18);
  // A screen reader hears what is not offered in the group's description.
  const summary = screen.getByRole('radiogroup').getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(summary)?.textContent).toBe(
    'Сейчас 15:30. Ваша игра: 19:00. Занято: 17:00, 21:00. Прошло: 06:00, 07:00, 08:00, 09:00, 10:00, 11:00, 12:00, 13:00, 14:00, 15:00.',
  );
  expect(screen.getByText('Прошло')).toBeTruthy();
});

test('a future date offers every hour from 6 to 23 but the taken ones', () => {
  renderDial({ date: '2026-11-26', reserved: [6, 23] });
  expect(offeredHours()).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
  expect(screen.queryByText('Прошло')).toBeNull();
  renderDial({ date: '2026-11-27' });
  expect(screen.getAllByRole('radio')).toHaveLength(18 + 16);
});

test('a past date offers nothing and says so', () => {
  renderDial({ date: '2026-11-24', mine: [9] });
  expect(screen.queryAllByRole('radio')).toHaveLength(0);
  expect(screen.getByText('Эта дата уже прошла')).toBeTruthy();
  expect(dialSummary([{ hour: 9, state: 'mine' }], { date: '2026-11-24', now, reserved: [], mine: [9] })).toBe(
    'Сейчас 15:30. Ваша игра: 09:00. Эта дата уже прошла.',
  );
});

test('clicking a free hour chooses it; clicking a taken one does nothing', async () => {
  const { onChange, container } = renderDial({ reserved: [18] });
  await userEvent.click(screen.getByRole('radio', { name: '19:00, свободно' }));
  expect(onChange).toHaveBeenCalledExactlyOnceWith(19);
  fireEvent.click(container.querySelector('[data-hour="18"]')!);
  fireEvent.click(container.querySelector('[data-hour="12"]')!);
  expect(onChange).toHaveBeenCalledTimes(1);
});

test('the chosen hour is checked and is the one tab stop', () => {
  renderDial({ value: 20 });
  const chosen = screen.getByRole('radio', { name: '20:00, свободно' });
  expect(chosen.getAttribute('aria-checked')).toBe('true');
  expect(chosen.getAttribute('tabindex')).toBe('0');
  expect(screen.getAllByRole('radio').filter((radio) => radio.getAttribute('tabindex') === '0')).toHaveLength(1);
  expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1);
});

function Controlled({ onChange }: { onChange: (hour: number) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <TimeDial
      date="2026-11-25"
      now={now}
      reserved={[17]}
      mine={[]}
      value={value}
      onChange={(hour) => {
        setValue(hour);
        onChange(hour);
      }}
    />
  );
}

test('keyboard: Tab reaches the first free hour, arrows skip taken hours, Enter and Space choose', async () => {
  const onChange = vi.fn();
  render(<Controlled onChange={onChange} />);
  await userEvent.tab();
  expect(document.activeElement?.getAttribute('aria-label')).toBe('16:00, свободно');
  await userEvent.keyboard('{ArrowRight}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('18:00, свободно');
  expect(onChange).not.toHaveBeenCalled();
  await userEvent.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(18);
  expect(screen.getByRole('radio', { name: '18:00, свободно' }).getAttribute('aria-checked')).toBe('true');
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('23:00, свободно');
  await userEvent.keyboard('{Home}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('16:00, свободно');
  await userEvent.keyboard('{ArrowDown}{ArrowDown} ');
  expect(onChange).toHaveBeenLastCalledWith(19);
  expect(onChange).toHaveBeenCalledTimes(2);
});

// --- The waitlist: taken hours take a place in line ---

test('with the waitlist open a taken hour is a radio named as taken; past hours and own games are still not', async () => {
  const { onChange } = renderDial({ reserved: [14, 18, 20], mine: [21], waitlist: true, queued: [20] });
  // 14:00 has started (15:30 at the club): past, not offered for the line either.
  expect(offeredHours()).toEqual([16, 17, 18, 19, 20, 22, 23]);
  expect(screen.getByRole('radio', { name: '18:00, занято, можно встать в очередь' })).toBeTruthy();
  expect(screen.getByRole('radio', { name: '20:00, занято, вы в очереди' }).getAttribute('class')).toContain(
    'is-queued',
  );
  await userEvent.click(screen.getByRole('radio', { name: '18:00, занято, можно встать в очередь' }));
  expect(onChange).toHaveBeenCalledExactlyOnceWith(18);
});

test('with the waitlist open the arrows reach taken hours too', async () => {
  const onChange = vi.fn();
  render(<TimeDial date="2026-11-25" now={now} reserved={[17]} mine={[]} value={null} onChange={onChange} waitlist />);
  await userEvent.tab();
  expect(document.activeElement?.getAttribute('aria-label')).toBe('16:00, свободно');
  await userEvent.keyboard('{ArrowRight}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('17:00, занято, можно встать в очередь');
  await userEvent.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(17);
});

test('a day with every hour taken says the line is open', () => {
  renderDial({ date: '2026-11-26', reserved: dialHours.slice(), waitlist: true });
  expect(screen.getByText('Свободного времени нет: выберите занятый час, чтобы встать в очередь')).toBeTruthy();
  expect(offeredHours()).toEqual(dialHours);
});

// --- The club's shape (admins set its hours and quotas, and close courts or the whole club) ---

/** The dial's segment of an hour (drawn whether or not it is a control). */
const segment = (container: HTMLElement, hour: number) => container.querySelector(`[data-hour="${hour}"]`);
const summaryText = () =>
  document.getElementById(screen.getByRole('radiogroup').getAttribute('aria-describedby') ?? '')?.textContent;

test('a closure of the whole club: its hours are drawn closed, not offered, not even for the line, and say why', () => {
  const closed = [14, 15, 16].map((hour) => ({ hour, reason: 'Турнир' }));
  // The API lists closed hours among the reserved ones too.
  const { container, onChange } = renderDial({
    date: '2026-11-26',
    reserved: [14, 15, 16, 19],
    closed,
    waitlist: true,
  });
  expect(offeredHours()).toEqual(dialHours.filter((hour) => ![14, 15, 16].includes(hour)));
  expect(screen.getByRole('radio', { name: '19:00, занято, можно встать в очередь' })).toBeTruthy();
  for (const hour of [14, 15, 16]) {
    expect(segment(container, hour)?.getAttribute('class')).toContain('is-closed');
    expect(segment(container, hour)?.getAttribute('role')).toBeNull();
  }
  // Drawn unlike a taken hour: its own pattern.
  expect(segment(container, 14)?.querySelector('.time-dial-shape')?.getAttribute('fill')).toMatch(/-cross\)$/);
  expect(segment(container, 19)?.querySelector('.time-dial-shape')?.getAttribute('fill')).toMatch(/-hatch\)$/);
  expect(screen.getByText('Закрыто: Турнир')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Обозначения' })).getByText('Закрыто')).toBeTruthy();
  expect(summaryText()).toBe('Сейчас 15:30. Занято: 19:00. Закрыто: 14:00, 15:00, 16:00 (Турнир).');
  // Clicking one does nothing.
  fireEvent.click(segment(container, 15)!);
  expect(onChange).not.toHaveBeenCalled();
});

test("a club open 8 to 22: 6, 7, 22 and 23 are closed, the club's hours said under the dial", () => {
  const rules = { ...CLUB_SETTING_DEFAULTS, opening_hour: 8, closing_hour: 22 };
  const { container } = renderDial({ date: '2026-11-26', rules });
  expect(offeredHours()).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  for (const hour of [6, 7, 22, 23]) expect(segment(container, hour)?.getAttribute('class')).toContain('is-closed');
  // The spec's dial is kept: every hour from 6 to 23 is drawn, 12 sectors on two rings.
  expect(container.querySelectorAll('.time-dial-label')).toHaveLength(18);
  expect(screen.getByText('Игры начинаются с 08:00 до 21:00')).toBeTruthy();
  expect(screen.getByText('Закрыто')).toBeTruthy();
  expect(summaryText()).toBe('Сейчас 15:30. Закрыто: 06:00, 07:00, 22:00, 23:00 (Клуб в это время не работает).');
});

test("the API's closed hours alone draw them too (the club's rules not read yet), with its reason", () => {
  renderDial({
    date: '2026-11-26',
    closed: [
      { hour: 6, reason: 'Клуб в это время не работает' },
      { hour: 20, reason: 'Турнир' },
    ],
  });
  expect(offeredHours()).not.toContain(6);
  expect(offeredHours()).not.toContain(20);
  expect(screen.getByText('Закрыто: Клуб в это время не работает')).toBeTruthy();
  expect(screen.getByText('Закрыто: Турнир')).toBeTruthy();
});

test("today a closed hour that has started reads as past; own games stay the player's", () => {
  const day = {
    date: '2026-11-25',
    now,
    reserved: [],
    mine: [17],
    closed: closedHours({ opening_hour: 8, closing_hour: 22 }, [
      { hour: 17, reason: 'Турнир' },
      { hour: 18, reason: 'Турнир' },
    ]),
  };
  expect(segmentState(7, day)).toBe('past');
  expect(segmentState(17, day)).toBe('mine');
  expect(segmentState(18, day)).toBe('closed');
  expect(segmentState(22, day)).toBe('closed');
  expect(segmentState(21, day)).toBe('free');
  expect(day.closed.map((entry) => [entry.hour, entry.reason])).toEqual([
    [6, 'Клуб в это время не работает'],
    [7, 'Клуб в это время не работает'],
    [17, 'Турнир'],
    [18, 'Турнир'],
    [22, 'Клуб в это время не работает'],
    [23, 'Клуб в это время не работает'],
  ]);
});

test("the caption follows the club's games a day", () => {
  const { unmount } = renderDial({ rules: { ...CLUB_SETTING_DEFAULTS, quota_per_day: 1 } });
  expect(screen.getByText('Одна игра в сутки')).toBeTruthy();
  unmount();
  renderDial({ rules: { ...CLUB_SETTING_DEFAULTS, quota_per_day: 2 } });
  expect(screen.getByText('2 игры в сутки')).toBeTruthy();
  expect(screen.queryByText('Одна игра в сутки')).toBeNull();
});

test("today the hub is the club's clock, marked «сейчас»; another day it says the day; a chosen hour, the day and hour", () => {
  const { container, rerender } = renderDial({ date: now.date });
  const hub = () => container.querySelector('.time-dial-clock');
  expect(hub()?.textContent).toBe('сейчас');
  expect(hub()?.getAttribute('class')).not.toContain('is-stepped-back');

  // Weeks ahead the hands are not a live clock to read: the hub says the day, no «сейчас».
  rerender(<TimeDial date="2026-12-15" now={now} reserved={[]} mine={[]} value={null} onChange={vi.fn()} />);
  expect(hub()?.textContent).toBe('вт15 декабря');
  expect(hub()?.getAttribute('class')).toContain('is-stepped-back');

  rerender(<TimeDial date="2026-12-15" now={now} reserved={[]} mine={[]} value={9} onChange={vi.fn()} />);
  expect(hub()?.textContent).toBe('вт15 декабря09:00');
  expect(hub()?.textContent).not.toContain('сейчас');
  // The hands stay where the spec puts them (the club's time), stepped back behind the choice.
  expect(hub()?.getAttribute('class')).toContain('is-stepped-back');
  expect(container.querySelector('[data-hand="hour"]')?.getAttribute('transform')).toBe('rotate(105)');
});

test('the inner ring is whole: the night (0-5) is drawn as one band, never offered', () => {
  const { container } = renderDial({});
  const night = container.querySelector('.time-dial-night');
  expect(night?.closest('[aria-hidden="true"]')).toBeTruthy();
  expect(container.querySelector('.time-dial-night-label')?.textContent).toBe('ночь');
  // No hour before 6 is a radio or drawn as an hour.
  expect(
    [...container.querySelectorAll('[data-hour]')].map((segment) => Number(segment.getAttribute('data-hour'))),
  ).toEqual(Array.from({ length: 18 }, (_, index) => index + 6));
});
