// The audit trail for managers: every staff write with its account, time and values before and after.
// Read-only (the API has no way to change it), filtered by account, action and dates, downloadable as CSV.
import { Datagrid, FunctionField, List, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { Typography } from '@mui/material';
import { paths } from '../../../api/paths';
import { t, type MessageKey } from '../../../domain/messages';
import type { AuditEntry } from '../../../domain/types';
import { DownloadButton } from '../../components/DownloadButton';
import { ListPagination } from '../../components/ListPagination';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { CardField, CardList, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { useRegisterDateTimeFormat } from '../../queries';
import { UndoButton } from './UndoButton';
import { actorText, valueLines } from './auditText';
import { AUDIT_ACTIONS } from '../../../domain/audit/actions';

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

function Actor({ entry }: { entry: AuditRecord }) {
  return entry.accountEmail === 'system' ? <>{actorText(entry)}</> : <bdi dir="ltr">{entry.accountEmail}</bdi>;
}

/** Values as readable text (never interpreted as markup); ids are left to the CSV download. */
function Values({ value, action }: { value: unknown; action?: string }) {
  const lines = valueLines(value, action);
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
                <Actor entry={r} />
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
          <FunctionField<AuditRecord>
            source="accountEmail"
            label={t('audit.account')}
            render={(r) => <Actor entry={r} />}
          />
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
