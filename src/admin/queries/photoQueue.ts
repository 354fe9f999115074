// Deciding several photos of the queue at once: each photo goes through the same route as its own card's button
// (the server's rules and audit line per photo), one after another so that a village's small server is never
// asked for many at the same moment. What failed is told apart from what was done.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CemeteryDataProvider, PhotoRecord } from '../../dataProvider';
import { consoleQueryKeys } from './keys';

export type BulkPhotoAction = 'approve' | 'remove';

/** What a bulk decision did: the photos decided and the ones the server refused (left to try again). */
export interface BulkPhotoResult {
  action: BulkPhotoAction;
  done: PhotoRecord['id'][];
  failed: PhotoRecord['id'][];
}

export function usePhotosInBulk({ onDone }: { onDone: (result: BulkPhotoResult) => void }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<BulkPhotoResult, never, { action: BulkPhotoAction; photos: PhotoRecord[] }>({
    mutationFn: async ({ action, photos }) => {
      const result: BulkPhotoResult = { action, done: [], failed: [] };
      for (const photo of photos) {
        try {
          if (action === 'approve') await dataProvider.approvePhoto(photo.id);
          else await dataProvider.deletePhoto(photo.id);
          result.done.push(photo.id);
        } catch {
          result.failed.push(photo.id);
        }
      }
      // The queue, the graves' own photo lists and the counts of what waits are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.resourceLists('photos') }),
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.waiting() }),
        ...[...new Set(photos.map((p) => p.graveId))].map((graveId) =>
          queryClient.invalidateQueries({ queryKey: consoleQueryKeys.gravePhotos(graveId) }),
        ),
      ]);
      return result;
    },
    // Never fails as a whole: each photo's refusal is in the result.
    onSuccess: onDone,
  });
}
