// Undo, by a manager within 30 days, of what cannot be retyped — a move of remains to the ossuary and a
// burial's deletion — from its audit entry (the audit list, the grave's history). Asks first, naming who goes back
// where; the server has the last word (already undone, too old, the grave used since) and its reason is shown.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import { Confirm, useCanAccess, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import UndoIcon from '@mui/icons-material/Undo';
import { t } from '../../../domain/messages';
import { gravePlace } from '../../../domain/rules/graveMoves';
import type { AuditEntry, Gender } from '../../../domain/types';
import type { CemeteryDataProvider } from '../../../dataProvider';

/** The register's rule: 30 days (the server's, POST /api/audit/{id}/undo). */
export const UNDO_DAYS = 30;
export const UNDOABLE_ACTIONS: readonly string[] = ['burial.transfer', 'burial.delete'];

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The grave an entry names: «مقبرة رجال رقم ١٢». */
function placeOf(value: unknown): string {
  const v = fieldsOf(value);
  const gender = v.gender;
  const number = v.graveNumber;
  if (
    (gender !== 'men' && gender !== 'women' && gender !== 'bones') ||
    (typeof number !== 'number' && typeof number !== 'string')
  )
    return '';
  return gravePlace({ gender: gender as Gender, number });
}

/** What the confirmation says will happen. */
function undoQuestion(entry: AuditEntry): string {
  const before = fieldsOf(entry.before);
  if (entry.action === 'burial.transfer') {
    const people = Array.isArray(before.people) ? before.people.filter((p) => typeof p === 'string').join('، ') : '';
    return t('undo.confirmTransfer', { people, place: placeOf(entry.before) });
  }
  return t('undo.confirmRestore', {
    name: typeof before.name === 'string' ? before.name : '',
    place: placeOf(entry.before),
  });
}

export function UndoButton({ entry, now = Date.now() }: { entry: AuditEntry; now?: number }) {
  const { canAccess } = useCanAccess({ resource: 'undo', action: 'create' });
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const undo = useMutation({
    mutationFn: () => dataProvider.undoAudit(entry._id),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
  });
  if (!UNDOABLE_ACTIONS.includes(entry.action)) return null;
  if (entry.undone) return <Chip size="small" label={t('undo.undone')} />;
  if (!canAccess || now - Date.parse(entry.at) > UNDO_DAYS * 86_400_000) return null;
  return (
    <>
      {/* Labelled on every width: an arrow alone does not say what it undoes. */}
      <Button
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<UndoIcon />}
        onClick={() => setAsking(true)}
        disabled={undo.isPending}
      >
        {t('undo.button')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={undo.isPending}
        title={t('undo.title')}
        content={undoQuestion(entry)}
        confirm={t('undo.button')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          setAsking(false);
          undo.mutate();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
