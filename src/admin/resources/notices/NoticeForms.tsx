// A death notice published from a phone in under a minute. The name first and focused; the prayer's day
// (today, or tomorrow after the evening's last prayer), a chip per prayer that writes «عقب صلاة …» and its time
// (remembered from the last notice naming it), the mosque with earlier mosques suggested; condolences, the last day on
// the home page (the API's default shown), the hidden switch, and a grave when known. A refusal keeps what was
// typed and shows the API's Arabic reason under its field.
import { serverMessage } from '../../../api/errorMessage';
import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useEditContext,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { defaultEndsAt } from '../../../domain/notices/noticeRules';
import { formatBurialDate } from '../../../domain/dates/dateText';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { fieldRefusal, type NoticeRecord } from '../../../dataProvider';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { addDays, isIsoDate, keepHijriMark } from '../../components/calendarDates';
import { LoadError, QUIET_ERRORS } from '../../components/LoadError';
import { followsTextRules } from '../../components/textRules';
import { useRegisterSettings, useRegisterToday } from '../../queries';
import { filled, MosqueInput, PrayerChips, PrayerTimeInput } from './noticeInputs';
import { CondolencesInput } from './CondolencesInput';
import { GraveInput } from './GraveInput';
import { afterPrayerWords, nextPrayer, rememberFrom, type Remembered } from './prayerDefaults';
import { byNoticeRule } from './noticeValidation';

/** The last notices, newest prayer first: what the form remembers (times and mosques). */
function useRemembered(): { remembered: Remembered; isPending: boolean } {
  const { data, isPending } = useGetList<NoticeRecord>(
    'notices',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'prayerAt', order: 'DESC' }, filter: {} },
    { retry: false, staleTime: 60_000 },
  );
  return { remembered: rememberFrom(data ?? []), isPending };
}

/** Under the last day on the home page: the day the API takes when it is left empty (its rule: prayer's day + 3). */
function EndsAtDefault() {
  const day = useWatch({ name: 'prayerDay' });
  const endsAt = useWatch({ name: 'endsAt' });
  if (!isIsoDate(day) || isIsoDate(endsAt)) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
      {t('noticesConsole.endsAtDefault', {
        date: keepHijriMark(formatBurialDate(defaultEndsAt(`${day}T00:00`))),
      })}
    </Typography>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1} sx={{ width: '100%' }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function NoticeFields({ remembered }: { remembered: Remembered }) {
  const today = useRegisterToday();
  const { timeZone } = useRegisterSettings();
  // On the edit page, the stored notice the change is merged into; on the create page, none.
  const record = useRecordContext<NoticeRecord>();
  const rule = (field: string) => byNoticeRule(field, { record: record?.prayerAt ? record : undefined, timeZone });
  // A notice is published ahead of the prayer; its days may lie a year on, never further.
  const latest = addDays(today, 366);
  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput
        source="name"
        label={t('noticesConsole.name')}
        validate={[filled, followsTextRules(TEXT_FIELDS.burialName), rule('name')]}
        autoFocus
        helperText={false}
      />
      <TextInput
        source="relations"
        label={t('noticesConsole.relations')}
        helperText={t('noticesConsole.relationsHint')}
        validate={[followsTextRules(TEXT_FIELDS.noticeRelations), rule('relations')]}
      />
      <Section title={t('noticesConsole.prayerHeading')}>
        <ArabicDateInput
          source="prayerDay"
          label={t('noticesConsole.prayerDay')}
          validate={[filled, rule('prayerDay')]}
          latest={latest}
        />
        <PrayerChips remembered={remembered} />
        <PrayerTimeInput />
        <TextInput
          source="afterPrayer"
          label={t('noticesConsole.afterPrayerField')}
          helperText={t('noticesConsole.afterPrayerHint')}
          validate={[followsTextRules(TEXT_FIELDS.noticeAfterPrayer), rule('afterPrayer')]}
        />
        <MosqueInput mosques={remembered.mosques} validate={rule('mosque')} />
      </Section>
      <CondolencesInput latest={latest} />
      <Section title={t('noticesConsole.endsAt')}>
        <ArabicDateInput source="endsAt" label={t('noticesConsole.endsAt')} latest={latest} validate={rule('endsAt')} />
        <EndsAtDefault />
      </Section>
      <BooleanInput source="hidden" label={t('noticesConsole.hidden')} helperText={t('noticesConsole.hiddenHint')} />
      <Section title={t('noticesConsole.grave')}>
        <GraveInput />
      </Section>
    </Stack>
  );
}

/** The save's refusal: under its field when it names one, else the API's message. */
function useRefusal() {
  const notify = useNotify();
  return (error: unknown) => {
    if (fieldRefusal(error)) return;
    notify(serverMessage(error, 'noticesConsole.saveError'), { type: 'error' });
  };
}

const messageOf = (data: unknown, fallback: string) =>
  data !== null && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message
    ? data.message
    : fallback;

export function NoticeCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const refused = useRefusal();
  const { timeZone } = useRegisterSettings();
  const { remembered, isPending } = useRemembered();
  const next = nextPrayer(remembered, timeZone);
  return (
    <Create<NoticeRecord>
      title={t('noticesConsole.newHeading')}
      mutationOptions={{
        onSuccess: (data) => {
          notify(messageOf(data, t('noticesConsole.published')), { type: 'success' });
          redirect('list', 'notices');
        },
        onError: refused,
      }}
    >
      {isPending ? (
        <Typography role="status" sx={{ p: 2 }}>
          {t('common.loading')}
        </Typography>
      ) : (
        <SimpleForm
          disableInvalidFormNotification
          defaultValues={{
            prayerDay: next.day,
            prayerTime: next.time,
            afterPrayer: afterPrayerWords(next.prayer),
            mosque: remembered.mosques[0] ?? '',
            condolences: [],
            hidden: false,
          }}
          toolbar={
            <Toolbar>
              <SaveButton label={t('noticesConsole.publish')} alwaysEnable />
            </Toolbar>
          }
        >
          <NoticeFields remembered={remembered} />
        </SimpleForm>
      )}
    </Create>
  );
}

function NoticeTitle() {
  const name = useRecordContext<NoticeRecord>()?.name?.trim();
  return <>{name ? t('noticesConsole.editHeading', { name }) : t('noticesConsole.newHeading')}</>;
}

function EditLoadError() {
  const { error, refetch } = useEditContext<NoticeRecord>();
  return <LoadError error={error} onRetry={() => void refetch()} fallback={t('admin.recordLoadError')} />;
}

export function NoticeEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const refused = useRefusal();
  const { remembered } = useRemembered();
  return (
    <Edit<NoticeRecord>
      title={<NoticeTitle />}
      error={<EditLoadError />}
      redirectOnError={false}
      queryOptions={QUIET_ERRORS}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data) => {
          notify(messageOf(data, t('noticesConsole.saved')), { type: 'success' });
          redirect('list', 'notices');
        },
        onError: refused,
      }}
    >
      <SimpleForm
        disableInvalidFormNotification
        toolbar={
          <Toolbar>
            <SaveButton label={t('noticesConsole.save')} />
          </Toolbar>
        }
      >
        <NoticeFields remembered={remembered} />
      </SimpleForm>
    </Edit>
  );
}
