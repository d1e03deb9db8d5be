import type { AvailableTimes, BookingRules } from '@kort/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { closedHours, closedNotes, dialHours, segmentState, stepFree, type ClubNow } from '../components/dial-geometry';

interface DialInput {
  date: string;
  now: ClubNow;
  reserved: number[];
  mine: number[];
  limit: string | null;
  waitlist: boolean;
  rules: BookingRules;
  closed: AvailableTimes['closed'] | undefined;
  value: number | null;
  onChange: (hour: number) => void;
}

/**
 * The dial's state: what each hour is (free, taken, mine, past, closed), which hours are radios
 * (free ones, and taken ones while the waitlist is open), and the keyboard of a radio group: one tab
 * stop (the focused hour, else the chosen one, else the first free one), arrows move over the
 * choosable hours, Home and End jump to the ends, Enter or Space chooses.
 */
export function useTimeDial({ date, now, reserved, mine, limit, waitlist, rules, closed, value, onChange }: DialInput) {
  const segments = useRef(new Map<number, SVGGElement>());
  const [focused, setFocused] = useState<number | null>(null);

  const day = { date, now, reserved, mine, limit, closed: closedHours(rules, closed) };
  const states = dialHours.map((hour) => ({ hour, state: segmentState(hour, day) }));
  const free = states.filter((entry) => entry.state === 'free').map((entry) => entry.hour);
  const choosable = states
    .filter((entry) => entry.state === 'free' || (waitlist && entry.state === 'taken'))
    .map((entry) => entry.hour);
  const tabStop = [focused, value].find((hour) => hour !== null && choosable.includes(hour)) ?? free[0] ?? choosable[0];

  function focus(hour: number | undefined) {
    if (hour === undefined) return;
    setFocused(hour);
    segments.current.get(hour)?.focus();
  }

  function choose(hour: number) {
    setFocused(hour);
    onChange(hour);
  }

  function keyDown(hour: number, event: KeyboardEvent<SVGGElement>) {
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        focus(stepFree(choosable, hour, 1));
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        focus(stepFree(choosable, hour, -1));
        break;
      case 'Home':
        focus(choosable[0]);
        break;
      case 'End':
        focus(choosable[choosable.length - 1]);
        break;
      case 'Enter':
      case ' ':
        choose(hour);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  /** Keeps each radio's element, so that the arrows can move the focus to it. */
  const register = (hour: number) => (element: SVGGElement | null) => {
    if (element) segments.current.set(hour, element);
    else segments.current.delete(hour);
  };

  return {
    day,
    states,
    free,
    choosable,
    tabStop,
    notes: closedNotes(states, day.closed, rules),
    lineOnly: free.length === 0 && choosable.length > 0,
    register,
    choose,
    keyDown,
    setFocused,
  };
}
