// The page react-admin shows at /admin/access-denied when canAccess refuses (a page the role may not open).
import { Box, Button, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { Link } from 'react-router';
import { Title } from 'react-admin';
import { t } from '../../domain/messages';
import { consolePaths } from '../../domain/paths/consolePaths';

export function AccessDenied() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} role="alert">
      <Title title={t('admin.accessDenied')} />
      <LockIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden="true" />
      <Typography component="h1" variant="h5" sx={{ my: 2 }}>
        {t('admin.accessDenied')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('admin.accessDeniedText')}</Typography>
      <Button variant="contained" component={Link} to={consolePaths.dashboard()}>
        {t('admin.backToDashboard')}
      </Button>
    </Box>
  );
}

export function NotFound() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Title title={t('common.notFound')} />
      <Typography component="h1" variant="h5" sx={{ my: 2 }}>
        {t('common.notFound')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('admin.notFoundText')}</Typography>
      <Button variant="contained" component={Link} to={consolePaths.dashboard()}>
        {t('admin.backToDashboard')}
      </Button>
    </Box>
  );
}
