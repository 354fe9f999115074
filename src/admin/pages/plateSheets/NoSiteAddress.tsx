// No plate without the site's address: the server's own refusal, and the way to the settings for whoever may open it.
import { Alert, Button, Typography } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../../domain/messages';
import { consolePaths } from '../../../domain/paths/consolePaths';

/** No plate without the site's address: the server's own refusal, and the settings page for whoever may open it. */
export function NoSiteAddress() {
  const { canAccess } = useCanAccess({ resource: 'settings', action: 'edit' });
  return (
    <Alert severity="warning" role="alert">
      <Typography variant="body2">{t('plate.siteUrlMissing')}</Typography>
      {canAccess && (
        <Button
          component={Link}
          to={consolePaths.settings()}
          variant="outlined"
          color="inherit"
          sx={{ mt: 1, minHeight: 44 }}
        >
          {t('plateSheets.toSettings')}
        </Button>
      )}
    </Alert>
  );
}
