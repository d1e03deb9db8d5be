import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';

export interface BarSeries {
  label: string;
  data: number[];
  colour: string;
  /** Series with the same stack are drawn on top of each other (parts of one whole). */
  stack?: string;
}

interface StatsBarChartProps {
  /** What the chart shows, for a screen reader (the table view has the figures). */
  label: string;
  categories: string[];
  series: BarSeries[];
  format: (value: number) => string;
  /** The value axis' formatter when it differs from the tooltip's (money: «45 тыс. ₽»), and its width. */
  axisFormat?: (value: number) => string;
  axisWidth?: number;
  /** The value axis' top (shares: 1, so the axis reads '0 %' … '100 %'). */
  max?: number;
  /** The values are counts (games, openings): the axis reads whole numbers only, each once. */
  counts?: boolean;
  height?: number;
}

/**
 * The page's bar chart: Okabe–Ito colours passed per series, Russian numbers on the axis and in the
 * tooltip, and x-charts' own texts in Russian (it ships no ruRU locale).
 */
export function StatsBarChart({
  label,
  categories,
  series,
  format,
  axisFormat = format,
  axisWidth = 48,
  max,
  counts = false,
  height = 260,
}: StatsBarChartProps) {
  const translate = useTranslate();
  return (
    <Box role="figure" aria-label={label}>
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: categories }]}
        yAxis={[
          {
            valueFormatter: (value: number) => axisFormat(value),
            max,
            width: axisWidth,
            // No tick between two whole numbers: a count axis of 0 to 2 reads 0, 1, 2, not 0, 1, 1, 2, 2.
            ...(counts ? { tickMinStep: 1 } : {}),
          },
        ]}
        series={series.map((one) => ({
          label: one.label,
          data: one.data,
          color: one.colour,
          stack: one.stack,
          valueFormatter: (value: number | null) => (value === null ? '' : format(value)),
        }))}
        localeText={{ noData: translate('kort.stats.empty'), loading: translate('kort.stats.loading') }}
        margin={{ left: 0, right: 8 }}
      />
    </Box>
  );
}
