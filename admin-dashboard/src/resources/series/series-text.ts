import { weekdaysShortIso } from '@kort/contracts';
import { dateText, hourText } from '../../lib/club-days';
import type { SeriesRecord } from '../types';

/** ISO weekdays as a school's week is written: [1, 3] is 'пн, ср'. */
export const weekdaysText = (weekdays: readonly number[]) =>
  [...weekdays]
    .sort((a, b) => a - b)
    .map((day) => weekdaysShortIso[day - 1] ?? String(day))
    .join(', ');

/** 'пн, ср в 17:00'. */
export const termWeekText = (term: Pick<SeriesRecord, 'weekdays' | 'hour'>) =>
  `${weekdaysText(term.weekdays)} в ${hourText(term.hour)}`;

/** '01.12.2026 – 31.05.2027'. */
export const termPeriodText = (term: Pick<SeriesRecord, 'starts_on' | 'ends_on'>) =>
  `${dateText(term.starts_on)} – ${dateText(term.ends_on)}`;
