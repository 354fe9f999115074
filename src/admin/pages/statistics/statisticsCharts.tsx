// The planning page's two kinds of chart, drawn as SVG by MUI X Charts, in a chunk of their own loaded when the page
// opens. Time runs right to left as the page reads (the x axis reversed, the values' axis on the right). Labels and
// numbers come written (Arabic-Indic digits) from the page: this module imports nothing of the register's, so that
// the chunks the public pages share are cut as before.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

const HEIGHT = 260;

/**
 * Every how many bars or points a label is written: a month's name with its year is long, and the charts' own
 * thinning lets long labels touch. A label a quarter, a half or a whole year apart (or every one), the closest that
 * leaves room for each: three labels across a phone, twelve across a wider screen.
 */
function useEveryNth(count: number) {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const room = narrow ? 3 : 12;
  const step = [1, 3, 6, 12].find((n) => Math.ceil(count / n) <= room) ?? Math.ceil(count / room);
  return (_value: unknown, index: number) => index % step === 0;
}
const MARGIN = { left: 8, right: 8 };

export interface BandLineProps {
  labels: string[];
  expected: number[];
  /** The band's lower and upper edges. */
  low: number[];
  high: number[];
  names: { expected: string; low: string; high: string };
  colors: { expected: string; band: string };
  format: (n: number) => string;
}

/** A line of expected values over a shaded band: an invisible area up to the low edge, the range stacked on it. */
export function BandLineChart({ labels, expected, low, high, names, colors, format }: BandLineProps) {
  const everyNth = useEveryNth(labels.length);
  return (
    <LineChart
      height={HEIGHT}
      margin={MARGIN}
      xAxis={[{ scaleType: 'point', data: labels, reverse: true, height: 32, tickLabelInterval: everyNth }]}
      yAxis={[{ position: 'right', min: 0, valueFormatter: (v: number) => format(v) }]}
      series={[
        {
          id: 'low',
          data: low,
          stack: 'band',
          area: true,
          showMark: false,
          color: 'transparent',
          label: names.low,
          valueFormatter: (_v, { dataIndex }) => format(low[dataIndex]!),
        },
        {
          id: 'band',
          data: high.map((h, i) => h - low[i]!),
          stack: 'band',
          area: true,
          showMark: false,
          color: colors.band,
          label: names.high,
          valueFormatter: (_v, { dataIndex }) => format(high[dataIndex]!),
        },
        {
          id: 'expected',
          data: expected,
          showMark: false,
          color: colors.expected,
          label: names.expected,
          valueFormatter: (v) => format(v ?? 0),
        },
      ]}
      hideLegend
    />
  );
}

export interface BarsProps {
  labels: string[];
  series: Array<{ label: string; data: number[]; color: string }>;
  stacked?: boolean;
  format: (n: number) => string;
}

export function BarsChart({ labels, series, stacked, format }: BarsProps) {
  const everyNth = useEveryNth(labels.length);
  return (
    <BarChart
      height={HEIGHT}
      margin={MARGIN}
      xAxis={[{ scaleType: 'band', data: labels, reverse: true, height: 32, tickLabelInterval: everyNth }]}
      yAxis={[{ position: 'right', min: 0, tickMinStep: 1, valueFormatter: (v: number) => format(v) }]}
      series={series.map((s) => ({
        ...s,
        ...(stacked ? { stack: 'all' } : {}),
        valueFormatter: (v: number | null) => format(v ?? 0),
      }))}
    />
  );
}
