import { bookingRules, messages, openingHoursText, type AvailableTimes, type BookingRules } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import { hourText } from '../../../lib/format';

/**
 * The dial is a 24-hour clock drawn on a 12-sector face: hour h sits in sector h % 12 (sector 0 at
 * 12 o'clock, clockwise), afternoon and evening (12-23) on the outer ring, morning (6-11) on the
 * inner ring, whose other half is the night (0-5, one band, never offered). The hands show the
 * club's current time the way an ordinary clock does.
 */

export type SegmentState = 'free' | 'taken' | 'closed' | 'past' | 'mine' | 'limited';
export type Ring = 'outer' | 'inner';

/** The club's local clock. */
export interface ClubNow {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
}

export interface DialDay {
  /** The chosen date, 'YYYY-MM-DD'. */
  date: string;
  now: ClubNow;
  /** Hours taken on every court. */
  reserved: readonly number[];
  /** Hours of the player's own games that day. */
  mine: readonly number[];
  /** Why the player's own quotas refuse the whole day ('Уже есть игра в этот день'), if they do. */
  limit?: string | null;
  /** Hours the club keeps closed that day, each with its reason (closedHours). */
  closed?: readonly ClosedHour[];
  /** A club with prices: each priced hour's least price, in kopecks (lib/money.ts hourPrices); free hours absent. */
  prices?: ReadonlyMap<number, number>;
}

/** An hour no court can be booked at, by the club's own doing, and why (players see the reason). */
export interface ClosedHour {
  hour: number;
  reason: string;
  /** Outside the club's opening hours (rather than a closure of the courts). */
  outsideHours: boolean;
}

/**
 * The hours the dial draws: 6 to 23 (the last game ends at midnight), the spec's frame whatever
 * the club's own opening hours inside it, which the dial draws as closed (closedHours).
 */
export const dialHours: readonly number[] = Array.from(
  { length: bookingRules.lastHour - bookingRules.firstHour + 1 },
  (_, index) => bookingRules.firstHour + index,
);

/** Radii in the SVG's user units; the face is 320 units wide, i.e. 1:1 on a 360px phone. */
export const dialRadii = {
  face: 160,
  outer: { inner: 116, outer: 156 },
  inner: { inner: 64, outer: 112 },
  hub: 58,
} as const;

/** Degrees clockwise from 12 o'clock: 30° an hour plus half a degree a minute (15:30 → 105°). */
export function hourHandAngle(hour: number, minute: number): number {
  return (hour % 12) * 30 + minute * 0.5;
}

/** Degrees clockwise from 12 o'clock: 6° a minute. */
export function minuteHandAngle(minute: number): number {
  return minute * 6;
}

/** The sector of the 12-sector face (0 = 12 o'clock) where an hour is drawn. */
export function sectorOf(hour: number): number {
  return hour % 12;
}

export function ringOf(hour: number): Ring {
  return hour >= 12 ? 'outer' : 'inner';
}

/**
 * The dial's closed hours: those outside the club's opening hours (the rules' `opening_hour` and
 * `closing_hour`), and those the day's answer says no court is open at (`closed` of
 * GET /api/get-available-times/: the club's hours too, or a closure of every court), with the
 * server's reason where it gives one. Either alone draws them: the rules may still be loading.
 */
export function closedHours(
  rules: Pick<BookingRules, 'opening_hour' | 'closing_hour'>,
  closed: AvailableTimes['closed'] = [],
): ClosedHour[] {
  return dialHours.flatMap((hour): ClosedHour[] => {
    const outsideHours = hour < rules.opening_hour || hour >= rules.closing_hour;
    const reason = closed.find((entry) => entry.hour === hour)?.reason;
    if (outsideHours) return [{ hour, reason: messages.clubClosedHours, outsideHours }];
    return reason === undefined ? [] : [{ hour, reason, outsideHours }];
  });
}

/**
 * What a player may do with an hour. Own games come first (they stay visible even when their hour is
 * past or full); then the past (the chosen date is before today, or it is today and the hour has
 * started); then hours the club keeps closed (no place in line either); then hours taken on every
 * court; then, on a day the player's quotas refuse, every other hour is limited.
 */
export function segmentState(hour: number, { date, now, reserved, mine, limit, closed = [] }: DialDay): SegmentState {
  if (mine.includes(hour)) return 'mine';
  if (date < now.date || (date === now.date && hour <= now.hour)) return 'past';
  if (closed.some((entry) => entry.hour === hour)) return 'closed';
  if (reserved.includes(hour)) return 'taken';
  if (limit) return 'limited';
  return 'free';
}

/**
 * The free hour keyboard focus goes to from `hour`: step +1 is the next one, -1 the previous one,
 * wrapping around as a radio group does.
 */
export function stepFree(free: readonly number[], hour: number, step: 1 | -1): number | undefined {
  if (free.length === 0) return undefined;
  const index = free.indexOf(hour);
  if (index < 0) return step > 0 ? free[0] : free[free.length - 1];
  return free[(index + step + free.length) % free.length];
}

