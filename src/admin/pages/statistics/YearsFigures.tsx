// The years in pictures: burials by month and by year in either calendar, the ossuary's transfers, and what
// families sent, each a bar chart with its table.
import { useState } from 'react';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { t } from '../../../domain/messages';
import { formatMonth } from '../../../domain/statistics/forecastText';
import type { CalendarSeries, YearsInPictures } from '../../../domain/statistics/yearsInPictures';
import { formatNumber, toArabicDigits } from '../../../domain/text/format';
import { ChartFigure } from './chartFigure';
import { BarsChart, COLORS, periodLabel, type Calendar } from './statisticsFormat';

function BarsFigure(props: {
  title: string;
  labels: string[];
  series: Array<{ label: string; data: number[]; color: string }>;
  stacked?: boolean;
}) {
  const { title, labels, series } = props;
  return (
    <ChartFigure
      title={title}
      head={[t('statisticsPage.month'), ...series.map((s) => s.label)]}
      rows={labels.map((label, i) => [label, ...series.map((s) => formatNumber(s.data[i] ?? 0))])}
    >
      <BarsChart labels={labels} series={series} stacked={props.stacked} format={(n) => formatNumber(n)} />
    </ChartFigure>
  );
}

export function YearsFigures({ years }: { years: YearsInPictures }) {
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
