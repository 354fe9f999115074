// Spec screen 10: the grave's burials with delete (behind a confirm, the row leaves after the server's OK),
// edit of a burial's name or date (the API's PUT), and 'دفن شخص' when the bury rule allows it.
import { serverMessage } from '../../../api/errorMessage';
import { consoleBurialDate } from '../../components/calendarDates';
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PrintIcon from '@mui/icons-material/Print';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  Form,
  FormDataConsumer,
  ShowBase,
  Title,
  useCanAccess,
  useGetList,
  useNotify,
  useShowContext,
} from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { t } from '../../../domain/messages';
import { formatGraveNumber } from '../../../domain/text/format';
import { canBury } from '../../../domain/rules/graveStatus';
import { consolePaths } from '../../../domain/paths/consolePaths';
import { publicPaths } from '../../../domain/paths/publicPaths';
import { LoadError, QUIET_ERRORS } from '../../components/LoadError';
import type { BurialInput, BuriedPersonRecord, GraveRecord } from '../../../dataProvider';
import { useRegisterToday, useRemoveBurial, useUpdateBurial } from '../../queries';
import { BurialDateInput, BurialNameInput } from './burialInputs';
import { GENDER_LABEL, StatusChip } from './labels';
import { GraveLifeActions } from './GraveLifeActions';
import { GravePosition } from './GravePosition';
import { GraveWarnings } from './GraveWarnings';
import { GravePhotos } from './GravePhotos';
import { movedToText } from '../../../domain/text/graveLifeText';
import { movedFromText } from '../../../domain/rules/graveMoves';
import type { AuditEntry } from '../../../domain/types';
import { UNDO_DAYS, UNDOABLE_ACTIONS, UndoButton } from '../audit/UndoButton';

export function graveTitle(number: number | string | null | undefined): string {
  const base = t('grave.detailsTitle');
  return number === null || number === undefined || number === ''
    ? base
    : `${base} ${t('grave.detailsNumber', { n: formatGraveNumber(number) })}`;
}

export function GraveShow() {
  return (
    // A failed read keeps the clerk on the grave's page with the reason and a retry: react-admin's default sends
    // the browser back to the list with 'not found', even when only the connection failed.
    <ShowBase redirectOnError={false} queryOptions={QUIET_ERRORS}>
      <GraveDetails />
    </ShowBase>
  );
}

