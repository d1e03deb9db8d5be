import type { StatsWeekday } from '@kort/contracts';

// Numbers and dates of the statistics as a Russian reader writes them (Intl ru-RU), and colours a
// colour-blind reader can tell apart (Okabe–Ito for series, a cividis-like scale for the heatmap).

const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });
const weekDay = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1 234' (a narrow no-break space between thousands, as ru-RU writes it). */
export const formatCount = (value: number) => integer.format(value);
/** '12,5' hours. */
export const formatHours = (value: number) => decimal.format(value);
/** '67 %' of a 0..1 share. */
export const formatShare = (value: number) => percent.format(value);
/** part / whole as a share, 0 when the whole is 0 (nothing was open). */
export const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** A calendar date ('YYYY-MM-DD', a day of the club) read as a date in UTC, so no zone shifts it. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** '23 нояб.': a week's Monday on an axis. */
export const formatWeek = (day: string) => weekDay.format(asDate(day));
/** '23.11.2026'. */
export const formatDay = (day: string) => fullDay.format(asDate(day));

export const weekdayNames: Record<StatsWeekday, string> = {
  1: 'пн',
  2: 'вт',
  3: 'ср',
  4: 'чт',
  5: 'пт',
  6: 'сб',
  7: 'вс',
};

/** '18:00'. */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Okabe–Ito: distinct for deuteranopia, protanopia and tritanopia alike. */
export const palette = {
  blue: '#0072B2',
  orange: '#E69F00',
  green: '#009E73',
  vermillion: '#D55E00',
  sky: '#56B4E9',
  purple: '#CC79A7',
} as const;

// cividis at 0, ¼, ½, ¾ and 1: lightness rises steadily, so the order reads without hue.
const cividis: [number, number, number][] = [
  [0, 34, 78],
  [53, 69, 108],
  [102, 105, 112],
  [165, 156, 116],
  [254, 232, 56],
];

/** The heatmap colour of a 0..1 share, and a text colour legible on it. */
export function heatColour(share: number): { background: string; text: string } {
  const position = Math.min(1, Math.max(0, share)) * (cividis.length - 1);
  const low = Math.floor(position);
  const high = Math.min(cividis.length - 1, low + 1);
  const mix = position - low;
  const [r, g, b] = cividis[low]!.map((channel, index) =>
    Math.round(channel + (cividis[high]![index]! - channel) * mix),
  );
  return { background: `rgb(${r}, ${g}, ${b})`, text: position >= 2.4 ? '#000' : '#fff' };
}
