// Recording the burial from a notice. A small dialog chooses the grave (the notice's grave when it names
// one) and the day (the prayer's day), and POST /notices/{id}/burial records the burial under the notice's name and
// links it; the API's message and the history rule's warnings are said, and the notice then shows its grave.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  Form,
  type HttpError,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import type { CemeteryDataProvider, NoticeRecord } from '../../../dataProvider';
import { BurialDateInput } from '../graves/burialInputs';
import { useRegisterToday } from '../../queries';
import { GraveInput } from './GraveInput';
import { noticeBurialDay } from '../../../domain/notices/noticeRules';
import { formatBurialDate } from '../../../domain/dates/dateText';

interface BurialForm {
  graveId: string | null;
  graveSection: string | null;
  burialDate: string;
}

export function BuryFromNoticeButton() {
  const notice = useRecordContext<NoticeRecord>();
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!notice || notice.burialId || !canAccess) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('noticesConsole.buryOf', { name: notice.name })}
        onClick={() => setOpen(true)}
      >
        {t('noticesConsole.bury')}
      </Button>
      {open && <BuryDialog notice={notice} onClose={() => setOpen(false)} />}
    </>
  );
}

function BuryDialog({ notice, onClose }: { notice: NoticeRecord; onClose: () => void }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const today = useRegisterToday();
  const [refusal, setRefusal] = useState<string | null>(null);
  const bury = useMutation<Awaited<ReturnType<CemeteryDataProvider['buryFromNotice']>>, HttpError, BurialForm>({
    mutationFn: (values) =>
      dataProvider.buryFromNotice(notice.id, { graveId: values.graveId ?? '', burialDate: values.burialDate }),
    onSuccess: (answer) => {
      const said = [answer.message || t('noticesConsole.buried'), ...answer.warnings].join(' ');
      notify(said, { type: answer.warnings.length > 0 ? 'warning' : 'success', multiLine: true });
      refresh();
      onClose();
    },
    onError: (error) => setRefusal(serverMessage(error, 'noticesConsole.buryError')),
  });
  const titleId = `bury-notice-${notice.id}`;
  // The prayer's day (src/domain/notices/noticeRules.ts); still to come, the dialog says from when the burial can be
  // recorded, and the clerk types the day only if the burial was earlier.
  const burialDay = noticeBurialDay(notice.prayerDay, today);
  const defaults: BurialForm = {
    graveId: notice.graveId,
    graveSection: notice.grave?.gender ?? null,
    burialDate: burialDay.early ? '' : burialDay.day,
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form<BurialForm>
        defaultValues={defaults}
        noValidate
        onSubmit={(values: Partial<BurialForm>) => {
          setRefusal(null);
          bury.mutate({
            graveId: typeof values.graveId === 'string' ? values.graveId : null,
            graveSection: null,
            burialDate: typeof values.burialDate === 'string' ? values.burialDate : '',
          });
        }}
      >
        <DialogTitle id={titleId}>{t('noticesConsole.buryTitle', { name: notice.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {burialDay.early && (
              <Alert severity="info" className="bury-from">
                <Typography variant="body2">
                  {t('notice.buryFrom', { date: formatBurialDate(burialDay.day) })}
                </Typography>
              </Alert>
            )}
            <GraveInput required />
            <BurialDateInput latest={today} onTyped={() => setRefusal(null)} />
            {refusal && (
              <Alert severity="error" role="alert">
                <Typography variant="body2">{refusal}</Typography>
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={bury.isPending}>
            {t('noticesConsole.bury')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
