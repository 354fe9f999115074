// The decisions on a pending correction. «تطبيق» writes the proposal to the burial; «تطبيق مع تعديل» opens
// the burial's own fields filled with the proposal; «رفض» asks for an optional reason. A burial that changed since
// the correction was sent is shown as it stands now before anything is written, and applying then says so
// (confirmChanged); the same happens when the change came after this page was read (the API's 409). A burial no
// longer in the register can only be rejected.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, FormDataConsumer, HttpError, useCanAccess, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { messages, t } from '../../../domain/messages';
import { burialDateText } from '../../../domain/dates/burialDate';
import type { CorrectionValues } from '../../../domain/types';
import type { ApplyCorrectionInput, BurialInput, CemeteryDataProvider, CorrectionRecord } from '../../../dataProvider';
import { CardActions } from '../../components/CardList';
import { useRegisterToday } from '../../queries';
import { BurialDateInput, BurialNameInput } from '../graves/burialInputs';
import { ValuesLines } from './CorrectionParts';

/** The API's answer when the burial changed since the correction was sent (and no confirmation came with it). */
const isBurialChanged = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.message === messages['correction.burialChanged'];

/** A date as the burial form holds it: the day, or a partial date as the register writes it. */
const formDate = (date: string, precision?: CorrectionValues['datePrecision']) =>
  !precision || precision === 'day' ? date : burialDateText(date, precision);

/** The name the buttons' accessible names carry: who the correction is about. */
const personOf = (c: CorrectionRecord) => c.current?.name ?? c.sentAgainst.name;

function useDecision(onBurialChanged: () => void) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const apply = useMutation<
    { message: string; warnings: string[] },
    HttpError,
    { id: string; input: ApplyCorrectionInput }
  >({
    mutationFn: ({ id, input }) => dataProvider.applyCorrection(id, input),
    onSuccess: ({ message, warnings }) => {
      // The burial rule's warnings are read with the message, as after any burial's change.
      notify([message, ...warnings].join(' '), { type: warnings.length > 0 ? 'warning' : 'success' });
      refresh();
    },
    onError: (error) => {
      if (isBurialChanged(error)) {
        // Read the list again: the warning shows the burial as it now stands.
        refresh();
        onBurialChanged();
        return;
      }
      notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' });
      refresh();
    },
  });
  const reject = useMutation<{ message: string }, HttpError, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => dataProvider.rejectCorrection(id, reason),
    onSuccess: ({ message }) => {
      notify(message, { type: 'success' });
      refresh();
    },
    onError: (error) => {
      notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' });
      refresh();
    },
  });
  return { apply, reject };
}

type Open = 'changed' | 'edit' | 'reject' | null;

