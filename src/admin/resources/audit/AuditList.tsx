// The audit trail for managers: every staff write with its account, time and values before and after.
// Read-only (the API has no way to change it), filtered by account, action and dates, downloadable as CSV.
import { consoleBurialDate } from '../../components/calendarDates';
import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { Typography } from '@mui/material';
import { paths } from '../../../api/paths';
import { t, type MessageKey } from '../../../domain/messages';
import { formatGraveNumber, formatNumber } from '../../../domain/text/format';
import { isRole, type AuditEntry } from '../../../domain/types';
import { DownloadButton } from '../../components/DownloadButton';
import { ListPagination } from '../../components/ListPagination';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { CardField, CardList, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { useRegisterDateTimeFormat } from '../../queries';
import { UndoButton } from './UndoButton';

export const AUDIT_ACTIONS = [
  'grave.create',
  'grave.full',
  'grave.delete',
  'grave.reopen',
  'grave.position',
  'grave.range',
  'burial.create',
  'burial.update',
  'burial.delete',
  'burial.transfer',
  'burial.transferUndo',
  'burial.restore',
  'import.create',
  'import.undo',
  'plan.rows',
  'suggestion.status',
  'article.create',
  'article.update',
  'article.delete',
  'account.create',
  'account.password',
  'account.update',
  'account.role',
  'account.disable',
  'account.enable',
  'account.signOut',
  'account.login',
  'export.register',
  'export.audit',
  'export.geojson',
  'export.gedcom',
  // Families' corrections decided, and the photos of graves.
  'correction.apply',
  'correction.reject',
  'photo.create',
  'photo.approve',
  'photo.cover',
  'photo.delete',
  'photo.expire',
] as const;

const actionLabel = (action: string) => t(`audit.action.${action}` as MessageKey);

const filters = [
  <TextInput key="account" source="account" label={t('audit.account')} alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label={t('audit.action')}
    choices={AUDIT_ACTIONS.map((a) => ({ id: a, name: actionLabel(a) }))}
    alwaysOn
  />,
  <ArabicDateInput key="from" source="from" label={t('audit.from')} alwaysOn />,
  <ArabicDateInput key="to" source="to" label={t('audit.to')} alwaysOn />,
];

type AuditRecord = AuditEntry & { id: string };

const FIELD_LABEL: Record<string, MessageKey> = {
  gender: 'grave.gender',
  number: 'grave.number',
  graveNumber: 'grave.number',
  full: 'status.full',
  name: 'register.name',
  burialDate: 'burial.date',
  status: 'grave.status',
  title: 'article.title',
  content: 'article.content',
  email: 'auth.email',
  role: 'admin.role',
  by: 'audit.by',
  failures: 'audit.failures',
  // The details of a transfer, an import, a range of graves, an account, a position, the plan's rows.
  people: 'audit.detail.people',
  date: 'audit.detail.date',
  reason: 'audit.detail.reason',
  kind: 'audit.detail.kind',
  fileName: 'audit.detail.fileName',
  rowsRead: 'audit.detail.rowsRead',
  gravesCreated: 'audit.detail.gravesCreated',
  burialsAdded: 'audit.detail.burialsAdded',
  duplicates: 'audit.detail.duplicates',
  refused: 'audit.detail.refused',
  warnings: 'audit.detail.warnings',
  from: 'audit.detail.rangeFrom',
  to: 'audit.detail.rangeTo',
  created: 'audit.detail.created',
  skipped: 'audit.detail.skipped',
  disabled: 'audit.detail.disabled',
  position: 'audit.detail.position',
  rows: 'audit.detail.rows',
};

/** A list as one line: names, grave numbers, or the plan's row labels; long lists end with «…». */
function listText(items: unknown[]): string {
  const words = items.map((item) => {
    if (typeof item === 'number') return formatGraveNumber(item);
    if (typeof item === 'string') return item;
    const label = (item as { label?: unknown } | null)?.label;
    return typeof label === 'string' ? label : '';
  });
  const shown = words.filter(Boolean).slice(0, 12).join('، ');
  return words.length > 12 ? `${shown}، …` : shown;
}

/** A value as the committee reads it: Arabic words for flags, sections, statuses and roles, long dates. */
function readable(key: string, value: unknown): string {
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  // A grave's number is a label (٩٠٠٥, never ٩٬٠٠٥), whether a section's number or a bone section's digits.
  if (
    (key === 'number' || key === 'graveNumber' || key === 'from' || key === 'to') &&
    (typeof value === 'number' || typeof value === 'string')
  ) {
    return formatGraveNumber(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? formatNumber(0) : listText(value);
  if (typeof value === 'number') return formatNumber(value);
  if (key === 'position') {
    const at = value as { latitude?: unknown; longitude?: unknown } | null;
    return at && typeof at.latitude === 'number' && typeof at.longitude === 'number'
      ? `${formatNumber(at.latitude)}، ${formatNumber(at.longitude)}`
      : '—';
  }
  if (typeof value !== 'string') return JSON.stringify(value);
  if (key === 'gender' && (value === 'men' || value === 'women' || value === 'bones')) return t(`gender.${value}`);
  if (key === 'status' && (value === 'pending' || value === 'approved' || value === 'rejected'))
    return t(`suggestion.${value}`);
  if (key === 'role' && isRole(value)) return t(`role.${value}`);
  if (key === 'kind' && (value === 'import' || value === 'entry'))
    return t(value === 'import' ? 'audit.detail.kindImport' : 'audit.detail.kindEntry');
  if (key === 'burialDate' || key === 'date') return consoleBurialDate(value);
  if (key === 'by' && value === 'command line') return t('audit.commandLine');
  return value.length > 120 ? `${value.slice(0, 120)}…` : value;
}

/** Values as readable text (never interpreted as markup); ids are left to the CSV download. */
function Values({ value, action }: { value: unknown; action?: string }) {
  if (value === null || value === undefined) return <span>—</span>;
  const lines = Object.entries(value as Record<string, unknown>)
    .filter(([k]) => FIELD_LABEL[k])
    .map(([k, v]) => {
      // Where remains went: the bone section, named as such.
      const label = action === 'burial.transfer' && k === 'graveNumber' ? 'audit.detail.to' : FIELD_LABEL[k]!;
      return `${t(label)}: ${readable(k, v)}`;
    });
  if (lines.length === 0) return <span>—</span>;
  return <bdi style={{ whiteSpace: 'pre-wrap', fontSize: '0.85em' }}>{lines.join('\n')}</bdi>;
}

export function AuditList() {
  const when = useRegisterDateTimeFormat();
  const small = useSmallScreen();
  return (
    <List
      title={t('audit.title')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      pagination={<ListPagination />}
      exporter={false}
      actions={
        <TopToolbar>
          <DownloadButton path={paths.exportAudit()} label={t('audit.download')} fileName="audit.csv" />
        </TopToolbar>
      }
    >
      {small ? (
        <CardList<AuditRecord> label={t('audit.title')}>
          {(r) => (
            <>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {actionLabel(r.action)}
              </Typography>
              <CardField label={t('audit.at')}>{when.format(new Date(r.at))}</CardField>
              <CardField label={t('audit.account')}>
                <bdi dir="ltr">{r.accountEmail}</bdi>
              </CardField>
              <CardField label={t('audit.before')}>
                <Values value={r.before} />
              </CardField>
              <CardField label={t('audit.after')}>
                <Values value={r.after} action={r.action} />
              </CardField>
              <UndoButton entry={r} />
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<AuditRecord> source="at" label={t('audit.at')} render={(r) => when.format(new Date(r.at))} />
          <TextField source="accountEmail" label={t('audit.account')} />
          <FunctionField<AuditRecord> source="action" label={t('audit.action')} render={(r) => actionLabel(r.action)} />
          <FunctionField<AuditRecord>
            label={t('audit.before')}
            render={(r) => <Values value={r.before} />}
            sortable={false}
          />
          <FunctionField<AuditRecord>
            label={t('audit.after')}
            render={(r) => <Values value={r.after} action={r.action} />}
            sortable={false}
          />
          <FunctionField<AuditRecord>
            label={t('burial.operations')}
            render={(r) => <UndoButton entry={r} />}
            sortable={false}
          />
        </Datagrid>
      )}
    </List>
  );
}
