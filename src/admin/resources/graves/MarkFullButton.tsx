// The 'ممتلئة' button of the graves list (spec section 4): refuse when already full, else confirm, then PUT.
import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import { GRAVE_STATUS } from '../../../domain/types';
import type { CemeteryDataProvider, GraveRecord } from '../../../dataProvider';

export function MarkFullButton() {
  const record = useRecordContext<GraveRecord>();
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) => dataProvider.markFull(id),
    onSuccess: (_answer, id) => {
      notify(t('grave.fullSuccess'), { type: 'success' });
      // The grave's page may be cached from an earlier visit (react-admin keeps it, and the list never overwrites
      // it): mark it full there too, or opening it would offer the bury button until the refetch lands.
      queryClient.setQueriesData<GraveRecord>({ queryKey: ['graves', 'getOne', { id: String(id) }] }, (old) =>
        old ? { ...old, status: GRAVE_STATUS.full } : old,
      );
      refresh();
    },
    onError: () => notify(t('grave.fullError'), { type: 'error' }),
  });
  if (!record) return null;
  const onClick = (event: React.MouseEvent) => {
    event.stopPropagation();
    if (record.status === GRAVE_STATUS.full) {
      notify(t('grave.cannotUpdateFull'), { type: 'warning' });
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Button size="small" color="warning" variant="outlined" onClick={onClick} disabled={isPending}>
        {t('grave.fullButton')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t('grave.fullButton')}
        content={t('grave.confirmFull')}
        confirm={t('common.confirm')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          setOpen(false);
          mutate(record.id);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
