// Spec screen 12 (/admin/graves/:id/bury): record a burial. The heading's number comes from navigation state,
// else from the API; 'غير معروف' only when both fail. Green success clears the fields; red failure clears it.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useRefresh } from 'react-admin';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import { formatGraveNumber } from '../../../domain/format';
import { consolePaths } from '../../../domain/consolePaths';
import type { CemeteryDataProvider, GraveRecord } from '../../../dataProvider';
import { RequireAccess } from '../../layout/RequireAccess';
import { registerToday } from './today';

export function BuryPage() {
  return (
    <RequireAccess resource="burials" action="create">
      <BuryForm />
    </RequireAccess>
  );
}

function useGraveNumber(id: string): string | null {
  const location = useLocation();
  const fromState = (location.state as { number?: number | string } | null)?.number;
  const hasState = fromState !== undefined && fromState !== null && fromState !== '';
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  // Its own query, not useGetOne('graves'): a failed read left under that shared key made the grave's page (opened
  // by 'رجوع' after the burial was saved) take the cached error for 'not found' and leave for the list.
  const { data, error, isPending } = useQuery({
    queryKey: ['graves', 'buryHeading', id],
    queryFn: async () => (await dataProvider.getOne<GraveRecord>('graves', { id })).data,
    enabled: !hasState,
    retry: false,
  });
  if (hasState) return formatGraveNumber(fromState);
  if (data) return formatGraveNumber(data.number);
  if (error || !isPending) return t('burial.unknownNumber');
  return null;
}

function BuryForm() {
  const { id = '' } = useParams<{ id: string }>();
  const number = useGraveNumber(id);
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [burialDate, setBurialDate] = useState('');
  const [touched, setTouched] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; reason: string | null } | null>(null);
  const bury = useMutation({
    mutationFn: () => dataProvider.bury(id, { name: name.trim(), burialDate }),
    onSuccess: () => {
      // The grave's page kept from before now has the wrong burials and status: drop it, so 'رجوع' reads it
      // afresh instead of offering the bury button of a grave that is now resting; the lists read again too.
      queryClient.removeQueries({ queryKey: ['graves', 'getOne', { id: String(id) }] });
      refresh();
      setFailure(null);
      setSuccess(t('burial.success'));
      setName('');
      setBurialDate('');
      setTouched(false);
    },
    onError: (error: Error & { status?: number }) => {
      setSuccess(null);
      // The server's own reason (e.g. the grave is full or resting) is shown under the general message.
      const reason = error.status && error.status >= 400 && error.status < 500 ? error.message : null;
      setFailure({ message: t('burial.error'), reason });
    },
  });
  const heading = t('burial.heading', { number: number ?? t('common.loading') });
  const nameMissing = touched && name.trim() === '';
  const dateMissing = touched && burialDate === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === '' || burialDate === '') return;
    bury.mutate();
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={heading} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              id="bury-name"
              label={t('burial.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={nameMissing}
              helperText={nameMissing ? t('common.required') : ' '}
            />
            <TextField
              id="bury-date"
              label={t('burial.date')}
              type="date"
              value={burialDate}
              onChange={(e) => setBurialDate(e.target.value)}
              required
              error={dateMissing}
              helperText={dateMissing ? t('common.required') : ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: registerToday() } }}
            />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={bury.isPending}>
                {t('burial.save')}
              </Button>
              <Button component={Link} to={consolePaths.grave(id)}>
                {t('common.back')}
              </Button>
            </Stack>
            {success && (
              <Alert severity="success" role="status">
                {success}
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
        </Box>
      </CardContent>
    </Card>
  );
}
