// What the console reads and writes beside react-admin's resource pages, and what each write makes stale, in one
// place. react-admin keys its own queries ([resource, 'getOne', …]); nothing here writes such a key by hand: a
// write that answers the record goes through useUpdate, which puts that answer into every page and list react-admin
// keeps of it, and then the register is read again (react-admin's refresh).
import { useMemo, useRef } from 'react';
import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { HttpError, useDataProvider, useRefresh, useUpdate } from 'react-admin';
import { FALLBACK_SETTINGS, fetchSiteIdentity, type RegisterSettings } from '../api/settings';
import { identityWords, EMPTY_IDENTITY } from '../domain/identity/siteIdentity';
import { ApiError } from '../api/client';
import { todayIn } from '../domain/rules/graveStatus';
import { GRAVE_STATUS } from '../domain/types';
import type { BurialInput, CemeteryDataProvider, GraveRecord } from '../dataProvider';

/** The keys of the console's own queries (react-admin's resource queries keep theirs). */
export const consoleQueryKeys = {
  settings: () => ['console', 'settings'] as const,
  /** The village's identity; the settings page's save refreshes it. */
  identity: () => ['console', 'identity'] as const,
  statistics: () => ['console', 'statistics'] as const,
  recentBurials: () => ['console', 'recentBurials'] as const,
  nextGraves: () => ['console', 'nextGraves'] as const,
  /** A grave read for a heading only: a failure here must not sit under react-admin's key of the grave's page. */
  graveHeading: (graveId: string) => ['console', 'graveHeading', graveId] as const,
  /** Every photo of a grave (pending ones too), as the staff see them. */
  gravePhotos: (graveId: string) => ['console', 'gravePhotos', graveId] as const,
};

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

export function useStatistics() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.statistics(), queryFn: () => dataProvider.getStatistics() });
}

export function useRecentBurials() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.recentBurials(), queryFn: () => dataProvider.getRecentBurials() });
}

/** The next grave to use in the men's and the women's sections. */
export function useNextGraves() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.nextGraves(), queryFn: () => dataProvider.getNextGraves() });
}

/** The grave a heading names, read once (no retries: the heading has a fallback). */
export function useGraveForHeading(graveId: string, enabled: boolean) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.graveHeading(graveId),
    queryFn: async () => (await dataProvider.getOne<GraveRecord>('graves', { id: graveId })).data,
    enabled,
    retry: false,
  });
}

interface WriteCallbacks<T> {
  onSuccess?: (answer: T) => void;
  onError?: (error: HttpError) => void;
}

/**
 * Marks a grave full (spec section 4). react-admin's update puts the server's answer (status full) into the grave's
 * kept page at once, so opening it never offers the bury button while it is read again.
 */
export function useMarkFull({ onSuccess, onError }: WriteCallbacks<GraveRecord> = {}) {
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<GraveRecord, HttpError>();
  const markFull = (grave: GraveRecord) =>
    update(
      'graves',
      { id: grave.id, data: { status: GRAVE_STATUS.full }, previousData: grave },
      {
        mutationMode: 'pessimistic',
        onSuccess: (answer) => {
          refresh();
          onSuccess?.(answer);
        },
        onError: (error) => onError?.(error),
      },
    );
  return { markFull, isPending };
}

/**
 * Records a burial in a grave. The grave as the server now has it (its burials, its status) replaces the kept
 * page, so 'رجوع' never offers the bury button of a grave that is now resting; the lists are read again.
 */
export function useBury(
  graveId: string,
  { onSuccess, onError }: WriteCallbacks<{ grave: GraveRecord; warnings: string[] }> = {},
) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const refresh = useRefresh();
  // The history rule's warnings of the last answer: the clerk reads them in the save message.
  const warned = useRef<string[]>([]);
  // The change sent is a burial, not fields of the grave: the record type admits them; the answer is the grave.
  const [update, { isPending }] = useUpdate<GraveRecord & Partial<BurialInput>, HttpError>('graves', undefined, {
    mutationMode: 'pessimistic',
    mutationFn: async ({ data }) => {
      const answer = await dataProvider.bury(graveId, { name: data?.name ?? '', burialDate: data?.burialDate ?? '' });
      warned.current = answer.warnings;
      return answer.data;
    },
  });
  const bury = (burial: BurialInput) =>
    update(
      'graves',
      { id: graveId, data: { ...burial } },
      {
        onSuccess: (grave) => {
          refresh();
          onSuccess?.({ grave, warnings: warned.current });
        },
        onError: (error) => onError?.(error),
      },
    );
  return { bury, isPending };
}

/**
 * Corrects a burial's name or date on the grave's page. The page is on screen, so reading the register again shows
 * the change; the server's message is handed on for the notification.
 */
export function useUpdateBurial(graveId: string, { onSuccess, onError }: WriteCallbacks<{ message: string }> = {}) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const refresh = useRefresh();
  return useMutation<{ message: string }, HttpError, { personId: string; changes: BurialInput }>({
    mutationFn: ({ personId, changes }) => dataProvider.updateBuried(graveId, personId, changes),
    onSuccess: (answer) => {
      refresh();
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
}

/** Removes a burial from the grave's page (behind a confirm); the row leaves when the register is read again. */
export function useRemoveBurial(graveId: string, { onSuccess, onError }: WriteCallbacks<{ message: string }> = {}) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const refresh = useRefresh();
  return useMutation<{ message: string }, HttpError, string>({
    mutationFn: (personId) => dataProvider.removeBuried(graveId, personId),
    onSuccess: (answer) => {
      refresh();
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
}
