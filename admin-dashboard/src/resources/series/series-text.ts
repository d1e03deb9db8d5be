import { weekdaysShortIso } from '@kort/contracts';
import { dayText, hourText } from '../../lib/club-format';
import { clubTodayNow } from '../../lib/club-time';
import type { SeriesRecord } from '../../lib/records';

/** ISO weekdays as a school's week is written: [1, 3] is 'пн, ср'. */
export const weekdaysText = (weekdays: readonly number[]) =>
  [...weekdays]
    .sort((a, b) => a - b)
    .map((day) => weekdaysShortIso[day - 1] ?? String(day))
    .join(', ');

/** 'пн, ср в 17:00'. */
export const termWeekText = (term: Pick<SeriesRecord, 'weekdays' | 'hour'>) =>
  `${weekdaysText(term.weekdays)} в ${hourText(term.hour)}`;

/** 'вт, 1 декабря – пн, 31 мая 2027': the term's first and last day. */
export const termPeriodText = (term: Pick<SeriesRecord, 'starts_on' | 'ends_on'>) => {
  const today = clubTodayNow();
  return `${dayText(term.starts_on, today)} – ${dayText(term.ends_on, today)}`;
};
