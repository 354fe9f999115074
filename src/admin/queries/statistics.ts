// The planning page's reads: each section's forecast (and its what-if with graves added) and the years in
// pictures. Imported by that page alone, so they stay in its own chunk.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { statisticsPaths as paths } from '../../api/statisticsPaths';
import { FORECAST_MONTHS, type SectionForecast } from '../../domain/statistics/forecast';
import type { YearsInPictures } from '../../domain/statistics/yearsInPictures';
import { getToken } from '../../shared/session';
import { consoleQueryKeys } from './keys';

const MONTHS = FORECAST_MONTHS.default;

const ask = <T>(path: string) => call<T>(path, { token: getToken() });

export function useForecast() {
  return useQuery({
    queryKey: consoleQueryKeys.forecast(),
    queryFn: () => ask<SectionForecast[]>(paths.forecast({ months: MONTHS })),
  });
}

/** A section's forecast with `add` graves more, asked only for a number above nought; the last answer stays meanwhile. */
export function useForecastWithAdded(section: SectionForecast['section'], add: number | null) {
  return useQuery({
    queryKey: consoleQueryKeys.forecastWithAdded(section, add),
    queryFn: () => ask<SectionForecast[]>(paths.forecast({ months: MONTHS, add: add ?? 0, section })),
    enabled: add !== null && add > 0,
    placeholderData: keepPreviousData,
  });
}

export function useYearsInPictures() {
  return useQuery({
    queryKey: consoleQueryKeys.yearsInPictures(),
    queryFn: () => ask<YearsInPictures>(paths.yearsInPictures()),
  });
}
