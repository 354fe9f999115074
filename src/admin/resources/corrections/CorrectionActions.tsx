// The decisions on a pending correction. «تطبيق» writes the proposal to the burial; «تطبيق مع تعديل» opens
// the burial's own fields filled with the proposal; «رفض» asks for an optional reason. A burial that changed since
// the correction was sent is shown as it stands now before anything is written, and applying then says so
// (confirmChanged); the same happens when the change came after this page was read (the API's 409). A burial no
// longer in the register can only be rejected. The dialogs are in CorrectionDialogs.tsx.
import { useState } from 'react';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useCanAccess, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { serverMessage } from '../../../api/errorMessage';
import { messages, t } from '../../../domain/messages';
import type { ApplyCorrectionInput, CemeteryDataProvider, CorrectionRecord } from '../../../dataProvider';
import { CardActions } from '../../components/CardList';
import { ApplyEditedDialog, ChangedDialog, personOf, RejectDialog } from './CorrectionDialogs';

/** The API's answer when the burial changed since the correction was sent (and no confirmation came with it). */
const isBurialChanged = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.message === messages['correction.burialChanged'];

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
