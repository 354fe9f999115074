// The photos of a grave on its console page: every one, a family's still waiting for approval too, each
// with its state; approving one, choosing the one the grave page shows first, deleting one (behind a confirmation),
// each by role; and adding one from the console (made smaller in the browser first, shown at once). A pending
// photo's file is served only with the staff's token, so every thumbnail is fetched with it and shown from an
// object URL, let go when the photo leaves the page.
import { serverMessage } from '../../../api/errorMessage';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import StarIcon from '@mui/icons-material/Star';
import { Confirm, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { t } from '../../../domain/messages';
import { formatNumber, toArabicDigits } from '../../../domain/text/format';
import { graveName } from '../../../domain/text/graveLifeText';
import type { CemeteryDataProvider, GraveRecord, PhotoRecord } from '../../../dataProvider';
import { useGravePhotos, useGravePhotoWrites } from '../../queries/graves';
import { CardActions } from '../../components/CardList';
import { telHref, useDayText } from '../../components/display';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

export function usePhotoWrites(graveId: string) {
  const notify = useNotify();
  return useGravePhotoWrites(graveId, {
    onSuccess: (answer) => notify(answer.message, { type: 'success' }),
    onError: (error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
  });
}

export function GravePhotos({ grave }: { grave: GraveRecord }) {
  const graveId = String(grave.id);
  const { canAccess: mayList } = useCanAccess({ resource: 'photos', action: 'list' });
  const { canAccess: mayAdd } = useCanAccess({ resource: 'photos', action: 'create' });
  const photos = useGravePhotos(graveId, mayList === true);
  const writes = usePhotoWrites(graveId);
  const picker = useRef<HTMLInputElement>(null);
  if (!mayList) return null;
  const name = graveName(grave);
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (file) writes.add.mutate(file);
  };
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="photos-heading">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="photos-heading" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t('photosConsole.heading')}
        </Typography>
        {mayAdd && (
          // A button that opens the hidden file field: a field inside the button would be a control in a control.
          <>
            <Button
              variant="outlined"
              startIcon={<AddPhotoIcon />}
              disabled={writes.add.isPending}
              onClick={() => picker.current?.click()}
            >
              {writes.add.isPending ? t('photosConsole.adding') : t('photosConsole.add')}
            </Button>
            <input ref={picker} type="file" accept={ACCEPTED} onChange={chosen} hidden />
          </>
        )}
      </Stack>
      {photos.isPending ? (
        <Typography role="status">{t('common.loading')}</Typography>
      ) : photos.error ? (
        <Alert severity="error">{t('photosConsole.listError')}</Alert>
      ) : photos.data.length === 0 ? (
        <Typography color="text.secondary">{t('photosConsole.none')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('photosConsole.listLabel')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {photos.data.map((photo, i) => (
            <PhotoCard key={photo.id} photo={photo} n={i + 1} graveLabel={name} writes={writes} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export function PhotoCard({
  photo,
  n,
  graveLabel,
  writes,
}: {
  photo: PhotoRecord;
  n: number;
  graveLabel: string;
  writes: ReturnType<typeof usePhotoWrites>;
}) {
  const { canAccess: mayEdit } = useCanAccess({ resource: 'photos', action: 'edit' });
  const { canAccess: mayDelete } = useCanAccess({ resource: 'photos', action: 'delete' });
  const [deleting, setDeleting] = useState(false);
  const dayText = useDayText();
  const number = formatNumber(n);
  const pending = photo.status === 'pending';
  return (
    <Card component="li" variant="outlined" sx={{ minWidth: 0 }}>
      <Thumb photo={photo} alt={`${t('photosConsole.alt', { grave: graveLabel })} (${number})`} />
      <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 }, overflowWrap: 'anywhere' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip
            size="small"
            variant="outlined"
            color={pending ? 'warning' : 'success'}
            label={pending ? t('photosConsole.pending') : t('photosConsole.approvedState')}
            sx={{ fontWeight: 700, color: 'text.primary' }}
          />
          {photo.cover && (
            <Chip
              size="small"
              color="primary"
              icon={<StarIcon />}
              label={t('photosConsole.isCover')}
              sx={{ fontWeight: 700 }}
            />
          )}
        </Box>
        <Typography variant="body2">
          {photo.byStaff ? (
            t('photosConsole.byStaff')
          ) : (
            <>
              {photo.senderName
                ? t('photosConsole.byFamily', { name: photo.senderName })
                : t('photosConsole.byUnnamedVisitor')}
              {photo.senderPhone && (
                <>
                  {' — '}
                  <a href={telHref(photo.senderPhone)}>
                    <bdi dir="ltr">{toArabicDigits(photo.senderPhone)}</bdi>
                  </a>
                </>
              )}
            </>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(photo.byStaff ? 'photosConsole.addedAt' : 'photosConsole.sentAt', { date: dayText(photo.createdAt) })}
        </Typography>
        {pending && photo.expiresAt && (
          // A family's photo not approved by then is removed by the server (PENDING_PHOTO_DAYS).
          <Typography variant="body2" color="text.secondary">
            {t('photosConsole.expiresAt', { date: dayText(photo.expiresAt) })}
          </Typography>
        )}
        <CardActions>
          {mayEdit && pending && (
            <Button
              size="small"
              variant="contained"
              disabled={writes.busy}
              aria-label={t('photosConsole.approveOf', { n: number })}
              onClick={() => writes.approve.mutate(photo.id)}
            >
              {t('photosConsole.approve')}
            </Button>
          )}
          {mayEdit && !photo.cover && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<StarIcon />}
              disabled={writes.busy}
              aria-label={t('photosConsole.makeCoverOf', { n: number })}
              onClick={() => writes.cover.mutate(photo.id)}
            >
              {t('photosConsole.makeCover')}
            </Button>
          )}
          {mayDelete && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={writes.busy}
              aria-label={t('photosConsole.deleteOf', { n: number })}
              onClick={() => setDeleting(true)}
            >
              {t('photosConsole.delete')}
            </Button>
          )}
        </CardActions>
      </CardContent>
      <Confirm
        isOpen={deleting}
        loading={writes.remove.isPending}
        title={t('photosConsole.deleteOf', { n: number })}
        content={t('photosConsole.confirmDelete')}
        confirm={t('photosConsole.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          writes.remove.mutate(photo.id);
          setDeleting(false);
        }}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}

/**
 * The photo's thumbnail, fetched with the session's token (a pending photo's file is the staff's alone) and shown
 * from an object URL, let go when the card leaves. Its place is kept at the thumbnail's proportions while it loads.
 */
function Thumb({ photo, alt }: { photo: PhotoRecord; alt: string }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setFailed(false);
    dataProvider
      .photoFile(photo.thumbUrl, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [dataProvider, photo.thumbUrl]);
  const ratio = photo.thumbWidth > 0 && photo.thumbHeight > 0 ? `${photo.thumbWidth} / ${photo.thumbHeight}` : '4 / 3';
  return (
    <Box sx={{ aspectRatio: ratio, maxHeight: 260, width: '100%', bgcolor: 'grey.100', display: 'grid' }}>
      {src ? (
        <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : failed ? (
        <Typography variant="body2" color="text.secondary" sx={{ placeSelf: 'center', p: 1 }}>
          {t('photosConsole.loadError')}
        </Typography>
      ) : null}
    </Box>
  );
}
