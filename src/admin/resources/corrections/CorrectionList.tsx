// The queue of the corrections families send, pending ones first by default, filtered by state and by
// section, paged. Cards at every width: each one sets the burial's values beside the proposed ones, which a table's
// row could not hold. Each card names the grave (a link to its page), the note, the sender (a phone link) and the
// day sent; a pending one carries the decisions (CorrectionActions), a decided one who decided, when and why.
import { Alert, Box, Chip, Typography } from '@mui/material';
import { List, required, SelectInput, TopToolbar } from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../../domain/messages';
import { consolePaths } from '../../../domain/paths/consolePaths';
import { graveName } from '../../../domain/text/graveLifeText';
import { CORRECTION_STATUSES } from '../../../domain/types';
import type { CorrectionRecord } from '../../../dataProvider';
import { CardField, CardList } from '../../components/CardList';
import { ListPagination } from '../../components/ListPagination';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { GENDER_CHOICES } from '../graves/labels';
import { CorrectionActions } from './CorrectionActions';
import { Comparison, CORRECTION_STATUS_LABEL, CorrectionStatusChip, dateText, Sender } from './CorrectionParts';
import { useDayText } from '../../components/display';

const STATUS_CHOICES = CORRECTION_STATUSES.map((id) => ({ id, name: CORRECTION_STATUS_LABEL[id] }));

const filters = [
  <SelectInput
    key="status"
    source="status"
    label={t('correctionsConsole.status')}
    choices={STATUS_CHOICES}
    validate={required()}
    alwaysOn
  />,
  <SelectInput
    key="gender"
    source="gender"
    label={t('correctionsConsole.section')}
    choices={GENDER_CHOICES}
    emptyText={t('correctionsConsole.allSections')}
    alwaysOn
  />,
];

function CorrectionCard({ correction: c }: { correction: CorrectionRecord }) {
  const dayText = useDayText();
  const grave = graveName({ gender: c.gender, number: c.graveNumber });
  const pending = c.status === 'pending';
  const gone = pending && c.current === null;
  const noChange = c.proposed.name === undefined && c.proposed.burialDate === undefined;
  // A pending one is compared with the register as it stands now; a decided one with what the family saw.
  const values = pending && c.current ? c.current : c.sentAgainst;
  const valuesLabel =
    pending && c.current ? t('correctionsConsole.nowColumn') : t('correctionsConsole.sentAgainstColumn');
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          <Link to={consolePaths.grave(c.graveId)} aria-label={t('correctionsConsole.graveOf', { grave })}>
            {grave}
          </Link>
        </Typography>
        <CorrectionStatusChip status={c.status} />
        {pending && c.burialChanged && c.current && (
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            label={t('correctionsConsole.changedBadge')}
            sx={{ fontWeight: 700, color: 'text.primary' }}
          />
        )}
      </Box>
      {gone && (
        <Alert severity="warning" role="note">
          {t('correctionsConsole.gone')}
        </Alert>
      )}
      <Comparison values={values} valuesLabel={valuesLabel} proposed={c.proposed} />
      {noChange && (
        <Typography variant="body2" color="text.secondary">
          {t('correctionsConsole.noteOnly')}
        </Typography>
      )}
      {c.proposed.note && (
        <CardField label={t('correctionsConsole.note')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {c.proposed.note}
          </Box>
        </CardField>
      )}
      <Sender name={c.senderName} phone={c.senderPhone} />
      <Typography variant="body2" color="text.secondary">
        {t('correctionsConsole.sentAt', { date: dayText(c.createdAt) })}
      </Typography>
      {!pending && <Decision correction={c} dayText={dayText} />}
      <CorrectionActions correction={c} />
    </>
  );
}

/** Who decided, when, what was written (applied) or why (rejected). */
function Decision({ correction: c, dayText }: { correction: CorrectionRecord; dayText: (at: string) => string }) {
  const when = c.decidedAt ? dayText(c.decidedAt) : null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, borderTop: 1, borderColor: 'divider', pt: 1 }}>
      {when && (
        <Typography variant="body2">
          {c.decidedBy
            ? t('correctionsConsole.decidedBy', { who: c.decidedBy, date: when })
            : t('correctionsConsole.decidedAt', { date: when })}
        </Typography>
      )}
      {c.status === 'applied' && c.applied && (
        <CardField label={t('correctionsConsole.written')}>
          {c.applied.name} — {dateText(c.applied.burialDate)}
        </CardField>
      )}
      {c.status === 'rejected' && c.reason && (
        <CardField label={t('correctionsConsole.reason')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {c.reason}
          </Box>
        </CardField>
      )}
    </Box>
  );
}

export function CorrectionList() {
  return (
    <List
      title={t('correctionsConsole.heading')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      exporter={false}
      actions={<TopToolbar />}
      empty={false}
    >
      <CardList<CorrectionRecord> label={t('correctionsConsole.listLabel')}>
        {(c) => <CorrectionCard correction={c} />}
      </CardList>
    </List>
  );
}
