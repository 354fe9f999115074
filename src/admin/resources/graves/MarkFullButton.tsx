// The 'ممتلئة' button of the graves list (spec section 4): refuse when already full, else confirm, then PUT.
import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import { t } from '../../../domain/messages';
import { GRAVE_STATUS } from '../../../domain/types';
import type { GraveRecord } from '../../../dataProvider';
import { useMarkFull } from '../../queries';

export function MarkFullButton() {
  const record = useRecordContext<GraveRecord>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const { markFull, isPending } = useMarkFull({
    onSuccess: () => notify(t('grave.fullSuccess'), { type: 'success' }),
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
          markFull(record);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
