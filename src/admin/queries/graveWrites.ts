// The writes of a grave's pages beside react-admin's resource pages. react-admin keys its own queries
// ([resource, 'getOne', …]); nothing here writes such a key by hand: a write that answers the record goes through
// useUpdate, which puts that answer into every page and list react-admin keeps of it, and then the register is read
// again (react-admin's refresh).
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useRefresh, useUpdate } from 'react-admin';
import { GRAVE_STATUS } from '../../domain/types';
import type { BurialInput, CemeteryDataProvider, GraveRecord } from '../../dataProvider';

export interface WriteCallbacks<T> {
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
