// What every console page reads of the register's settings: its time zone and resting period, today's date in it,
// and the site's title for the tab.
import { useMemo } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import { FALLBACK_SETTINGS, fetchSiteIdentity, type RegisterSettings } from '../../api/settings';
import { identityWords, EMPTY_IDENTITY } from '../../domain/identity/siteIdentity';
import { ApiError } from '../../api/client';
import { todayIn } from '../../domain/rules/graveStatus';
import type { CemeteryDataProvider } from '../../dataProvider';
import { consoleQueryKeys } from './keys';

const isRefusal = (error: unknown) =>
  (error instanceof ApiError || error instanceof HttpError) && error.status >= 400 && error.status < 500;

const settingsQuery = (dataProvider: CemeteryDataProvider): UseQueryOptions<RegisterSettings> => ({
  queryKey: consoleQueryKeys.settings(),
  queryFn: () => dataProvider.getSettings(),
  // Read once per visit: a refresh after a write does not read them again ('static'), and a server that has no
  // such path (404) is not asked again either.
  staleTime: 'static',
  retry: (failures, error) => failures < 2 && !isRefusal(error),
  retryOnMount: false,
});

/** The server's time zone and resting period; the fallback while they load or when the server cannot say. */
export function useRegisterSettings(): RegisterSettings {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery(settingsQuery(dataProvider)).data ?? FALLBACK_SETTINGS;
}

/**
 * The site's title (the village's cemetery, from the settings) for the console's tab; the unnamed register's title
 * while it loads or when it cannot be read.
 */
export function useSiteTitle(): string {
  const { data } = useQuery({
    queryKey: consoleQueryKeys.identity(),
    queryFn: () => fetchSiteIdentity(),
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && !isRefusal(error),
  });
  return identityWords(data ?? EMPTY_IDENTITY).siteTitle;
}

/** Today's date (YYYY-MM-DD) in the register's time zone: the day the bury rule and the burial form use. */
export function useRegisterToday(): string {
  return todayIn(useRegisterSettings().timeZone);
}

/** A date and time as the committee reads it, in the register's time zone. */
export function useRegisterDateTimeFormat(): Intl.DateTimeFormat {
  const { timeZone } = useRegisterSettings();
  return useMemo(
    () => new Intl.DateTimeFormat('ar-EG', { dateStyle: 'long', timeStyle: 'short', timeZone }),
    [timeZone],
  );
}
