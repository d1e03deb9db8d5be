import type { BookingLimits } from '@kort/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { dayState, monthGrid, shiftMonth, stepDay } from '../components/calendar-grid';
import { daysInMonth, isoDate, parseIsoDate } from '../components/dates';

interface MonthInput {
  year: number;
  month: number;
  today: string;
  lastDate: string | undefined;
  unavailableDays: number[];
  limits: BookingLimits['days'];
  value: string | null;
  onChange: (date: string) => void;
  onMonthChange: (year: number, month: number) => void;
  loading: boolean;
  waitlist: boolean;
}

/**
 * The month's state: what each day is (past, available, unavailable, limited, beyond the horizon),
 * which days can be chosen, whether the month can be left either way, and the keyboard of a grid:
 * one tab stop (the focused day, else the chosen one, else today, else the first enabled one),
 * arrows move over the enabled days, Home and End to the ends of the week.
 */
export function useMonthCalendar(input: MonthInput) {
  const { year, month, today, lastDate, unavailableDays, limits, value, loading, waitlist } = input;
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const current = parseIsoDate(today);
  const last = lastDate === undefined ? null : parseIsoDate(lastDate);
  const atLastMonth = last !== null && year * 12 + month >= last.year * 12 + last.month;
  const weeks = monthGrid(year, month);
  const lastDay = daysInMonth(year, month);
  const limitedDays = limits.map((limit) => limit.day);
  const stateOf = (day: number) => dayState(year, month, day, { today, lastDate, unavailableDays, limitedDays });
  const enabled = (day: number) => {
    const state = stateOf(day);
    return !loading && (state === 'available' || state === 'limited' || (waitlist && state === 'unavailable'));
  };
  const dayOf = (date: string | null) => {
    if (date === null) return undefined;
    const parts = parseIsoDate(date);
    return parts.year === year && parts.month === month && enabled(parts.day) ? parts.day : undefined;
  };

  function changeMonth(delta: number) {
    const target = shiftMonth(year, month, delta);
    // Going back to today's month disables the "previous" button: keep the focus on the page.
    if (target.year === current.year && target.month === current.month) next.current?.focus();
    // So does going on to the horizon's month for the "next" button.
    if (last !== null && target.year === last.year && target.month === last.month) previous.current?.focus();
    input.onMonthChange(target.year, target.month);
  }

  function focus(day: number | undefined) {
    if (day === undefined) return;
    setFocused(isoDate(year, month, day));
    buttons.current.get(day)?.focus();
  }

  function keyDown(day: number, event: KeyboardEvent<HTMLButtonElement>) {
    const week = weeks.find((cells) => cells.includes(day)) ?? [];
    const weekDays = week.filter((cell): cell is number => cell !== null && enabled(cell));
    const moves: Record<string, number | undefined> = {
      ArrowRight: stepDay(day, 1, lastDay, enabled),
      ArrowLeft: stepDay(day, -1, lastDay, enabled),
      ArrowDown: stepDay(day, 7, lastDay, enabled),
      ArrowUp: stepDay(day, -7, lastDay, enabled),
      Home: weekDays[0],
      End: weekDays[weekDays.length - 1],
    };
    if (!Object.hasOwn(moves, event.key)) return;
    focus(moves[event.key]);
    event.preventDefault();
  }

  return {
    weeks,
    stateOf,
    enabled,
    reasonOf: (day: number) => limits.find((limit) => limit.day === day)?.reason,
    tabStop: dayOf(focused) ?? dayOf(value) ?? dayOf(today) ?? stepDay(0, 1, lastDay, enabled),
    atFirstMonth: year * 12 + month <= current.year * 12 + current.month,
    atLastMonth,
    // The legend names only the marks this month shows.
    shownReasons: (['day', 'week'] as const).filter((reason) =>
      limits.some((limit) => limit.reason === reason && stateOf(limit.day) === 'limited'),
    ),
    beyondShown: last !== null && atLastMonth && stateOf(lastDay) === 'beyond',
    previous,
    next,
    changeMonth,
    keyDown,
    setFocused,
    /** Keeps each day's button, so that the arrows can move the focus to it. */
    register: (day: number) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(day, element);
      else buttons.current.delete(day);
    },
    choose: (date: string) => {
      setFocused(date);
      input.onChange(date);
    },
  };
}
