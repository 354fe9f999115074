// The committee's planning page: when each section is expected to have no grave free (its sentence, a chart of the
// free graves over the months ahead with the band of the range, and a what-if of graves added that asks the server
// again), then the years in pictures (burials by month and year in either calendar, the ossuary's transfers, what
// families sent). Every chart is SVG drawn by MUI X Charts, time running right to left as the page reads, numbers in
// Arabic-Indic digits; beside each, the same figures as a table for screen readers. Loaded only when opened (its
// own chunk: the charts' code stays out of the rest of the console).
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { call } from '../../api/client';
import { statisticsPaths as paths } from '../../api/statisticsPaths';
import { HIJRI_MONTHS } from '../../domain/dates/hijri';
import { t } from '../../domain/messages';
import { monthNoun } from '../../domain/messages/statistics';
import { FORECAST_ADD_MAX, FORECAST_MONTHS, monthsApart, type SectionForecast } from '../../domain/statistics/forecast';
import { formatMonth, sectionName } from '../../domain/statistics/forecastText';
import type { CalendarSeries, YearsInPictures } from '../../domain/statistics/yearsInPictures';
import { toWesternDigits } from '../../domain/search/normalize';
import { formatCounted, formatNumber, toArabicDigits } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { getToken } from '../../shared/session';
import { RequireAccess } from '../layout/RequireAccess';

// The charts' library comes in its own chunk when the page opens (statisticsCharts.tsx says why it imports nothing).
const BandLineChart = lazy(() => import('./statisticsCharts').then((m) => ({ default: m.BandLineChart })));
const BarsChart = lazy(() => import('./statisticsCharts').then((m) => ({ default: m.BarsChart })));

const MONTHS = FORECAST_MONTHS.default;
const CHART_HEIGHT = 260;
const COLORS = { men: '#2f5d50', women: '#a0522d', band: '#c9dcd5', expected: '#1f3f36', other: '#6b7280' };

