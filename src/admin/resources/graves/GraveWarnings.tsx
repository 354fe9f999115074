// The warnings stored with a grave's burials (a burial saved inside another's resting period): the staff's
// alone, read from their own route (GET /api/graves/{id}/warnings), never part of the grave's public answer.
import { consoleBurialDate } from '../../components/calendarDates';
import { Alert, Box, Typography } from '@mui/material';
import { useGraveWarnings } from '../../queries/graves';
import { t } from '../../../domain/messages';

export function GraveWarnings({ graveId }: { graveId: string }) {
  const warnings = useGraveWarnings(graveId);
  if (warnings.isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {t('warnings.loadFailed')}
      </Alert>
    );
  }
  if (!warnings.data || warnings.data.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} className="grave-warnings" component="section">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('warnings.title')}
      </Typography>
      <Typography variant="body2">{t('warnings.intro')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.data.map((w) => (
          <li key={w._id}>
            {t('warnings.person', {
              name: w.name,
              date: consoleBurialDate(w.burialDate, w.datePrecision),
              warning: w.warning,
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
