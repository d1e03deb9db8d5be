import type { StatsWeekday } from '@kort/contracts';
import { dayText } from '../../lib/club-format';
import { clubTodayNow } from '../../lib/club-time';

// Numbers and dates of the statistics as a Russian reader writes them (Intl ru-RU), and colours a
// colour-blind reader can tell apart (Okabe–Ito for series, a light-to-dark blue scale for the heatmap).

const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });
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
/** 'пн, 23 ноября': a week's Monday on an axis and in the tables, as every day is written (lib/club-format.ts). */
export const formatWeek = (day: string) => dayText(day, clubTodayNow());
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

/** '18:00': the dashboard's one hour format. */
export { hourText as formatHour } from '../../lib/club-format';

/** Okabe–Ito: distinct for deuteranopia, protanopia and tritanopia alike. */
export const palette = {
  blue: '#0072B2',
  orange: '#E69F00',
  green: '#009E73',
  vermillion: '#D55E00',
  sky: '#56B4E9',
  purple: '#CC79A7',
} as const;

// The heatmap's scale runs from near white (nothing booked) to deep blue (full): a single hue whose
// lightness falls steadily (ColorBrewer «Blues»), so the order reads without hue for any colour
// vision, and an empty hour looks empty.
const heatStops: [number, number, number][] = [
  [247, 251, 255],
  [198, 219, 239],
  [107, 174, 214],
  [33, 113, 181],
  [8, 48, 107],
];

const parseRgb = (colour: string): [number, number, number] => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d) : hex[1]!.match(/../g)!;
    return digits.map((pair) => parseInt(pair, 16)) as [number, number, number];
  }
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
};

/** WCAG 2's relative luminance of '#rrggbb', '#rgb' or 'rgb(r, g, b)'. */
export function luminance(colour: string): number {
  const [r, g, b] = parseRgb(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2's contrast ratio of two colours (1 to 21; body text needs 4.5). */
export function contrastRatio(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The heatmap colour of a 0..1 share, light when empty and dark when full, and the text most legible on it. */
export function heatColour(share: number): { background: string; text: string } {
  const position = Math.min(1, Math.max(0, share)) * (heatStops.length - 1);
  const low = Math.floor(position);
  const high = Math.min(heatStops.length - 1, low + 1);
  const mix = position - low;
  const [r, g, b] = heatStops[low]!.map((channel, index) =>
    Math.round(channel + (heatStops[high]![index]! - channel) * mix),
  );
  const background = `rgb(${r}, ${g}, ${b})`;
  // Black or white, whichever stands out more: one of them always reaches 4.5:1.
  const text = contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
  return { background, text };
}