/** A point `radius` units from the centre at `angle` degrees clockwise from 12 o'clock. */
export function polar(radius: number, angle: number): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180;
  return { x: round(radius * Math.sin(radians)), y: round(-radius * Math.cos(radians)) };
}

/**
 * The outline of one ring segment (an annular sector 30° wide centred on the sector's angle). The
 * `gap` between neighbours is in units, so the white lines between segments stay parallel.
 */
export function segmentPath(sector: number, innerRadius: number, outerRadius: number, gap = 4): string {
  return arcPath(sector * 30 - 15, sector * 30 + 15, innerRadius, outerRadius, gap);
}

/** An annular sector from `from` to `to` degrees (clockwise from 12 o'clock, under 360° apart). */
export function arcPath(from: number, to: number, innerRadius: number, outerRadius: number, gap = 4): string {
  const padOuter = degrees(gap / 2 / outerRadius);
  const padInner = degrees(gap / 2 / innerRadius);
  const large = to - from > 180 ? 1 : 0;
  const a = polar(outerRadius, from + padOuter);
  const b = polar(outerRadius, to - padOuter);
  const c = polar(innerRadius, to - padInner);
  const d = polar(innerRadius, from + padInner);
  return [
    `M ${a.x} ${a.y}`,
    `A ${outerRadius} ${outerRadius} 0 ${large} 1 ${b.x} ${b.y}`,
    `L ${c.x} ${c.y}`,
    `A ${innerRadius} ${innerRadius} 0 ${large} 0 ${d.x} ${d.y}`,
    'Z',
  ].join(' ');
}

/**
 * The night on the inner ring, 0:00 to 6:00 (sectors 0-5): no game is played then, but without it
 * the morning's ring would be a half ring. One band, where its label goes, and what it says.
 */
export const nightArc = {
  path: arcPath(-15, 165, dialRadii.inner.inner, dialRadii.inner.outer),
  label: polar((dialRadii.inner.inner + dialRadii.inner.outer) / 2, 75),
};

/** The path of an hour's segment on its ring. */
export function hourSegmentPath(hour: number): string {
  const { inner, outer } = dialRadii[ringOf(hour)];
  return segmentPath(sectorOf(hour), inner, outer);
}

/** Where an hour's label goes: the middle of its segment. */
export function hourLabelPoint(hour: number): { x: number; y: number } {
  const { inner, outer } = dialRadii[ringOf(hour)];
  return polar((inner + outer) / 2, sectorOf(hour) * 30);
}

/**
 * What a screen reader hears about the hours that are not offered (they are not controls): the
 * current time, then the own, taken, closed (with each reason) and past hours.
 */
export function dialSummary(states: readonly { hour: number; state: SegmentState }[], day: DialDay): string {
  const hours = (state: SegmentState) =>
    states
      .filter((entry) => entry.state === state)
      .map((entry) => hourText(entry.hour))
      .join(', ');
  const parts = [ui.dial.summary.now(day.now.hour, day.now.minute)];
  const mine = hours('mine');
  if (mine) parts.push(ui.dial.summary.mine(mine));
  if (day.date < day.now.date) {
    parts.push(ui.dial.summary.datePassed);
    return parts.join(' ');
  }
  const taken = hours('taken');
  const past = hours('past');
  if (taken) parts.push(ui.dial.summary.taken(taken));
  for (const [reason, closed] of closedByReason(states, day.closed ?? []))
    parts.push(ui.dial.summary.closed(closed.map(hourText).join(', '), reason));
  if (past) parts.push(ui.dial.summary.past(past));
  if (day.limit) parts.push(ui.dial.summary.limited(day.limit));
  return parts.join(' ');
}

/** The hours drawn as closed, by reason, in the order of their first hour. */
export function closedByReason(
  states: readonly { hour: number; state: SegmentState }[],
  closed: readonly ClosedHour[],
): Map<string, number[]> {
  const byReason = new Map<string, number[]>();
  for (const { hour, state } of states) {
    const reason = closed.find((entry) => entry.hour === hour)?.reason;
    if (state !== 'closed' || reason === undefined) continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), hour]);
  }
  return byReason;
}

/**
 * What is said under the dial about its closed hours: the club's opening hours when hours outside
 * them are drawn ('Игры начинаются с 08:00 до 21:00'), then each reason of the others ('Закрыто:
 * Турнир'). Hours already past say nothing.
 */
export function closedNotes(
  states: readonly { hour: number; state: SegmentState }[],
  closed: readonly ClosedHour[],
  rules: Pick<BookingRules, 'opening_hour' | 'closing_hour'>,
): string[] {
  const shown = states.filter((entry) => entry.state === 'closed').map((entry) => entry.hour);
  const outside = closed.some((entry) => entry.outsideHours && shown.includes(entry.hour));
  const inside = closed.filter((entry) => !entry.outsideHours);
  return [
    ...(outside ? [openingHoursText(rules.opening_hour, rules.closing_hour)] : []),
    ...[...closedByReason(states, inside).keys()].map(ui.dial.closedBecause),
  ];
}

function degrees(radians: number): number {
  return (radians * 180) / Math.PI;
}

function round(value: number): number {
  return Math.round(value * 100) / 100 || 0;
}
