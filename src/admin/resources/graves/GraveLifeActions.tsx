// A grave's life in the console (issue 13): move remains to the ossuary (staff), and reopen a full grave (manager,
// with the rule explained and a reason). Both answer the grave as it now stands; the page reads it again.
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
import { formatGraveNumber } from '../../../domain/text/format';
import { readHijriDate } from '../../../domain/dates/hijri';
import { t, type MessageKey } from '../../../domain/messages';
import { GRAVE_STATUS } from '../../../domain/types';
import { checkBurialDate } from '../../../domain/rules/validation';
import type { CemeteryDataProvider, GraveRecord } from '../../../dataProvider';
import { useRegisterToday } from '../../queries';

/** A date typed in the Gregorian form (any digits) or in Hijri ending with هـ; the Gregorian day or the reason. */
function readDate(typed: string, today: string): { ok: true; value: string } | { ok: false; error: MessageKey } {
  const hijri = readHijriDate(typed);
  if (hijri === 'invalid') return { ok: false, error: 'transfer.dateInvalid' };
  const checked = checkBurialDate(hijri === 'not-hijri' ? typed : hijri, today);
  if (checked.ok) return checked;
  return { ok: false, error: checked.error === 'burial.dateFuture' ? 'transfer.dateFuture' : 'transfer.dateInvalid' };
}

const failure = (error: Error & { status?: number }) => (error.status && error.message ? error.message : null);

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
  const [target, setTarget] = useState('');
  const [dateText, setDateText] = useState(today);
  const [chosen, setChosen] = useState(() => new Set(grave.buriedPersons.map((p) => String(p.id))));
  const [error, setError] = useState<string | null>(null);
  const date = readDate(dateText, today);
  const move = useMutation({
    mutationFn: (value: string) =>
      dataProvider.transferRemains(grave.id, {
        bonesGraveId: target,
        date: value,
        ...(chosen.size < grave.buriedPersons.length && { buriedPersonIds: [...chosen] }),
      }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
      onClose();
    },
    onError: (e: Error & { status?: number }) => setError(failure(e) ?? t('admin.errorGeneric')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!date.ok || target === '' || chosen.size === 0) return;
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
            <FormGroup aria-label={t('transfer.who')}>
              {grave.buriedPersons.map((person) => (
                <FormControlLabel
                  key={person.id}
                  label={person.name}
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
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={move.isPending || !date.ok || target === '' || chosen.size === 0}
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
    onError: (e: Error & { status?: number }) => setError(failure(e) ?? t('admin.errorGeneric')),
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
