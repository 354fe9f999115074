// Choosing several photos of the queue and deciding them at once: a box on each card, one for the whole page, and a
// bar that says how many are chosen with the decisions the role may take (approving the waiting ones, deleting
// behind a confirmation). The selection is react-admin's own list selection; what the server refused stays chosen.
import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Paper, Typography } from '@mui/material';
import { Confirm, useCanAccess, useListContext, useNotify } from 'react-admin';
import { t } from '../../../domain/messages';
import { formatCount } from '../../../domain/text/nouns';
import type { PhotoRecord } from '../../../dataProvider';
import { usePhotosInBulk, type BulkPhotoResult } from '../../queries/photoQueue';

/** What the role may decide of photos; a role that may decide nothing (data entry) has nothing to choose for. */
function usePhotoDecisions() {
  const { canAccess: mayApprove } = useCanAccess({ resource: 'photos', action: 'edit' });
  const { canAccess: mayDelete } = useCanAccess({ resource: 'photos', action: 'delete' });
  return { mayApprove: mayApprove === true, mayDelete: mayDelete === true, mayDecide: !!(mayApprove || mayDelete) };
}

/** The box that chooses one photo, named by its grave. */
export function PhotoChoice({ photo, grave }: { photo: PhotoRecord; grave: string }) {
  const { selectedIds, onToggleItem } = useListContext<PhotoRecord>();
  if (!usePhotoDecisions().mayDecide) return null;
  return (
    <Checkbox
      checked={selectedIds.includes(photo.id)}
      onChange={() => onToggleItem(photo.id)}
      slotProps={{ input: { 'aria-label': t('photosConsole.selectOf', { grave }) } }}
      sx={{ p: 1.5 }}
    />
  );
}

/** The chosen photos of the page on screen (a choice made on another page or filter is not acted on here). */
function useChosen() {
  const list = useListContext<PhotoRecord>();
  const chosen = (list.data ?? []).filter((photo) => list.selectedIds.includes(photo.id));
  return { ...list, chosen };
}

export function PhotoSelectionBar() {
  const { data, chosen, onSelect, onUnselectItems } = useChosen();
  const { mayApprove, mayDelete, mayDecide } = usePhotoDecisions();
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  const bulk = usePhotosInBulk({
    onDone: ({ action, done, failed }: BulkPhotoResult) => {
      if (done.length > 0) {
        const key = action === 'approve' ? 'photosConsole.approvedMany' : 'photosConsole.deletedMany';
        notify(t(key, { count: formatCount(done.length, 'photo') }), { type: 'success' });
      }
      if (failed.length > 0) {
        notify(t('photosConsole.failedMany', { count: formatCount(failed.length, 'photo', 'genitive') }), {
          type: 'error',
        });
      }
      onSelect(failed);
    },
  });
  if (!data || data.length === 0 || !mayDecide) return null;
  const waiting = chosen.filter((photo) => photo.status === 'pending');
  const all = data.every((photo) => chosen.includes(photo));
  return (
    <Paper variant="outlined" sx={{ m: 1, p: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            indeterminate={chosen.length > 0 && !all}
            onChange={() => (all ? onUnselectItems() : onSelect(data.map((photo) => photo.id)))}
          />
        }
        label={t('photosConsole.selectPage')}
      />
      {chosen.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography role="status">
            {t('photosConsole.selectedCount', { count: formatCount(chosen.length, 'photo') })}
          </Typography>
          {mayApprove && waiting.length > 0 && (
            <Button
              variant="contained"
              disabled={bulk.isPending}
              onClick={() => bulk.mutate({ action: 'approve', photos: waiting })}
            >
              {t('photosConsole.approveSelected')}
            </Button>
          )}
          {mayDelete && (
            <Button color="error" variant="outlined" disabled={bulk.isPending} onClick={() => setConfirming(true)}>
              {t('photosConsole.deleteSelected')}
            </Button>
          )}
          <Button disabled={bulk.isPending} onClick={() => onUnselectItems()}>
            {t('photosConsole.clearSelection')}
          </Button>
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        loading={bulk.isPending}
        title={t('photosConsole.deleteSelected')}
        content={t('photosConsole.confirmDeleteMany', { count: formatCount(chosen.length, 'photo', 'genitive') })}
        confirm={t('photosConsole.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          bulk.mutate({ action: 'remove', photos: chosen });
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
