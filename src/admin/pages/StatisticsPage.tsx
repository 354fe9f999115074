// The committee's planning page: when each section is expected to have no grave free (its sentence, a chart of the
// free graves over the months ahead with the band of the range, and a what-if of graves added that asks the server
// again), then the years in pictures (burials by month and year in either calendar, the ossuary's transfers, what
// families sent). Every chart is SVG drawn by MUI X Charts, time running right to left as the page reads, numbers in
// Arabic-Indic digits; beside each, the same figures as a table for screen readers. The charts' code is loaded only
// when the page opens (its own chunk: it stays out of the rest of the console). Its parts are in ./statistics.
import { useMemo } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { t } from '../../domain/messages';
import { RequireAccess } from '../layout/RequireAccess';
import { useForecast, useYearsInPictures } from '../queries/statistics';
import { SectionForecastCard } from './statistics/SectionForecastCard';
import { YearsFigures } from './statistics/YearsFigures';

function Statistics() {
  const forecast = useForecast();
  const years = useYearsInPictures();
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
          <SectionForecastCard key={entry.section} entry={entry} />
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