export function CorrectionActions({ correction }: { correction: CorrectionRecord }) {
  const { canAccess } = useCanAccess({ resource: 'corrections', action: 'edit' });
  const [open, setOpen] = useState<Open>(null);
  // Set once the server said the burial changed after this page was read: the edit dialog then confirms too.
  const [changedSeen, setChangedSeen] = useState(false);
  const { apply, reject } = useDecision(() => {
    setChangedSeen(true);
    setOpen((now) => (now === 'edit' ? 'edit' : 'changed'));
  });
  if (!canAccess || correction.status !== 'pending') return null;
  const gone = correction.current === null;
  const changed = correction.burialChanged || changedSeen;
  const busy = apply.isPending || reject.isPending;
  const person = personOf(correction);
  const close = () => setOpen(null);
  return (
    <>
      <CardActions>
        {!gone && (
          <>
            <Button
              size="small"
              variant="contained"
              disabled={busy}
              aria-label={t('correctionsConsole.applyOf', { name: person })}
              onClick={() => (changed ? setOpen('changed') : apply.mutate({ id: correction.id, input: {} }))}
            >
              {t('correctionsConsole.apply')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              aria-label={t('correctionsConsole.applyEditedOf', { name: person })}
              onClick={() => setOpen('edit')}
            >
              {t('correctionsConsole.applyEdited')}
            </Button>
          </>
        )}
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          aria-label={t('correctionsConsole.rejectOf', { name: person })}
          onClick={() => setOpen('reject')}
        >
          {t('correctionsConsole.reject')}
        </Button>
      </CardActions>
      {open === 'changed' && correction.current && (
        <ChangedDialog
          correction={correction}
          current={correction.current}
          busy={apply.isPending}
          onClose={close}
          onConfirm={() => apply.mutate({ id: correction.id, input: { confirmChanged: true } }, { onSuccess: close })}
        />
      )}
      {open === 'edit' && correction.current && (
        <ApplyEditedDialog
          correction={correction}
          current={correction.current}
          changed={changed}
          busy={apply.isPending}
          onClose={close}
          onApply={(values) =>
            apply.mutate(
              { id: correction.id, input: { ...values, confirmChanged: changed || undefined } },
              { onSuccess: close },
            )
          }
        />
      )}
      {open === 'reject' && (
        <RejectDialog
          busy={reject.isPending}
          onClose={close}
          onReject={(reason) => reject.mutate({ id: correction.id, reason }, { onSuccess: close })}
        />
      )}
    </>
  );
}

// The dialogs that may hold the warning scroll with the page (scroll="body"): a region that scrolls on its own
// with no control in it cannot be scrolled from a keyboard (axe: scrollable-region-focusable).

/** The burial as it stands now, when it changed since the family sent their correction. */
function ChangedWarning({ correction, current }: { correction: CorrectionRecord; current: CorrectionValues }) {
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{t('correctionsConsole.changedTitle')}</AlertTitle>
      <Stack spacing={1}>
        <span>{messages['correction.burialChanged']}</span>
        <span>{t('correctionsConsole.changedNow')}</span>
        <ValuesLines values={current} />
        <span>{t('correctionsConsole.sentAgainstColumn')}:</span>
        <ValuesLines values={correction.sentAgainst} />
        {(correction.proposed.name !== undefined || correction.proposed.burialDate !== undefined) && (
          <>
            <span>{t('correctionsConsole.proposedColumn')}:</span>
            <ValuesLines
              values={{
                name: correction.proposed.name ?? current.name,
                burialDate: correction.proposed.burialDate ?? current.burialDate,
                datePrecision:
                  correction.proposed.burialDate !== undefined
                    ? (correction.proposed.datePrecision ?? 'day')
                    : current.datePrecision,
              }}
            />
          </>
        )}
      </Stack>
    </Alert>
  );
}

function ChangedDialog({
  correction,
  current,
  busy,
  onClose,
  onConfirm,
}: {
  correction: CorrectionRecord;
  current: CorrectionValues;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-changed-title" fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id="correction-changed-title">
        {t('correctionsConsole.applyOf', { name: personOf(correction) })}
      </DialogTitle>
      <DialogContent>
        <ChangedWarning correction={correction} current={current} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={busy} onClick={onConfirm}>
          {t('correctionsConsole.confirmApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ApplyEditedDialog({
  correction,
  current,
  changed,
  busy,
  onClose,
  onApply,
}: {
  correction: CorrectionRecord;
  current: CorrectionValues;
  changed: boolean;
  busy: boolean;
  onClose: () => void;
  onApply: (values: BurialInput) => void;
}) {
  const today = useRegisterToday();
  const { proposed } = correction;
  const defaultValues: BurialInput = {
    name: proposed.name ?? current.name,
    burialDate:
      proposed.burialDate !== undefined
        ? formDate(proposed.burialDate, proposed.datePrecision)
        : formDate(current.burialDate, current.datePrecision),
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-edit-title" fullWidth maxWidth="sm" scroll="body">
      <Form<BurialInput>
        noValidate
        defaultValues={defaultValues}
        onSubmit={(values: Partial<BurialInput>) =>
          onApply({ name: (values.name ?? '').trim(), burialDate: values.burialDate ?? '' })
        }
      >
        <DialogTitle id="correction-edit-title">{t('correctionsConsole.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {changed && <ChangedWarning correction={correction} current={current} />}
            <DialogContentText>{t('correctionsConsole.editHint')}</DialogContentText>
            <BurialNameInput />
            <BurialDateInput latest={today} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <FormDataConsumer<BurialInput>>
            {({ formData }) => (
              <Button
                type="submit"
                variant="contained"
                color={changed ? 'warning' : 'primary'}
                disabled={busy || !formData.name || formData.name.trim() === '' || !formData.burialDate}
              >
                {changed ? t('correctionsConsole.confirmApply') : t('correctionsConsole.applyEdits')}
              </Button>
            )}
          </FormDataConsumer>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

const REASON_MAX = 500;

function RejectDialog({
  busy,
  onClose,
  onReject,
}: {
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-reject-title" fullWidth maxWidth="sm">
      <DialogTitle id="correction-reject-title">{t('correctionsConsole.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('correctionsConsole.rejectHint')}</DialogContentText>
          <TextField
            label={t('correctionsConsole.reasonField')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" disabled={busy} onClick={() => onReject(reason)}>
          {t('correctionsConsole.rejectConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
