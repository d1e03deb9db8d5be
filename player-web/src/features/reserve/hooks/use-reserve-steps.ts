import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { dialHours } from '../components/dial-geometry';
import { isoDate, parseIsoDate } from '../components/dates';

/**
 * The booking's steps live in the address: /reserve (the date), ?date=2026-11-25 (the hour),
 * &hour=18 (the court), &court=2 (the summary). The phone's back gesture goes one step back, and a
 * reload or a shared link resumes where it was. What the address asks for is only a wish: the page
 * checks it against the club's answers and falls back to the nearest step it can show.
 */
export type Step = 'date' | 'time' | 'court' | 'confirm';

export interface StepParams {
  date: string | null;
  hour: number | null;
  court: number | null;
}

const WHOLE = /^\d{1,4}$/;

/** A real calendar date in 'YYYY-MM-DD', or null ('2026-02-30', 'tomorrow' and '' are not). */
function readDate(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const { year, month, day } = parseIsoDate(value);
  const real = new Date(Date.UTC(year, month - 1, day));
  return isoDate(real.getUTCFullYear(), real.getUTCMonth() + 1, real.getUTCDate()) === value ? value : null;
}

/** The steps the address asks for, each only if the one before it is there and well formed. */
export function readStepParams(search: URLSearchParams): StepParams {
  const date = readDate(search.get('date'));
  const hourText = search.get('hour') ?? '';
  const hour = date !== null && WHOLE.test(hourText) && dialHours.includes(Number(hourText)) ? Number(hourText) : null;
  const courtText = search.get('court') ?? '';
  const court = hour !== null && WHOLE.test(courtText) ? Number(courtText) : null;
  return { date, hour, court };
}

export function searchOf({ date, hour, court }: StepParams): string {
  const search = new URLSearchParams();
  if (date !== null) search.set('date', date);
  if (date !== null && hour !== null) search.set('hour', String(hour));
  if (date !== null && hour !== null && court !== null) search.set('court', String(court));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The step the address's parameters stand for. */
export const stepOf = ({ date, hour, court }: StepParams): Step =>
  date === null ? 'date' : hour === null ? 'time' : court === null ? 'court' : 'confirm';

/** One step up: what the in-page «Назад» leads to. */
export const parentOf = ({ date, hour, court }: StepParams): StepParams =>
  court !== null ? { date, hour, court: null } : hour !== null ? { date, hour: null, court: null } : emptySteps;

export const emptySteps: StepParams = { date: null, hour: null, court: null };

interface Stepped {
  /** This entry was pushed by a step forward: its «Назад» is the browser's back. */
  stepped?: boolean;
}

/**
 * The address's steps, with the date and hour last chosen remembered for the way back: after «Назад»
 * from the court the dial still shows the hour, after «Назад» from the dial the calendar the date.
 */
export function useReserveSteps() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const asked = readStepParams(search);
  const [picked, setPicked] = useState<{ date: string | null; hour: number | null }>({ date: null, hour: null });
  // What the address says, once it says it, is what was chosen: a reload or a link picks it as if
  // tapped. Only a change of the address does: an hour tapped since stays until the address moves.
  const said = `${asked.date}|${asked.hour}`;
  const [adopted, setAdopted] = useState<string | null>(null);
  if (said !== adopted) {
    setAdopted(said);
    if (asked.date !== null)
      setPicked({ date: asked.date, hour: asked.hour ?? (picked.date === asked.date ? picked.hour : null) });
  }

  /** A step forward: its own entry in the history, so that back returns here. */
  const forward = (params: StepParams) => void navigate({ search: searchOf(params) }, { state: { stepped: true } });
  /** The same step with other choices, or a fall back: no new history entry. */
  const replace = (params: StepParams) => void navigate({ search: searchOf(params) }, { replace: true });

  return {
    asked,
    /** The hour chosen on the dial for `asked.date`, not yet confirmed with «Далее». */
    pickedHour: picked.date !== null && picked.date === asked.date ? picked.hour : null,
    /** The date last chosen, for the calendar to show pressed on the way back. */
    pickedDate: asked.date ?? picked.date,
    pickHour: (hour: number | null) => setPicked({ date: asked.date, hour }),
    forgetDate: () => setPicked({ date: null, hour: null }),
    forward,
    replace,
    /** «Назад»: the browser's back when the step before is the previous entry, else up one step. */
    back: () => {
      if ((location.state as Stepped | null)?.stepped) void navigate(-1);
      else replace(parentOf(asked));
    },
  };
}
