// The undo of a grave's recent transfers and deletions, in its history on the grave's console page.
import { Box, Typography } from '@mui/material';
import { useCanAccess, useGetList } from 'react-admin';
import { t } from '../../../domain/messages';
import type { AuditEntry } from '../../../domain/types';
import type { GraveRecord } from '../../../dataProvider';
import { UNDO_DAYS, UNDOABLE_ACTIONS, UndoButton } from '../audit/UndoButton';

/**
 * In the grave's history, the manager's undo of its recent transfers to the ossuary and deletions (30 days;
 * the audit entries that name this grave). Shown only to who may undo, and only when there is something to undo.
 */
export function UndoableHistory({ grave }: { grave: GraveRecord }) {
  const { canAccess } = useCanAccess({ resource: 'undo', action: 'create' });
  const entries = useGetList<AuditEntry & { id: string }>(
    'audit',
    { filter: { grave: grave.id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'at', order: 'DESC' } },
    { enabled: canAccess === true },
  );
  const now = Date.now();
  const recent = (entries.data ?? []).filter(
    (e) => UNDOABLE_ACTIONS.includes(e.action) && !e.undone && now - Date.parse(e.at) <= UNDO_DAYS * 86_400_000,
  );
  if (!canAccess || recent.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="undo-heading">
      <Typography id="undo-heading" component="h2" variant="h6">
        {t('undo.historyTitle')}
      </Typography>
      <ul>
        {recent.map((entry) => (
          <li key={entry.id}>
            {t(entry.action === 'burial.transfer' ? 'audit.action.burial.transfer' : 'audit.action.burial.delete')}:{' '}
            <strong>{entryPeople(entry)}</strong> <UndoButton entry={entry} now={now} />
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Who an undoable entry is about: the people moved, or the person deleted. */
function entryPeople(entry: AuditEntry): string {
  const before = (entry.before ?? {}) as { people?: unknown; name?: unknown };
  if (Array.isArray(before.people)) return before.people.filter((p) => typeof p === 'string').join('، ');
  return typeof before.name === 'string' ? before.name : '';
}
