// Spec screen 12 (/admin/graves/:id/bury): record a burial. The heading's number comes from navigation state,
// else from the API; 'غير معروف' only when both fail. Green success clears the fields; red failure keeps them.
import { serverReason } from '../../../api/errorMessage';
import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, Title } from 'react-admin';
import { Link, useLocation, useParams } from 'react-router';
import { t } from '../../../domain/messages';
import { graveName, graveNumberInSection, type NamedGrave } from '../../../domain/text/graveLifeText';
import { isGender } from '../../../domain/rules/validation';
import { consolePaths } from '../../../domain/paths/consolePaths';
import type { BurialInput } from '../../../dataProvider';
import { RequireAccess } from '../../layout/RequireAccess';
import { useBury, useGraveForHeading, useRegisterToday } from '../../queries';
import { BurialDateInput, BurialNameInput } from './burialInputs';

export function BuryPage() {
  return (
    <RequireAccess resource="burials" action="create">
      <BuryForm />
    </RequireAccess>
  );
}

/** The grave's number with its section («١٢ — رجال»: numbers repeat across sections), or null while it is read. */
function useGraveNumber(id: string): { text: string; grave: NamedGrave | null } | null {
  const location = useLocation();
  const state = location.state as Partial<NamedGrave> | null;
  const gender = state?.gender;
  const stateNumber = state?.number;
  const fromState =
    isGender(gender) && stateNumber !== undefined && stateNumber !== null && stateNumber !== ''
      ? { gender, number: stateNumber }
      : null;
  const { data, error, isPending } = useGraveForHeading(id, fromState === null);
  const grave = fromState ?? (data ? { gender: data.gender, number: data.number } : null);
  if (grave) return { text: graveNumberInSection(grave), grave };
  if (error || !isPending) return { text: t('burial.unknownNumber'), grave: null };
  return null;
}

const EMPTY: BurialInput = { name: '', burialDate: '' };

function BuryForm() {
  const { id = '' } = useParams<{ id: string }>();
  const number = useGraveNumber(id);
  const today = useRegisterToday();
  // A new form after each success: its fields start empty again.
  const [formKey, setFormKey] = useState(0);
  const [success, setSuccess] = useState<{ message: string; warnings: string[] } | null>(null);
  const [failure, setFailure] = useState<{ message: string; reason: string | null } | null>(null);
  const { bury, isPending } = useBury(id, {
    onSuccess: ({ warnings }) => {
      setFailure(null);
      // Saved, with the history rule's warnings when the date lies in another burial's resting period.
      setSuccess({
        message: number?.grave ? t('burial.successIn', { grave: graveName(number.grave) }) : t('burial.success'),
        warnings,
      });
      setFormKey((k) => k + 1);
    },
    onError: (error) => {
      setSuccess(null);
      // The server's own reason (e.g. the grave is full or resting) is shown under the general message.
      const reason = error.status >= 400 && error.status < 500 ? serverReason(error) : null;
      setFailure({ message: t('burial.error'), reason });
    },
  });
  const heading = t('burial.heading', { number: number?.text ?? t('common.loading') });
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={heading} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        {/* noValidate: the server, not the browser, refuses a date after today (its message is the one shown). */}
        <Form<BurialInput>
          key={formKey}
          noValidate
          defaultValues={EMPTY}
          onSubmit={(values: Partial<BurialInput>) =>
            bury({ name: (values.name ?? '').trim(), burialDate: values.burialDate ?? '' })
          }
        >
          <Stack spacing={2}>
            <BurialNameInput />
            {/* A new date replaces the server's last refusal: the field's own reason is then the only one shown. */}
            <BurialDateInput latest={today} onTyped={() => setFailure(null)} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={isPending}>
                {t('burial.save')}
              </Button>
              <Button component={Link} to={consolePaths.grave(id)}>
                {t('common.back')}
              </Button>
            </Stack>
            {success && (
              <Alert severity={success.warnings.length > 0 ? 'warning' : 'success'} role="status">
                {success.message}
                {success.warnings.map((warning) => (
                  <Typography key={warning} variant="body2" sx={{ mt: 1 }}>
                    {warning}
                  </Typography>
                ))}
              </Alert>
            )}
            {failure && (
              <Alert severity="error" role="alert">
                {failure.message}
                {failure.reason && failure.reason !== failure.message && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {failure.reason}
                  </Typography>
                )}
              </Alert>
            )}
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
