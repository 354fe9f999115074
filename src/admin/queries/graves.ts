// What a grave's console page reads beside react-admin's record: the grave for a heading, the warnings stored with
// its burials, and its photos (with the writes that make them stale).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import { preparePhoto } from '../../shared/photoShrink';
import type { CemeteryDataProvider, GraveRecord } from '../../dataProvider';
import { consoleQueryKeys } from './keys';
import type { WriteCallbacks } from './graveWrites';

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

/** The warnings stored with a grave's burials (the staff's alone, from their own route). */
export function useGraveWarnings(graveId: string) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.graveWarnings(graveId),
    queryFn: () => dataProvider.graveWarnings(graveId),
  });
}

/** Every photo of a grave as the staff see them (pending ones too), when the role may list them. */
export function useGravePhotos(graveId: string, enabled: boolean) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.gravePhotos(graveId),
    queryFn: async () => (await dataProvider.getGravePhotos(graveId)).data,
    enabled,
  });
}

/** Approving, choosing the first, deleting and adding a grave's photo; each reads the grave's photos again. */
export function useGravePhotoWrites(graveId: string, { onSuccess, onError }: WriteCallbacks<{ message: string }>) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const settled = {
    onSuccess: (answer: { message: string }) => onSuccess?.(answer),
    onError: (error: HttpError) => onError?.(error),
    // The grave's photos, the queue of every grave's photos and the counts of what waits.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.gravePhotos(graveId) }),
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.resourceLists('photos') }),
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.waiting() }),
      ]),
  };
  const approve = useMutation<{ message: string }, HttpError, string>({
    mutationFn: (photoId) => dataProvider.approvePhoto(photoId),
    ...settled,
  });
  const cover = useMutation<{ message: string }, HttpError, string>({
    mutationFn: (photoId) => dataProvider.setCoverPhoto(photoId),
    ...settled,
  });
  const remove = useMutation<{ message: string }, HttpError, string>({
    mutationFn: (photoId) => dataProvider.deletePhoto(photoId),
    ...settled,
  });
  const add = useMutation<{ message: string }, HttpError, File>({
    mutationFn: async (file) => {
      // The same preparation as the public page's form: at most 2560 px, upright, as a JPEG when drawn again.
      const ready = await preparePhoto(file);
      return dataProvider.addGravePhoto(graveId, ready.blob, ready.name);
    },
    ...settled,
  });
  return { approve, cover, remove, add, busy: approve.isPending || cover.isPending || remove.isPending };
}
