// Every notice (showing on the home page, past, hidden), newest prayer first, with a name search and a
// state filter; cards on a phone, a table on a wide screen. Each shows the name, the prayer (its day in both
// calendars, its time, its mosque) and its state, with edit, hide or show again, delete (behind a confirmation) and,
// when no burial is linked yet, recording the burial.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Box, Button, Chip, IconButton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useDelete,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../../domain/messages';
import { formatBurialDate } from '../../../domain/dates/dateText';
import { isNoticeCurrent } from '../../../domain/notices/noticeRules';
import { graveName } from '../../../domain/text/graveLifeText';
import { publicPaths } from '../../../domain/paths/publicPaths';
import type { NoticeRecord } from '../../../dataProvider';
import { ListPagination } from '../../components/ListPagination';
import { CardActions, CardList, CreateLink, useSmallScreen } from '../../components/CardList';
import { keepHijriMark } from '../../components/calendarDates';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { useRegisterToday } from '../../queries';
import { BuryFromNoticeButton } from './BuryFromNotice';
import { spokenTime } from './prayerDefaults';

export const NOTICE_STATES = ['current', 'past', 'hidden'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** Hidden at the family's request; else on the home page until its last day (the API's rule), then past. */
export function noticeState(notice: Pick<NoticeRecord, 'hidden' | 'endsAt'>, today: string): NoticeState {
  if (notice.hidden) return 'hidden';
  return isNoticeCurrent(notice, today) ? 'current' : 'past';
}

const STATE_CHOICES = NOTICE_STATES.map((state) => ({ id: state, name: t(`noticesConsole.state.${state}`) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder={t('noticesConsole.search')} />,
  // The API's filter is named `status` (current, past, hidden).
  <SelectInput key="status" source="status" label={t('noticesConsole.state')} choices={STATE_CHOICES} alwaysOn />,
];

function StateChip() {
  const notice = useRecordContext<NoticeRecord>();
  const today = useRegisterToday();
  if (!notice) return null;
  const state = noticeState(notice, today);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`noticesConsole.state.${state}`)}
      color={state === 'current' ? 'success' : 'default'}
      sx={{ fontWeight: 700, color: state === 'current' ? 'success.dark' : 'text.primary' }}
    />
  );
}

/** «صلاة الجنازة ١٥ مارس ٢٠٢٦م الموافق … الساعة ٣:٣٠ م», the words after which prayer, the mosque. */
function PrayerLines() {
  const notice = useRecordContext<NoticeRecord>();
  if (!notice) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="body2">
        {t('noticesConsole.prayerLine', {
          day: keepHijriMark(formatBurialDate(notice.prayerDay)),
          time: spokenTime(notice.prayerTime),
        })}
        {notice.afterPrayer ? ` (${notice.afterPrayer})` : ''}
      </Typography>
      <Typography variant="body2">{t('noticesConsole.mosqueLine', { mosque: notice.mosque })}</Typography>
    </Box>
  );
}

function GraveLine() {
  const notice = useRecordContext<NoticeRecord>();
  if (!notice) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {notice.grave
        ? t('noticesConsole.graveLine', { grave: graveName(notice.grave) })
        : t('noticesConsole.noBurialYet')}
    </Typography>
  );
}

function NameLink() {
  const notice = useRecordContext<NoticeRecord>();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'edit' });
  if (!notice) return null;
  if (!canAccess) return <>{notice.name}</>;
  return <Link to={createPath({ resource: 'notices', id: notice.id, type: 'edit' })}>{notice.name}</Link>;
}

function EditNoticeButton() {
  const notice = useRecordContext<NoticeRecord>();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'edit' });
  if (!notice || !canAccess) return null;
  return (
    <IconButton
      component={Link}
      to={createPath({ resource: 'notices', id: notice.id, type: 'edit' })}
      aria-label={t('noticesConsole.editOf', { name: notice.name })}
    >
      <EditIcon />
    </IconButton>
  );
}

