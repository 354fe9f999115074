// The dialogs of a pending correction's decisions: the burial as it stands now when it changed since the family
// sent their correction (ChangedDialog), the burial's own fields filled with the proposal (ApplyEditedDialog), and
// the rejection with its optional reason (RejectDialog).
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
import { Form, FormDataConsumer } from 'react-admin';
import { messages, t } from '../../../domain/messages';
import { burialDateText } from '../../../domain/dates/burialDate';
import type { CorrectionValues } from '../../../domain/types';
import type { BurialInput, CorrectionRecord } from '../../../dataProvider';
import { useRegisterToday } from '../../queries';
import { BurialDateInput, BurialNameInput } from '../graves/burialInputs';
import { ValuesLines } from './CorrectionParts';

/** A date as the burial form holds it: the day, or a partial date as the register writes it. */
const formDate = (date: string, precision?: CorrectionValues['datePrecision']) =>
  !precision || precision === 'day' ? date : burialDateText(date, precision);

/** The name the buttons' accessible names carry: who the correction is about. */
export const personOf = (c: CorrectionRecord) => c.current?.name ?? c.sentAgainst.name;

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

export function ChangedDialog({
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

export function ApplyEditedDialog({
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

export function RejectDialog({
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
