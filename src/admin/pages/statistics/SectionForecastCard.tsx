// One section's forecast: its sentence, its figures, the chart of its free graves over the months ahead with the
// band of the range, and the what-if of graves added, which asks the server again.
import { useState } from 'react';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
import { t } from '../../../domain/messages';
import { monthNoun } from '../../../domain/messages/statistics';
import { FORECAST_ADD_MAX, monthsApart, type SectionForecast } from '../../../domain/statistics/forecast';
import { formatMonth, sectionName } from '../../../domain/statistics/forecastText';
import { toWesternDigits } from '../../../domain/search/normalize';
import { formatCounted, formatNumber } from '../../../domain/text/format';
import { formatCount } from '../../../domain/text/nouns';
import { useForecastWithAdded } from '../../queries/statistics';
import { ChartFigure } from './chartFigure';
import { BandLineChart, COLORS, earliestFull, number } from './statisticsFormat';

function FreeGravesChart({ entry }: { entry: SectionForecast }) {
  const labels = entry.freeByMonth.map((m) => formatMonth(m.month));
  const low = entry.freeByMonth.map((m) => m.low);
  const high = entry.freeByMonth.map((m) => m.high);
  const title = t('statisticsPage.freeChart', {
    section: sectionName(entry.section),
    months: formatCounted(entry.freeByMonth.length, monthNoun, 'genitive'),
  });
  return (
    <ChartFigure
      title={title}
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
    >
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
    </ChartFigure>
  );
}

/** The what-if of one section: graves typed, the server asked again, the new sentence and how far the date moved. */
function WhatIf({ entry }: { entry: SectionForecast }) {
  const [text, setText] = useState('');
  const typed = toWesternDigits(text.trim());
  const add = /^[0-9]{1,6}$/.test(typed) && Number(typed) <= FORECAST_ADD_MAX ? Number(typed) : null;
  const invalid = typed !== '' && add === null;
  const answer = useForecastWithAdded(entry.section, add);
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

export function SectionForecastCard({ entry }: { entry: SectionForecast }) {
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