/** Hides the notice from the public at once (the family's request), or shows it again. */
function HideButton() {
  const notice = useRecordContext<NoticeRecord>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'edit' });
  const [update, { isPending }] = useUpdate<NoticeRecord>();
  if (!notice || !canAccess) return null;
  const hide = !notice.hidden;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={isPending}
      aria-label={t(hide ? 'noticesConsole.hideOf' : 'noticesConsole.unhideOf', { name: notice.name })}
      onClick={() =>
        update(
          'notices',
          { id: notice.id, data: { hidden: hide }, previousData: notice },
          {
            mutationMode: 'pessimistic',
            onSuccess: () =>
              notify(t(hide ? 'noticesConsole.hiddenDone' : 'noticesConsole.shownDone'), { type: 'success' }),
            onError: (error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
          },
        )
      }
    >
      {t(hide ? 'noticesConsole.hide' : 'noticesConsole.unhide')}
    </Button>
  );
}

function DeleteNoticeButton() {
  const notice = useRecordContext<NoticeRecord>();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'delete' });
  const [remove, { isPending }] = useDelete<NoticeRecord>();
  if (!notice || !canAccess) return null;
  return (
    <>
      <IconButton
        color="error"
        aria-label={t('noticesConsole.deleteOf', { name: notice.name })}
        onClick={() => setOpen(true)}
        disabled={isPending}
      >
        <DeleteIcon />
      </IconButton>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t('noticesConsole.deleteOf', { name: notice.name })}
        content={t('noticesConsole.confirmDelete')}
        confirm={t('noticesConsole.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          setOpen(false);
          remove(
            'notices',
            { id: notice.id, previousData: notice },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify(t('noticesConsole.deleted'), { type: 'success' }),
              onError: (error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
            },
          );
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function PublicLink() {
  const notice = useRecordContext<NoticeRecord>();
  if (!notice || notice.hidden) return null;
  return (
    <Button size="small" href={publicPaths.notice.href(notice.id)}>
      {t('noticesConsole.viewPublic')}
    </Button>
  );
}

function Actions() {
  return (
    <CardActions>
      <EditNoticeButton />
      <HideButton />
      <BuryFromNoticeButton />
      <PublicLink />
      <DeleteNoticeButton />
    </CardActions>
  );
}

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography sx={{ mb: 2 }}>{t('noticesConsole.none')}</Typography>
      <AddNoticeButton />
    </Box>
  );
}

function AddNoticeButton() {
  const { canAccess } = useCanAccess({ resource: 'notices', action: 'create' });
  return canAccess ? <CreateLink resource="notices" label={t('noticesConsole.add')} /> : null;
}

export function NoticeList() {
  const small = useSmallScreen();
  return (
    <List
      title={t('noticesConsole.heading')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      actions={
        <TopToolbar>
          <AddNoticeButton />
        </TopToolbar>
      }
      filters={filters}
      sort={{ field: 'prayerAt', order: 'DESC' }}
      pagination={<ListPagination />}
      exporter={false}
      empty={<Empty />}
    >
      {small ? (
        <CardList<NoticeRecord> label={t('noticesConsole.heading')}>
          {(notice) => (
            <>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, minWidth: 0 }}>
                  <NameLink />
                </Typography>
                <StateChip />
              </Box>
              {notice.relations && (
                <Typography variant="body2" color="text.secondary">
                  {notice.relations}
                </Typography>
              )}
              <PrayerLines />
              <GraveLine />
              <Actions />
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField source="name" label={t('noticesConsole.name')} render={() => <NameLink />} />
          <FunctionField source="prayerAt" label={t('noticesConsole.prayerHeading')} render={() => <PrayerLines />} />
          <FunctionField label={t('noticesConsole.state')} render={() => <StateChip />} />
          <FunctionField label={t('noticesConsole.grave')} render={() => <GraveLine />} />
          <FunctionField label={t('burial.operations')} render={() => <Actions />} />
        </Datagrid>
      )}
    </List>
  );
}
