// The settings' names of the village and its cemetery, the description, the site's address and colour.
import { t } from '../../../domain/messages';
import { EMPTY_IDENTITY, identityWords, type SiteIdentity } from '../../../domain/identity/siteIdentity';
import { siteUrlHint, type SetDraft } from './settingsDraft';
import { SettingsField } from './SettingsField';
import { SettingsSection } from './SettingsSection';

export function IdentityFields(props: {
  draft: SiteIdentity;
  set: SetDraft;
  /** The site address's reason, once a save was refused for it; typed again, it goes. */
  siteUrlError: string | null;
  onSiteUrlTyped: () => void;
}) {
  const { draft, set, siteUrlError, onSiteUrlTyped } = props;
  // The default wording, with the names as typed: what the pages show while a text is left empty.
  const defaults = identityWords({
    ...EMPTY_IDENTITY,
    villageName: draft.villageName,
    cemeteryName: draft.cemeteryName,
  });
  const unnamed = identityWords({ ...EMPTY_IDENTITY, villageName: draft.villageName });
  return (
    <SettingsSection title={t('settingsPage.identity')}>
      <SettingsField
        id="settings-village"
        label={t('settingsPage.villageName')}
        value={draft.villageName}
        onText={(villageName) => set({ villageName })}
        required
      />
      <SettingsField
        id="settings-cemetery"
        label={t('settingsPage.cemeteryName')}
        value={draft.cemeteryName}
        placeholder={unnamed.siteTitle}
        helperText={t('settingsPage.cemeteryNameHelp', { name: unnamed.siteTitle })}
        onText={(cemeteryName) => set({ cemeteryName })}
      />
      <SettingsField
        id="settings-description"
        label={t('settingsPage.description')}
        value={draft.description}
        placeholder={defaults.metaDescription}
        helperText={t('settingsPage.descriptionHelp')}
        onText={(description) => set({ description })}
        multiline
        minRows={3}
      />
      <SettingsField
        id="settings-site-url"
        label={t('settingsPage.siteUrl')}
        value={draft.siteUrl}
        error={siteUrlError !== null}
        helperText={siteUrlError ?? siteUrlHint(draft.siteUrl)}
        onText={(siteUrl) => {
          onSiteUrlTyped();
          set({ siteUrl });
        }}
        // Text, not url: a bare name (without https://) is an address the rule takes.
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
      />
      <SettingsField
        id="settings-color"
        label={t('settingsPage.themeColor')}
        value={draft.themeColor}
        onText={(themeColor) => set({ themeColor })}
        type="color"
        sx={{ maxWidth: 160 }}
        slotProps={{ htmlInput: { style: { minHeight: 32 } } }}
        fullWidth={false}
      />
    </SettingsSection>
  );
}
