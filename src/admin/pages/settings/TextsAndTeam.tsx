// The settings' texts of the pages that name the village, and the team's cards.
import { Box, Button, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { t } from '../../../domain/messages';
import { EMPTY_IDENTITY, identityWords, type SiteIdentity, type TeamCard } from '../../../domain/identity/siteIdentity';
import type { SetDraft } from './settingsDraft';
import { SettingsField } from './SettingsField';
import { SettingsSection } from './SettingsSection';

export function TextsFields({ draft, set }: { draft: SiteIdentity; set: SetDraft }) {
  const setTexts = (change: Partial<SiteIdentity['texts']>) => set({ texts: { ...draft.texts, ...change } });
  // The default wording, with the names as typed: what the pages show while a text is left empty.
  const defaults = identityWords({
    ...EMPTY_IDENTITY,
    villageName: draft.villageName,
    cemeteryName: draft.cemeteryName,
  });
  return (
    <SettingsSection title={t('settingsPage.texts')} help={t('settingsPage.textsHelp')}>
      <SettingsField
        id="settings-hero-title"
        label={t('settingsPage.heroTitle')}
        value={draft.texts.heroTitle}
        placeholder={defaults.heroTitle}
        onText={(heroTitle) => setTexts({ heroTitle })}
        multiline
      />
      <SettingsField
        id="settings-about"
        label={t('settingsPage.about')}
        value={draft.texts.about}
        placeholder={defaults.about}
        onText={(about) => setTexts({ about })}
        multiline
        minRows={3}
      />
      <SettingsField
        id="settings-approved-heading"
        label={t('settingsPage.approvedHeading')}
        value={draft.texts.approvedHeading}
        placeholder={defaults.approvedHeading}
        onText={(approvedHeading) => setTexts({ approvedHeading })}
      />
      <SettingsField
        id="settings-team-heading"
        label={t('settingsPage.teamHeading')}
        value={draft.texts.teamHeading}
        placeholder={defaults.teamHeading}
        onText={(teamHeading) => setTexts({ teamHeading })}
      />
    </SettingsSection>
  );
}

export function TeamCards({ draft, set }: { draft: SiteIdentity; set: SetDraft }) {
  const setCard = (i: number, change: Partial<TeamCard>) =>
    set({ team: draft.team.map((card, j) => (j === i ? { ...card, ...change } : card)) });
  return (
    <SettingsSection title={t('settingsPage.team')}>
      {draft.team.map((card, i) => (
        <Box
          key={i}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
          role="group"
          aria-label={card.name || t('settingsPage.team')}
        >
          <Stack spacing={1.5}>
            <SettingsField
              id={`settings-team-name-${i}`}
              label={t('settingsPage.teamName')}
              value={card.name}
              onText={(name) => setCard(i, { name })}
              required
            />
            <SettingsField
              id={`settings-team-role-${i}`}
              label={t('settingsPage.teamRole')}
              value={card.role}
              onText={(role) => setCard(i, { role })}
              required
            />
            <SettingsField
              id={`settings-team-email-${i}`}
              label={t('settingsPage.teamEmail')}
              value={card.email ?? ''}
              type="email"
              onText={(email) => setCard(i, { email })}
              ltr
            />
            <SettingsField
              id={`settings-team-phone-${i}`}
              label={t('settingsPage.teamPhone')}
              value={card.phone ?? ''}
              type="tel"
              onText={(phone) => setCard(i, { phone })}
              ltr
            />
            <SettingsField
              id={`settings-team-profile-${i}`}
              label={t('settingsPage.teamProfile')}
              value={card.profileUrl ?? ''}
              type="url"
              onText={(profileUrl) => setCard(i, { profileUrl })}
              ltr
            />
            <Box>
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => set({ team: draft.team.filter((_c, j) => j !== i) })}
                sx={{ minHeight: 44 }}
              >
                {t('settingsPage.remove')}
              </Button>
            </Box>
          </Stack>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set({ team: [...draft.team, { name: '', role: '' }] })}
          sx={{ minHeight: 44 }}
        >
          {t('settingsPage.addTeam')}
        </Button>
      </Box>
    </SettingsSection>
  );
}
