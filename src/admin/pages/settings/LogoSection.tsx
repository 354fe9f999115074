// The village's logo: its preview, a file to send, and the way back to the default one. A logo's change is saved
// at once, apart from the form: what is being typed there stays.
import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { serverMessage } from '../../../api/errorMessage';
import { t } from '../../../domain/messages';
import { logoAddress, type SiteIdentity } from '../../../domain/identity/siteIdentity';
import { useSiteLogo } from '../../queries/siteIdentity';
import type { Notice } from './settingsDraft';
import { SettingsSection } from './SettingsSection';

export function LogoSection({ draft, onLogo }: { draft: SiteIdentity; onLogo: (identity: SiteIdentity) => void }) {
  const [logoNotice, setLogoNotice] = useState<Notice>(null);
  const logo = useSiteLogo({
    onSuccess: ({ identity, message }) => {
      onLogo(identity);
      setLogoNotice({ ok: true, text: message });
    },
    onError: (error) => setLogoNotice({ ok: false, text: serverMessage(error, 'errors.internal') }),
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || logo.isPending) return;
    setLogoNotice(null);
    logo.mutate(file);
  };
  return (
    <SettingsSection title={t('settingsPage.logo')} help={t('settingsPage.logoHelp')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box
          component="img"
          src={logoAddress(draft, 120)}
          alt={t('settingsPage.logoPreview')}
          width={64}
          height={64}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, objectFit: 'contain', bgcolor: '#fff' }}
        />
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={logo.isPending}
          sx={{ minHeight: 44 }}
        >
          {t('settingsPage.logoChoose')}
          <input
            hidden
            type="file"
            name="logo"
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            onChange={onFile}
          />
        </Button>
        <Button
          onClick={() => {
            setLogoNotice(null);
            logo.mutate(null);
          }}
          disabled={logo.isPending || draft.logo === null}
          sx={{ minHeight: 44 }}
        >
          {t('settingsPage.logoDefault')}
        </Button>
      </Stack>
      {logoNotice && (
        <Alert severity={logoNotice.ok ? 'success' : 'error'} role={logoNotice.ok ? 'status' : 'alert'}>
          {logoNotice.text}
        </Alert>
      )}
    </SettingsSection>
  );
}
