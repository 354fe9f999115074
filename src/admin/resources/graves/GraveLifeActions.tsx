// A grave's life in the console: move remains to the ossuary (staff; only the rested, unless a
// manager writes a reason), and reopen a full grave (manager,
// with the rule explained and a reason). Both answer the grave as it now stands; the page reads it again.
import { serverMessage } from '../../../api/errorMessage';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useCanAccess, useDataProvider, useGetList, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { formatDays, formatGraveNumber } from '../../../domain/text/format';
import { restingDaysLeft } from '../../../domain/rules/graveStatus';
import { parseDayDate } from '../../../domain/dates/burialDate';
import { t, type MessageKey } from '../../../domain/messages';
import { GRAVE_STATUS } from '../../../domain/types';
import { dateFieldText } from '../../components/calendarDates';
import type { CemeteryDataProvider, GraveRecord } from '../../../dataProvider';
import { useRegisterSettings, useRegisterToday } from '../../queries';

/**
 * The transfer's day, read by the one date reader of every door (src/domain/dates/burialDate.ts), as the server reads
 * it: a whole day in either calendar; the Gregorian day or the reason.
 */
function readDate(typed: string, today: string): { ok: true; value: string } | { ok: false; error: MessageKey } {
  const checked = parseDayDate(typed, today);
  if (checked.ok) return checked;
  return { ok: false, error: checked.error === 'burial.dateFuture' ? 'transfer.dateFuture' : 'transfer.dateInvalid' };
}

export function GraveLifeActions({ grave }: { grave: GraveRecord }) {
  const [open, setOpen] = useState<'transfer' | 'reopen' | null>(null);
  const { canAccess: mayReopen } = useCanAccess({ resource: 'reopen', action: 'edit' });
  const { canAccess: mayMove } = useCanAccess({ resource: 'transfers', action: 'create' });
  return (
    <>
      {mayMove && grave.gender !== 'bones' && grave.buriedPersons.length > 0 && (
        <Button variant="outlined" onClick={() => setOpen('transfer')}>
          {t('transfer.button')}
        </Button>
      )}
      {mayReopen && grave.status === GRAVE_STATUS.full && (
        <Button variant="outlined" color="warning" onClick={() => setOpen('reopen')}>
          {t('reopen.button')}
        </Button>
      )}
      {open === 'transfer' && <TransferDialog grave={grave} onClose={() => setOpen(null)} />}
      {open === 'reopen' && <ReopenDialog grave={grave} onClose={() => setOpen(null)} />}
    </>
  );
}

function TransferDialog({ grave, onClose }: { grave: GraveRecord; onClose: () => void }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const today = useRegisterToday();
  const bones = useGetList<GraveRecord>('graves', {
    filter: { gender: 'bones' },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'number', order: 'ASC' },
  });
  const { restingPeriodDays } = useRegisterSettings();
  const { canAccess: mayOverride } = useCanAccess({ resource: 'restOverride', action: 'create' });
  // A person's remains may move once their resting period has passed; the others are listed with the
  // days left, not ticked (a manager may tick one, with a written reason the server keeps in the audit).
  const people = grave.buriedPersons.map((person) => ({
    person,
    daysLeft: restingDaysLeft(person.burialDate, today, restingPeriodDays),
  }));
  const [target, setTarget] = useState('');
  const [dateText, setDateText] = useState(() => dateFieldText(today));
  const [chosen, setChosen] = useState(
    () => new Set(people.filter((p) => p.daysLeft === 0).map((p) => String(p.person.id))),
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const date = readDate(dateText, today);
  const restingChosen = people.some((p) => p.daysLeft > 0 && chosen.has(String(p.person.id)));
  const needsReason = restingChosen && reason.trim() === '';
  const move = useMutation({
    mutationFn: (value: string) =>
      dataProvider.transferRemains(grave.id, {
        bonesGraveId: target,
        date: value,
        buriedPersonIds: [...chosen],
        ...(restingChosen && { reason: reason.trim() }),
      }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error: Error) => setError(serverMessage(error, 'admin.errorGeneric')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!date.ok || target === '' || chosen.size === 0 || needsReason) return;
    setError(null);
    move.mutate(date.value);
  };
  const choices = bones.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="transfer-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="transfer-title">{t('transfer.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {bones.error ? (
              <Alert severity="error">{t('transfer.bonesLoadFailed')}</Alert>
            ) : !bones.isPending && choices.length === 0 ? (
              <Alert severity="info">{t('transfer.noBones')}</Alert>
            ) : (
              <TextField
                id="transfer-target"
                select
                label={t('transfer.target')}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                required
              >
                {choices.map((g) => (
                  <MenuItem key={g.id} value={String(g.id)}>
                    {formatGraveNumber(g.number)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              id="transfer-date"
              label={t('transfer.date')}
              value={dateText}
              onChange={(e) => setDateText(e.target.value)}
              error={!date.ok}
              helperText={date.ok ? t('transfer.dateHint') : t(date.error)}
              required
            />
            {people.every((p) => p.daysLeft > 0) && <Alert severity="info">{t('transfer.nobodyRested')}</Alert>}
            <FormGroup aria-label={t('transfer.who')}>
              {people.map(({ person, daysLeft }) => (
                <FormControlLabel
                  key={person.id}
                  disabled={daysLeft > 0 && !mayOverride}
                  label={
                    daysLeft > 0
                      ? t('transfer.restingLine', { name: person.name, days: formatDays(daysLeft) })
                      : person.name
                  }
                  control={
                    <Checkbox
                      checked={chosen.has(String(person.id))}
                      onChange={(e) =>
                        setChosen((current) => {
                          const next = new Set(current);
                          if (e.target.checked) next.add(String(person.id));
                          else next.delete(String(person.id));
                          return next;
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {restingChosen && (
              <TextField
                id="transfer-reason"
                label={t('transfer.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                helperText={t('transfer.reasonHint')}
                multiline
                minRows={2}
                required
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={move.isPending || !date.ok || target === '' || chosen.size === 0 || needsReason}
          >
            {t('transfer.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ReopenDialog({ grave, onClose }: { grave: GraveRecord; onClose: () => void }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reopen = useMutation({
    mutationFn: () => dataProvider.reopenGrave(grave.id, reason.trim()),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error: Error) => setError(serverMessage(error, 'admin.errorGeneric')),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="reopen-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') return;
          setError(null);
          reopen.mutate();
        }}
      >
        <DialogTitle id="reopen-title">{t('reopen.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('reopen.rule')}</DialogContentText>
            <TextField
              id="reopen-reason"
              label={t('reopen.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              required
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={reopen.isPending || reason.trim() === ''}>
            {t('reopen.button')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