function GraveDetails() {
  const { record, isPending, error, refetch } = useShowContext<GraveRecord>();
  const navigate = useNavigate();
  const today = useRegisterToday();
  const retry = () => void refetch();
  if (error && !record) {
    return (
      <LoadError error={error} onRetry={retry} fallback={t('admin.recordLoadError')} title={t('grave.detailsTitle')} />
    );
  }
  if (isPending || !record) {
    return (
      <Box sx={{ p: 3 }}>
        <Title title={t('grave.detailsTitle')} />
        <Typography role="status">{t('common.loading')}</Typography>
      </Box>
    );
  }
  const title = graveTitle(record.number);
  const showBury = canBury(
    { gender: record.gender, status: record.status, lastBurialDate: record.buriedPersons[0]?.burialDate ?? null },
    today,
  );
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      {/* Read again and failed: what is shown is the last answer, and the page says so. */}
      {error && <LoadError error={error} onRetry={retry} fallback={t('admin.staleRecord')} />}
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography component="h1" variant="h5">
            {title}
          </Typography>
          <StatusChip status={record.status} />
          <Typography>{GENDER_LABEL[record.gender]}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button href={publicPaths.grave.href(String(record.id))}>{t('admin.viewGrave')}</Button>
          {/* This grave's plate alone, on the plate sheets page. */}
          <Button
            component={Link}
            to={consolePaths.plateSheets({ ids: [String(record.id)] })}
            startIcon={<PrintIcon />}
          >
            {t('plateSheets.printOne')}
          </Button>
          <GraveLifeActions grave={record} />
          {showBury && (
            <Button
              variant="contained"
              onClick={() =>
                navigate(consolePaths.bury(record.id), { state: { number: record.number, gender: record.gender } })
              }
            >
              {t('grave.buryButton')}
            </Button>
          )}
        </Stack>
        {record.buriedPersons.length === 0 ? (
          <Typography>
            {record.moved && record.moved.length > 0 ? t('transfer.emptiedPublic') : t('grave.empty')}
          </Typography>
        ) : (
          <BuriedTable grave={record} />
        )}
        <GraveWarnings graveId={String(record.id)} />
        <GravePosition key={`${record.position?.latitude},${record.position?.longitude}`} grave={record} />
        <GravePhotos grave={record} />
        <UndoableHistory grave={record} />
        {record.moved && record.moved.length > 0 && (
          <Box component="section" sx={{ mt: 3 }} aria-labelledby="moved-heading">
            <Typography id="moved-heading" component="h2" variant="h6">
              {t('transfer.movedHeading')}
            </Typography>
            <ul>
              {record.moved.map((person) => (
                <li key={person._id}>
                  <strong>{person.name}</strong> {person.transferredTo && movedToText(person.transferredTo)}
                </li>
              ))}
            </ul>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * In the grave's history, the manager's undo of its recent transfers to the ossuary and deletions (30 days;
 * the audit entries that name this grave). Shown only to who may undo, and only when there is something to undo.
 */
function UndoableHistory({ grave }: { grave: GraveRecord }) {
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

function BuriedTable({ grave }: { grave: GraveRecord }) {
  const [deleting, setDeleting] = useState<BuriedPersonRecord | null>(null);
  const [editing, setEditing] = useState<BuriedPersonRecord | null>(null);
  const { canAccess: mayDelete } = useCanAccess({ resource: 'burials', action: 'delete' });
  const notify = useNotify();
  const remove = useRemoveBurial(grave.id, {
    onSuccess: (answer) => notify(answer.message, { type: 'success' }),
    onError: (error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
  });
  return (
    <>
      <Table size="small" aria-label={t('grave.detailsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('burial.name')}</TableCell>
            <TableCell>{t('burial.date')}</TableCell>
            <TableCell>{t('burial.operations')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grave.buriedPersons.map((person) => (
            <TableRow key={person.id}>
              <TableCell>
                {person.name}
                {person.transferredFrom && (
                  <Typography variant="body2" color="text.secondary">
                    {movedFromText(person.transferredFrom)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{consoleBurialDate(person.burialDate, person.datePrecision)}</TableCell>
              <TableCell>
                <IconButton aria-label={`${t('admin.edit')}: ${person.name}`} onClick={() => setEditing(person)}>
                  <EditIcon />
                </IconButton>
                {mayDelete && (
                  <IconButton
                    color="error"
                    aria-label={`${t('burial.delete')}: ${person.name}`}
                    onClick={() => setDeleting(person)}
                    disabled={remove.isPending}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={t('burial.delete')}
        content={
          // The spec's question, then who and which grave: grave numbers repeat across sections.
          <Stack spacing={1}>
            <span>{t('burial.confirmDelete')}</span>
            <strong>{deleting?.name}</strong>
            <span>
              {t('burial.deletePlace', {
                number: formatGraveNumber(grave.number),
                section: GENDER_LABEL[grave.gender],
              })}
            </span>
          </Stack>
        }
        confirm={t('burial.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
      {editing && <EditBurialDialog grave={grave} person={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function EditBurialDialog({
  grave,
  person,
  onClose,
}: {
  grave: GraveRecord;
  person: BuriedPersonRecord;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useUpdateBurial(grave.id, {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      onClose();
    },
  });
  const defaultValues: BurialInput = { name: person.name, burialDate: person.burialDate };
  return (
    // Full width up to `sm`: on a phone the dialog takes the screen's width, never more.
    <Dialog open onClose={onClose} aria-labelledby="edit-burial-title" fullWidth maxWidth="sm">
      <Form<BurialInput>
        noValidate
        defaultValues={defaultValues}
        onSubmit={(values: Partial<BurialInput>) =>
          save.mutate({
            personId: person.id,
            changes: { name: (values.name ?? '').trim(), burialDate: values.burialDate ?? '' },
          })
        }
      >
        <DialogTitle id="edit-burial-title">{t('admin.editBurial')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <BurialNameInput />
            <BurialDateInput />
            {save.error && <Alert severity="error">{serverMessage(save.error, 'admin.errorGeneric')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SaveBurialButton saving={save.isPending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** Save stays disabled while a field is blank or the change is on its way (the form's checks also hold Enter). */
function SaveBurialButton({ saving }: { saving: boolean }) {
  return (
    <FormDataConsumer<BurialInput>>
      {({ formData }) => (
        <Button
          type="submit"
          variant="contained"
          disabled={saving || !formData.name || formData.name.trim() === '' || !formData.burialDate}
        >
          {t('burial.save')}
        </Button>
      )}
    </FormDataConsumer>
  );
}
