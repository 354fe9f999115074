// Spec screen 10: the grave's burials with delete (behind a confirm, the row leaves after the server's OK),
// edit of a burial's name or date (the API's PUT; BuriedTable.tsx), and 'دفن شخص' when the bury rule allows it.
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { ShowBase, Title, useShowContext } from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { t } from '../../../domain/messages';
import { formatGraveNumber } from '../../../domain/text/format';
import { canBury } from '../../../domain/rules/graveStatus';
import { consolePaths } from '../../../domain/paths/consolePaths';
import { publicPaths } from '../../../domain/paths/publicPaths';
import { LoadError, QUIET_ERRORS } from '../../components/LoadError';
import type { GraveRecord } from '../../../dataProvider';
import { useRegisterToday } from '../../queries';
import { BuriedTable } from './BuriedTable';
import { GENDER_LABEL, StatusChip } from './labels';
import { GraveLifeActions } from './GraveLifeActions';
import { GravePosition } from './GravePosition';
import { GraveWarnings } from './GraveWarnings';
import { GravePhotos } from './GravePhotos';
import { UndoableHistory } from './UndoableHistory';
import { movedToText } from '../../../domain/text/graveLifeText';

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
