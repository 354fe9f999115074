// Where a grave is: typed, or read by the phone of a clerk standing at the grave ("استخدام موقعي الآن").
// The public grave page then offers directions (a geo: link that opens the phone's maps app).
import { serverMessage } from '../../../api/errorMessage';
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import { checkPosition } from '../../../domain/rules/validation';
import type { CemeteryDataProvider, GraveRecord } from '../../../dataProvider';

export function GravePosition({ grave }: { grave: GraveRecord }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [latitude, setLatitude] = useState(grave.position ? String(grave.position.latitude) : '');
  const [longitude, setLongitude] = useState(grave.position ? String(grave.position.longitude) : '');
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checked = checkPosition(latitude, longitude);
  const save = useMutation({
    mutationFn: () =>
      dataProvider.setGravePosition(grave.id, { latitude: latitude || null, longitude: longitude || null }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => setProblem(serverMessage(error, 'admin.errorGeneric')),
  });
  const useMine = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(t('position.unavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setLocating(false);
        setLatitude(found.coords.latitude.toFixed(7));
        setLongitude(found.coords.longitude.toFixed(7));
      },
      () => {
        setLocating(false);
        setProblem(t('position.unavailable'));
      },
      { enableHighAccuracy: true, timeout: 20_000 },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) return;
    setProblem(null);
    save.mutate();
  };
  return (
    <Box component="section" aria-labelledby="position-heading" sx={{ mt: 3 }}>
      <Typography id="position-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('position.title')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id="position-latitude"
            label={t('position.latitude')}
            value={latitude}
            onChange={(e) => setLatitude(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            error={!checked.ok}
          />
          <TextField
            id="position-longitude"
            label={t('position.longitude')}
            value={longitude}
            onChange={(e) => setLongitude(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            error={!checked.ok}
            helperText={checked.ok ? ' ' : t(checked.error)}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<MyLocationIcon />} onClick={useMine} disabled={locating} sx={{ minHeight: 44 }}>
            {locating ? t('position.locating') : t('position.useMine')}
          </Button>
          <Button type="submit" variant="contained" disabled={!checked.ok || save.isPending} sx={{ minHeight: 44 }}>
            {t('position.save')}
          </Button>
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