/** Out of sight, read aloud (the usual clip of a visually hidden element). */
const visuallyHidden = {
  position: 'absolute',
  // In px: sx reads 1 as 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const ask = <T,>(path: string) => call<T>(path, { token: getToken() });
const number = (n: number | null) => (n === null ? '' : formatNumber(Math.round(n * 10) / 10));

/** The same figures as the chart beside it, for a screen reader (the chart itself is hidden from it). */
function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string>> }) {
  return (
    // Hidden by a wrapper: a table grows to its content whatever width it is given.
    <Box sx={visuallyHidden}>
      <table>
        <caption>{t('statisticsPage.tableOf', { chart: caption })}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** A chart with its title; the drawing is decoration for a screen reader, which reads the table. */
function Figure({ title, children, table }: { title: string; children: React.ReactNode; table: React.ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, mt: 2 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box aria-hidden="true" sx={{ direction: 'ltr' }}>
        {children}
      </Box>
      {table}
    </Box>
  );
}

/** The first month a forecast's band reaches no grave free (burials running high), or null. */
const earliestFull = (entry: SectionForecast) => entry.freeByMonth.find((m) => m.low < 0.5)?.month ?? null;

function FreeGravesChart({ entry }: { entry: SectionForecast }) {
  const labels = entry.freeByMonth.map((m) => formatMonth(m.month));
  const low = entry.freeByMonth.map((m) => m.low);
  const high = entry.freeByMonth.map((m) => m.high);
  const title = t('statisticsPage.freeChart', {
    section: sectionName(entry.section),
    months: formatCounted(entry.freeByMonth.length, monthNoun, 'genitive'),
  });
  return (
    <Figure
      title={title}
      table={
        <ChartTable
          caption={title}
          head={[
            t('statisticsPage.month'),
            t('statisticsPage.expectedFree'),
            t('statisticsPage.lowFree'),
            t('statisticsPage.highFree'),
            t('statisticsPage.freeing'),
          ]}
          rows={entry.freeByMonth.map((m, i) => [
            labels[i]!,
            number(m.expected),
            number(m.low),
            number(m.high),
            formatNumber(entry.freeingByMonth[i]?.graves ?? 0),
          ])}
        />
      }
    >
      <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
        <BandLineChart
          labels={labels}
          expected={entry.freeByMonth.map((m) => m.expected)}
          low={low}
          high={high}
          names={{
            expected: t('statisticsPage.expectedFree'),
            low: t('statisticsPage.lowFree'),
            high: t('statisticsPage.highFree'),
          }}
          colors={COLORS}
          format={number}
        />
      </Suspense>
    </Figure>
  );
}

/** The what-if of one section: graves typed, the server asked again, the new sentence and how far the date moved. */
function WhatIf({ entry }: { entry: SectionForecast }) {
  const [text, setText] = useState('');
  const typed = toWesternDigits(text.trim());
  const add = /^[0-9]{1,6}$/.test(typed) && Number(typed) <= FORECAST_ADD_MAX ? Number(typed) : null;
  const invalid = typed !== '' && add === null;
  const answer = useQuery({
    queryKey: ['console', 'forecast', entry.section, add],
    queryFn: () => ask<SectionForecast[]>(paths.forecast({ months: MONTHS, add: add ?? 0, section: entry.section })),
    enabled: add !== null && add > 0,
    placeholderData: keepPreviousData,
  });
  const after = add !== null && add > 0 ? answer.data?.[0] : undefined;
  let moved: string | null = null;
  if (after) {
    const [before, later] = [earliestFull(entry), earliestFull(after)];
    if (before !== null && later !== null) {
      const months = monthsApart(before, later);
      moved =
        months > 0
          ? t('statisticsPage.whatIfMoved', {
              graves: formatCount(add!, 'grave'),
              months: formatCounted(months, monthNoun, 'nominative'),
            })
          : t('statisticsPage.whatIfSame');
    }
  }
  const id = `what-if-${entry.section}`;
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        id={id}
        label={t('statisticsPage.whatIfLabel', { section: sectionName(entry.section) })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode="numeric"
        size="small"
        error={invalid}
        helperText={
          invalid
            ? t('statisticsPage.whatIfInvalid', { max: formatNumber(FORECAST_ADD_MAX) })
            : t('statisticsPage.whatIfHint')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-what-if': entry.section } }}
        sx={{ maxWidth: 360, width: '100%' }}
      />
      {after && (
        <Box role="status" aria-live="polite" data-what-if-answer={entry.section} sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('statisticsPage.whatIfResult')}: {after.sentence}
          </Typography>
          {moved && <Typography variant="body2">{moved}</Typography>}
          <FreeGravesChart entry={after} />
        </Box>
      )}
    </Box>
  );
}

function SectionCard({ entry }: { entry: SectionForecast }) {
  const { mean, low, high } = entry.expectedPerMonth;
  return (
    <Card variant="outlined" data-forecast={entry.section}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {sectionName(entry.section)}
        </Typography>
        <Typography sx={{ fontWeight: 600, my: 1 }} data-sentence>
          {entry.sentence}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}>
          <dt>{t('statisticsPage.availableNow')}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {formatNumber(entry.availableNow)}
          </Box>
          <dt>{t('statisticsPage.expectedPerMonth')}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {t('statisticsPage.expectedRange', { mean: number(mean), low: number(low), high: number(high) })}
          </Box>
        </Box>
        <FreeGravesChart entry={entry} />
        <WhatIf entry={entry} />
      </CardContent>
    </Card>
  );
}

type Calendar = 'gregorian' | 'hijri';

/** A period of a series as a person reads it: «مارس ٢٠٢٥», «رمضان ١٤٤٦ هـ», «٢٠٢٥», «١٤٤٦ هـ». */
function periodLabel(period: string, calendar: Calendar): string {
  if (calendar === 'gregorian') return period.length === 7 ? formatMonth(period) : toArabicDigits(period);
  const year = toArabicDigits(String(Number(period.slice(0, 4))));
  if (period.length === 4) return t('statisticsPage.hijriYear', { year });
  return `${HIJRI_MONTHS[Number(period.slice(5, 7)) - 1]} ${t('statisticsPage.hijriYear', { year })}`;
}

function BarsFigure(props: {
  title: string;
  labels: string[];
  series: Array<{ label: string; data: number[]; color: string }>;
  stacked?: boolean;
}) {
  const { title, labels, series } = props;
  return (
    <Figure
      title={title}
      table={
        <ChartTable
          caption={title}
          head={[t('statisticsPage.month'), ...series.map((s) => s.label)]}
          rows={labels.map((label, i) => [label, ...series.map((s) => formatNumber(s.data[i] ?? 0))])}
        />
      }
    >
      <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
        <BarsChart labels={labels} series={series} stacked={props.stacked} format={(n) => formatNumber(n)} />
      </Suspense>
    </Figure>
  );
}

function YearsFigures({ years }: { years: YearsInPictures }) {
  const [calendar, setCalendar] = useState<Calendar>('gregorian');
  const chosen: CalendarSeries = years[calendar];
  const bySection = (rows: CalendarSeries['months']) => [
    { label: t('statisticsPage.men'), data: rows.map((r) => r.men), color: COLORS.men },
    { label: t('statisticsPage.women'), data: rows.map((r) => r.women), color: COLORS.women },
  ];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="calendar-label">{t('statisticsPage.calendar')}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={calendar}
          onChange={(_e, value: Calendar | null) => value && setCalendar(value)}
          aria-labelledby="calendar-label"
        >
          <ToggleButton value="gregorian">{t('statisticsPage.gregorian')}</ToggleButton>
          <ToggleButton value="hijri">{t('statisticsPage.hijri')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <BarsFigure
        title={t('statisticsPage.burialsPerMonth')}
        labels={chosen.months.map((r) => periodLabel(r.period, calendar))}
        series={bySection(chosen.months)}
        stacked
      />
      <BarsFigure
        title={t('statisticsPage.burialsPerYear')}
        labels={chosen.years.map((r) => periodLabel(r.period, calendar))}
        series={bySection(chosen.years)}
        stacked
      />
      <BarsFigure
        title={t('statisticsPage.transfersPerYear')}
        labels={years.transfers.map((r) => toArabicDigits(r.year))}
        series={[
          { label: t('statisticsPage.transfers'), data: years.transfers.map((r) => r.transfers), color: COLORS.other },
        ]}
      />
      <BarsFigure
        title={t('statisticsPage.receivedPerMonth')}
        labels={years.received.map((r) => formatMonth(r.month))}
        series={[
          { label: t('statisticsPage.photos'), data: years.received.map((r) => r.photos), color: COLORS.men },
          {
            label: t('statisticsPage.corrections'),
            data: years.received.map((r) => r.corrections),
            color: COLORS.women,
          },
        ]}
      />
    </Box>
  );
}

function Statistics() {
  const forecast = useQuery({
    queryKey: ['console', 'forecast'],
    queryFn: () => ask<SectionForecast[]>(paths.forecast({ months: MONTHS })),
  });
  const years = useQuery({
    queryKey: ['console', 'yearsInPictures'],
    queryFn: () => ask<YearsInPictures>(paths.yearsInPictures()),
  });
  const sections = useMemo(() => forecast.data ?? [], [forecast.data]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={t('statisticsPage.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('statisticsPage.forecastHeading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        {t('statisticsPage.forecastIntro')}
      </Typography>
      {forecast.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {forecast.isError && <Alert severity="error">{t('statisticsPage.loadFailed')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {sections.map((entry) => (
          <SectionCard key={entry.section} entry={entry} />
        ))}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('statisticsPage.yearsHeading')}
      </Typography>
      {years.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {years.isError && <Alert severity="error">{t('statisticsPage.loadFailed')}</Alert>}
      {years.data && (
        <Card variant="outlined">
          <CardContent>
            <YearsFigures years={years.data} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

export function StatisticsPage() {
  return (
    <RequireAccess resource="statistics" action="list">
      <Statistics />
    </RequireAccess>
  );
}
