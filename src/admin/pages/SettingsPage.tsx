// The village's settings, the manager's: the village's and the cemetery's names, the description, the
// site's address and colour, the committee's contact, the texts of the pages that name the village, the team's cards
// and the logo. What the server refuses comes back as its Arabic reason, with what was typed kept; the public pages
// show a saved change on their next load. Its sections are in ./settings.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { serverMessage } from '../../api/errorMessage';
import { t } from '../../domain/messages';
import type { SiteIdentity } from '../../domain/identity/siteIdentity';
import { checkSiteUrl } from '../../domain/identity/identityRules';
import { LoadError } from '../components/LoadError';
import { RequireAccess } from '../layout/RequireAccess';
import { useSaveSiteIdentity, useSiteIdentity } from '../queries/siteIdentity';
import { ContactFields } from './settings/ContactFields';
import { IdentityFields } from './settings/IdentityFields';
import { LogoSection } from './settings/LogoSection';
import { patchOf, type Notice } from './settings/settingsDraft';
import { TeamCards, TextsFields } from './settings/TextsAndTeam';

export function SettingsPage() {
  return (
    <RequireAccess resource="settings" action="edit">
      <SettingsForm />
    </RequireAccess>
  );
}

function SettingsForm() {
  const stored = useSiteIdentity();
  const [draft, setDraft] = useState<SiteIdentity | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  /** The site address's reason, once a save was refused for it (not while it is still being typed). */
  const [siteUrlError, setSiteUrlError] = useState<string | null>(null);

  // The form starts from the stored identity once, and is not overwritten while the manager types.
  useEffect(() => {
    if (stored.data && draft === null) setDraft(stored.data);
  }, [stored.data, draft]);

  const save = useSaveSiteIdentity({
    onSuccess: ({ identity, message }) => {
      setDraft(identity);
      setNotice({ ok: true, text: message || t('settings.saved') });
    },
    onError: (error) => setNotice({ ok: false, text: serverMessage(error, 'errors.internal') }),
  });

  if (stored.isError && !draft) {
    return (
      <Box sx={{ mt: 2 }}>
        <LoadError error={stored.error} onRetry={() => void stored.refetch()} fallback={t('settingsPage.loadFailed')} />
      </Box>
    );
  }
  if (!draft) return <Typography sx={{ mt: 2 }}>{t('common.loading')}</Typography>;

  const set = (change: Partial<SiteIdentity>) => setDraft({ ...draft, ...change });
  // Only the logo changes: what is being typed in the form stays.
  const onLogo = (identity: SiteIdentity) =>
    setDraft((current) => (current ? { ...current, logo: identity.logo } : identity));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setNotice(null);
    // The server's rule, here first: a refused address is said at its field, and nothing is sent.
    const site = checkSiteUrl(draft.siteUrl);
    setSiteUrlError(site.ok ? null : t(site.error));
    if (!site.ok) {
      setNotice({ ok: false, text: t(site.error) });
      return;
    }
    save.mutate(patchOf(draft));
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 760, minWidth: 0 }}>
      <Title title={t('settingsPage.title')} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('settingsPage.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('settingsPage.intro')}
        </Typography>

        <LogoSection draft={draft} onLogo={onLogo} />

        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
          <Stack spacing={3}>
            <IdentityFields
              draft={draft}
              set={set}
              siteUrlError={siteUrlError}
              onSiteUrlTyped={() => setSiteUrlError(null)}
            />
            <ContactFields draft={draft} set={set} />
            <TextsFields draft={draft} set={set} />
            <TeamCards draft={draft} set={set} />

            <Divider />
            {notice && (
              <Alert severity={notice.ok ? 'success' : 'error'} role={notice.ok ? 'status' : 'alert'}>
                {notice.text}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
                {save.isPending ? t('settingsPage.saving') : t('settingsPage.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
