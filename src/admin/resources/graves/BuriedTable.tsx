// A grave's burials on its console page: each with its edit (the API's PUT, in a dialog) and its delete (behind a
// confirm, the row leaves after the server's OK).
import { useState } from 'react';
import {
  Alert,
  Button,
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
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, Form, FormDataConsumer, useCanAccess, useNotify } from 'react-admin';
import { serverMessage } from '../../../api/errorMessage';
import { t } from '../../../domain/messages';
import { formatGraveNumber } from '../../../domain/text/format';
import { movedFromText } from '../../../domain/rules/graveMoves';
import type { BurialInput, BuriedPersonRecord, GraveRecord } from '../../../dataProvider';
import { consoleBurialDate } from '../../components/calendarDates';
import { useRemoveBurial, useUpdateBurial } from '../../queries';
import { BurialDateInput, BurialNameInput } from './burialInputs';
import { GENDER_LABEL } from './labels';

export function BuriedTable({ grave }: { grave: GraveRecord }) {
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
