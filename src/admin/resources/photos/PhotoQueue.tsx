// The queue of every grave's photos: the families' waiting ones by default, filtered by state and by section,
// paged like the other lists. Each card is the grave page's photo card (approve, choose as the first, delete, by
// role), with a link to its grave's console page; several may be chosen and approved or deleted at once.
import { Box, Typography } from '@mui/material';
import { List, required, SelectInput, TopToolbar } from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../../domain/messages';
import { consolePaths } from '../../../domain/paths/consolePaths';
import { graveName } from '../../../domain/text/graveLifeText';
import { PHOTO_STATUSES } from '../../../domain/types';
import type { PhotoRecord } from '../../../dataProvider';
import { CardList } from '../../components/CardList';
import { ListPagination } from '../../components/ListPagination';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { GENDER_CHOICES } from '../graves/labels';
import { PhotoCard, usePhotoWrites } from '../graves/GravePhotos';
import { PhotoChoice, PhotoSelectionBar } from './PhotoSelection';

const STATUS_LABEL = { pending: 'photosConsole.pending', approved: 'photosConsole.approvedState' } as const;
const STATUS_CHOICES = PHOTO_STATUSES.map((id) => ({ id, name: t(STATUS_LABEL[id]) }));

const filters = [
  <SelectInput
    key="status"
    source="status"
    label={t('photosConsole.status')}
    choices={STATUS_CHOICES}
    validate={required()}
    alwaysOn
  />,
  <SelectInput
    key="gender"
    source="gender"
    label={t('photosConsole.section')}
    choices={GENDER_CHOICES}
    emptyText={t('photosConsole.allSections')}
    alwaysOn
  />,
];

function QueuedPhoto({ photo }: { photo: PhotoRecord }) {
  const writes = usePhotoWrites(photo.graveId);
  const grave = photo.grave ? graveName(photo.grave) : '';
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PhotoChoice photo={photo} grave={grave} />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <Link to={consolePaths.grave(photo.graveId)} aria-label={t('photosConsole.openGrave', { grave })}>
            {grave}
          </Link>
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <PhotoCard photo={photo} n={1} graveLabel={grave} writes={writes} />
      </Box>
    </Box>
  );
}

export function PhotoQueue() {
  return (
    <List
      title={t('photosConsole.queueTitle')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={24}
      pagination={<ListPagination />}
      exporter={false}
      actions={<TopToolbar />}
      empty={false}
    >
      <PhotoSelectionBar />
      <CardList<PhotoRecord> label={t('photosConsole.queueLabel')}>{(photo) => <QueuedPhoto photo={photo} />}</CardList>
    </List>
  );
}
