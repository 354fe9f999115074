// The committee's contact in the settings: e-mails, phones, the address and the social links.
import { Box, Button, IconButton, MenuItem, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { t } from '../../../domain/messages';
import { SOCIAL_KINDS, type SiteIdentity } from '../../../domain/identity/siteIdentity';
import { SOCIAL_LABEL, type SetDraft } from './settingsDraft';
import { SettingsField } from './SettingsField';
import { SettingsSection } from './SettingsSection';
import { TextList } from './TextList';

export function ContactFields({ draft, set }: { draft: SiteIdentity; set: SetDraft }) {
  const setContact = (change: Partial<SiteIdentity['contact']>) => set({ contact: { ...draft.contact, ...change } });
  const { social } = draft.contact;
  return (
    <SettingsSection title={t('settingsPage.contact')}>
      <Typography component="h3" variant="subtitle1">
        {t('settingsPage.emails')}
      </Typography>
      <TextList
        id="settings-email"
        label={t('settingsPage.email')}
        addLabel={t('settingsPage.addEmail')}
        values={draft.contact.emails}
        type="email"
        onChange={(emails) => setContact({ emails })}
      />
      <Typography component="h3" variant="subtitle1">
        {t('settingsPage.phones')}
      </Typography>
      <TextList
        id="settings-phone"
        label={t('settingsPage.phone')}
        addLabel={t('settingsPage.addPhone')}
        values={draft.contact.phones}
        type="tel"
        onChange={(phones) => setContact({ phones })}
      />
      <SettingsField
        id="settings-address"
        label={t('settingsPage.address')}
        value={draft.contact.address}
        onText={(address) => setContact({ address })}
        multiline
        minRows={2}
      />
      <Typography component="h3" variant="subtitle1">
        {t('settingsPage.social')}
      </Typography>
      {social.map((link, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <SettingsField
            id={`settings-social-kind-${i}`}
            select
            label={t('settingsPage.socialKind')}
            value={link.kind}
            onText={(typed) =>
              setContact({
                social: social.map((l, j) =>
                  j === i ? { ...l, kind: SOCIAL_KINDS.find((k) => k === typed) ?? l.kind } : l,
                ),
              })
            }
            sx={{ minWidth: 160 }}
            fullWidth={false}
          >
            {SOCIAL_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(SOCIAL_LABEL[kind])}
              </MenuItem>
            ))}
          </SettingsField>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
            <SettingsField
              id={`settings-social-url-${i}`}
              label={t('settingsPage.socialUrl')}
              value={link.url}
              type="url"
              placeholder="https://"
              onText={(url) => setContact({ social: social.map((l, j) => (j === i ? { ...l, url } : l)) })}
              ltr
            />
            <IconButton
              aria-label={`${t('settingsPage.remove')}: ${t(SOCIAL_LABEL[link.kind])}`}
              onClick={() => setContact({ social: social.filter((_l, j) => j !== i) })}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setContact({ social: [...social, { kind: 'facebook', url: '' }] })}
          sx={{ minHeight: 44 }}
        >
          {t('settingsPage.addSocial')}
        </Button>
      </Box>
    </SettingsSection>
  );
}
