// Spec screen 6: a status filter (default pending) as a react-admin list filter; approve and reject on pending only.
import { serverMessage } from '../../../api/errorMessage';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  required,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import { toArabicDigits } from '../../../domain/text/format';
import type { SuggestionStatus } from '../../../domain/types';
import type { CemeteryDataProvider, SuggestionRecord } from '../../../dataProvider';
import { ListPagination } from '../../components/ListPagination';
import { CardActions, CardField, CardList, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';

export const SUGGESTION_LABEL: Record<SuggestionStatus, string> = {
  pending: t('suggestion.pending'),
  approved: t('suggestion.approved'),
  rejected: t('suggestion.rejected'),
};

const STATUS_CHOICES = (Object.keys(SUGGESTION_LABEL) as SuggestionStatus[]).map((id) => ({
  id,
  name: SUGGESTION_LABEL[id],
}));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={t('grave.status')}
    choices={STATUS_CHOICES}
    validate={required()}
    alwaysOn
  />,
];

function ModerationButtons() {
  const record = useRecordContext<SuggestionRecord>();
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: (status: SuggestionStatus) => dataProvider.setSuggestionStatus(record!.id, status),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(serverMessage(error, 'suggestion.updateError'), { type: 'error' }),
  });
  if (!record || record.status !== 'pending') return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="contained" color="success" disabled={isPending} onClick={() => mutate('approved')}>
        {t('suggestion.approve')}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={isPending} onClick={() => mutate('rejected')}>
        {t('suggestion.reject')}
      </Button>
    </Stack>
  );
}

const CREATED_AT = new Intl.DateTimeFormat('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' });

function StatusChip({ status }: { status: SuggestionStatus }) {
  return <Chip size="small" variant="outlined" label={SUGGESTION_LABEL[status]} />;
}

export function SuggestionList() {
  const small = useSmallScreen();
  return (
    <List
      title={t('nav.suggestions')}
      // Spec section 8: the list's own words when it cannot be read ('حدث خطأ أثناء جلب الاقتراحات حسب الحالة').
      error={<ListLoadError fallback={t('suggestion.fetchError')} />}
      queryOptions={QUIET_ERRORS}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      exporter={false}
      actions={<TopToolbar />}
    >
      {small ? (
        <CardList<SuggestionRecord> label={t('nav.suggestions')}>
          {(s) => (
            <>
              {/* The whole text, as written: the committee decides on what it reads. */}
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{s.text}</Typography>
              <CardField label={t('suggestion.submittedBy')}>{s.name}</CardField>
              {s.phone && (
                <CardField label={t('suggest.phone')}>
                  <bdi dir="ltr">{toArabicDigits(s.phone)}</bdi>
                </CardField>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <StatusChip status={s.status} />
                {s.createdAt && (
                  <Typography variant="body2" color="text.secondary">
                    {CREATED_AT.format(new Date(s.createdAt))}
                  </Typography>
                )}
              </Box>
              <CardActions>
                <ModerationButtons />
              </CardActions>
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="text" sortable={false} />
          <TextField source="name" label={t('suggestion.submittedBy')} />
          <FunctionField<SuggestionRecord>
            source="phone"
            sortable={false}
            // In ar-EG digits like every number shown; left to right, as a phone number is read out.
            render={(s) => <bdi dir="ltr">{toArabicDigits(s.phone ?? '')}</bdi>}
          />
          <FunctionField<SuggestionRecord>
            source="status"
            label={t('grave.status')}
            sortable={false}
            render={(s) => <StatusChip status={s.status} />}
          />
          <DateField source="createdAt" locales="ar-EG" options={{ year: 'numeric', month: 'long', day: 'numeric' }} />
          <FunctionField label={t('burial.operations')} render={() => <ModerationButtons />} />
        </Datagrid>
      )}
    </List>
  );
}
