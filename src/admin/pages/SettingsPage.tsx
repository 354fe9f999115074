// The village's settings, the manager's: the village's and the cemetery's names, the description, the
// site's address and colour, the committee's contact, the texts of the pages that name the village, the team's cards
// and the logo. What the server refuses comes back as its Arabic reason, with what was typed kept; the public pages
// show a saved change on their next load.
import { serverMessage } from '../../api/errorMessage';
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/Upload';
import { Title, useDataProvider } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleQueryKeys } from '../queries';
import type { CemeteryDataProvider } from '../../dataProvider';
import { t, type MessageKey } from '../../domain/messages';
import {
  EMPTY_IDENTITY,
  identityWords,
  logoAddress,
  SOCIAL_KINDS,
  type IdentityPatch,
  type SiteIdentity,
  type SocialKind,
  type TeamCard,
} from '../../domain/identity/siteIdentity';
import { checkSiteUrl } from '../../domain/identity/identityRules';
import { LoadError } from '../components/LoadError';
import { RequireAccess } from '../layout/RequireAccess';

// The console's one key of the identity: the tab's title (DocumentTitle) follows a save at once.
const SETTINGS_KEY = consoleQueryKeys.identity();

const SOCIAL_LABEL: Record<SocialKind, MessageKey> = {
  facebook: 'social.facebook',
  whatsapp: 'social.whatsapp',
  youtube: 'social.youtube',
  x: 'social.x',
  instagram: 'social.instagram',
  telegram: 'social.telegram',
  website: 'social.website',
};

type Notice = { ok: boolean; text: string } | null;

/** The form's fields as the PUT takes them (the logo has its own calls). */
function patchOf(draft: SiteIdentity): IdentityPatch {
  return {
    villageName: draft.villageName,
    cemeteryName: draft.cemeteryName,
    description: draft.description,
    siteUrl: draft.siteUrl,
    themeColor: draft.themeColor,
    contact: draft.contact,
    texts: draft.texts,
    // An optional field left empty is not sent.
    team: draft.team.map((card) => {
      const kept: TeamCard = { name: card.name, role: card.role };
      if (card.email) kept.email = card.email;
      if (card.phone) kept.phone = card.phone;
      if (card.profileUrl) kept.profileUrl = card.profileUrl;
      return kept;
    }),
  };
}

/** The field's hint; in its place, the address as it will be stored when not as typed (https:// added). */
function siteUrlHint(typed: string): string {
  const site = checkSiteUrl(typed);
  return site.ok && site.value !== '' && site.value !== typed.trim()
    ? t('settingsPage.siteUrlStoredAs', { url: site.value })
    : t('settingsPage.siteUrlHelp');
}

export function SettingsPage() {
  return (
    <RequireAccess resource="settings" action="edit">
      <SettingsForm />
    </RequireAccess>
  );
}

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography component="h2" variant="h6" sx={{ mb: help ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
          {help}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** A list of one-line texts (e-mails, phones) with an add and a remove button. */
function TextList(props: {
  id: string;
  label: string;
  addLabel: string;
  values: string[];
  type?: string;
  onChange: (values: string[]) => void;
}) {
  const { id, label, addLabel, values, type, onChange } = props;
  return (
    <Stack spacing={1}>
      {values.map((value, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            id={`${id}-${i}`}
            label={label}
            value={value}
            type={type}
            onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            fullWidth
          />
          <IconButton
            aria-label={`${t('settingsPage.remove')}: ${label}`}
            onClick={() => onChange(values.filter((_v, j) => j !== i))}
            sx={{ minWidth: 44, minHeight: 44 }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...values, ''])} sx={{ minHeight: 44 }}>
          {addLabel}
        </Button>
      </Box>
    </Stack>
  );
}

function SettingsForm() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => dataProvider.siteIdentity() });
  const [draft, setDraft] = useState<SiteIdentity | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  /** The site address's reason, once a save was refused for it (not while it is still being typed). */
  const [siteUrlError, setSiteUrlError] = useState<string | null>(null);
  const [logoNotice, setLogoNotice] = useState<Notice>(null);

  // The form starts from the stored identity once, and is not overwritten while the manager types.
  useEffect(() => {
    if (stored.data && draft === null) setDraft(stored.data);
  }, [stored.data, draft]);

  const afterSave = (identity: SiteIdentity) => {
    queryClient.setQueryData(SETTINGS_KEY, identity);
    setDraft(identity);
  };
  const save = useMutation({
    mutationFn: (patch: IdentityPatch) => dataProvider.saveSiteIdentity(patch),
    onSuccess: ({ identity, message }) => {
      afterSave(identity);
      setNotice({ ok: true, text: message || t('settings.saved') });
    },
    onError: (error) => setNotice({ ok: false, text: serverMessage(error, 'errors.internal') }),
  });
  const logo = useMutation({
    mutationFn: (file: File | null) => (file ? dataProvider.uploadLogo(file) : dataProvider.removeLogo()),
    onSuccess: ({ identity, message }) => {
      queryClient.setQueryData(SETTINGS_KEY, identity);
      // Only the logo changes: what is being typed in the form stays.
      setDraft((current) => (current ? { ...current, logo: identity.logo } : identity));
      setLogoNotice({ ok: true, text: message });
    },
    onError: (error) => setLogoNotice({ ok: false, text: serverMessage(error, 'errors.internal') }),
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
  const setContact = (change: Partial<SiteIdentity['contact']>) => set({ contact: { ...draft.contact, ...change } });
  const setTexts = (change: Partial<SiteIdentity['texts']>) => set({ texts: { ...draft.texts, ...change } });
  const setCard = (i: number, change: Partial<TeamCard>) =>
    set({ team: draft.team.map((card, j) => (j === i ? { ...card, ...change } : card)) });
  // The default wording, with the names as typed: what the pages show while a text is left empty.
  const defaults = identityWords({
    ...EMPTY_IDENTITY,
    villageName: draft.villageName,
    cemeteryName: draft.cemeteryName,
  });
  const unnamed = identityWords({ ...EMPTY_IDENTITY, villageName: draft.villageName });

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
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || logo.isPending) return;
    setLogoNotice(null);
    logo.mutate(file);
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

        <Section title={t('settingsPage.logo')} help={t('settingsPage.logoHelp')}>
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
        </Section>

        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
          <Stack spacing={3}>
            <Section title={t('settingsPage.identity')}>
              <TextField
                id="settings-village"
                label={t('settingsPage.villageName')}
                value={draft.villageName}
                onChange={(e) => set({ villageName: e.target.value })}
                required
                fullWidth
              />
              <TextField
                id="settings-cemetery"
                label={t('settingsPage.cemeteryName')}
                value={draft.cemeteryName}
                placeholder={unnamed.siteTitle}
                helperText={t('settingsPage.cemeteryNameHelp', { name: unnamed.siteTitle })}
                onChange={(e) => set({ cemeteryName: e.target.value })}
                fullWidth
              />
              <TextField
                id="settings-description"
                label={t('settingsPage.description')}
                value={draft.description}
                placeholder={defaults.metaDescription}
                helperText={t('settingsPage.descriptionHelp')}
                onChange={(e) => set({ description: e.target.value })}
                multiline
                minRows={3}
                fullWidth
              />
              <TextField
                id="settings-site-url"
                label={t('settingsPage.siteUrl')}
                value={draft.siteUrl}
                error={siteUrlError !== null}
                helperText={siteUrlError ?? siteUrlHint(draft.siteUrl)}
                onChange={(e) => {
                  setSiteUrlError(null);
                  set({ siteUrl: e.target.value });
                }}
                // Text, not url: a bare name (without https://) is an address the rule takes.
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
                fullWidth
              />
              <TextField
                id="settings-color"
                label={t('settingsPage.themeColor')}
                value={draft.themeColor}
                onChange={(e) => set({ themeColor: e.target.value })}
                type="color"
                sx={{ maxWidth: 160 }}
                slotProps={{ htmlInput: { style: { minHeight: 32 } } }}
              />
            </Section>

            <Section title={t('settingsPage.contact')}>
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
              <TextField
                id="settings-address"
                label={t('settingsPage.address')}
                value={draft.contact.address}
                onChange={(e) => setContact({ address: e.target.value })}
                multiline
                minRows={2}
                fullWidth
              />
              <Typography component="h3" variant="subtitle1">
                {t('settingsPage.social')}
              </Typography>
              {draft.contact.social.map((link, i) => (
                <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <TextField
                    id={`settings-social-kind-${i}`}
                    select
                    label={t('settingsPage.socialKind')}
                    value={link.kind}
                    onChange={(e) =>
                      setContact({
                        social: draft.contact.social.map((l, j) =>
                          j === i ? { ...l, kind: SOCIAL_KINDS.find((k) => k === e.target.value) ?? l.kind } : l,
                        ),
                      })
                    }
                    sx={{ minWidth: 160 }}
                  >
                    {SOCIAL_KINDS.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {t(SOCIAL_LABEL[kind])}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
                    <TextField
                      id={`settings-social-url-${i}`}
                      label={t('settingsPage.socialUrl')}
                      value={link.url}
                      type="url"
                      placeholder="https://"
                      onChange={(e) =>
                        setContact({
                          social: draft.contact.social.map((l, j) => (j === i ? { ...l, url: e.target.value } : l)),
                        })
                      }
                      slotProps={{ htmlInput: { dir: 'ltr' } }}
                      fullWidth
                    />
                    <IconButton
                      aria-label={`${t('settingsPage.remove')}: ${t(SOCIAL_LABEL[link.kind])}`}
                      onClick={() => setContact({ social: draft.contact.social.filter((_l, j) => j !== i) })}
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
                  onClick={() => setContact({ social: [...draft.contact.social, { kind: 'facebook', url: '' }] })}
                  sx={{ minHeight: 44 }}
                >
                  {t('settingsPage.addSocial')}
                </Button>
              </Box>
            </Section>

            <Section title={t('settingsPage.texts')} help={t('settingsPage.textsHelp')}>
              <TextField
                id="settings-hero-title"
                label={t('settingsPage.heroTitle')}
                value={draft.texts.heroTitle}
                placeholder={defaults.heroTitle}
                onChange={(e) => setTexts({ heroTitle: e.target.value })}
                multiline
                fullWidth
              />
              <TextField
                id="settings-about"
                label={t('settingsPage.about')}
                value={draft.texts.about}
                placeholder={defaults.about}
                onChange={(e) => setTexts({ about: e.target.value })}
                multiline
                minRows={3}
                fullWidth
              />
              <TextField
                id="settings-approved-heading"
                label={t('settingsPage.approvedHeading')}
                value={draft.texts.approvedHeading}
                placeholder={defaults.approvedHeading}
                onChange={(e) => setTexts({ approvedHeading: e.target.value })}
                fullWidth
              />
              <TextField
                id="settings-team-heading"
                label={t('settingsPage.teamHeading')}
                value={draft.texts.teamHeading}
                placeholder={defaults.teamHeading}
                onChange={(e) => setTexts({ teamHeading: e.target.value })}
                fullWidth
              />
            </Section>

            <Section title={t('settingsPage.team')}>
              {draft.team.map((card, i) => (
                <Box
                  key={i}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
                  role="group"
                  aria-label={card.name || t('settingsPage.team')}
                >
                  <Stack spacing={1.5}>
                    <TextField
                      id={`settings-team-name-${i}`}
                      label={t('settingsPage.teamName')}
                      value={card.name}
                      onChange={(e) => setCard(i, { name: e.target.value })}
                      required
                      fullWidth
                    />
                    <TextField
                      id={`settings-team-role-${i}`}
                      label={t('settingsPage.teamRole')}
                      value={card.role}
                      onChange={(e) => setCard(i, { role: e.target.value })}
                      required
                      fullWidth
                    />
                    <TextField
                      id={`settings-team-email-${i}`}
                      label={t('settingsPage.teamEmail')}
                      value={card.email ?? ''}
                      type="email"
                      onChange={(e) => setCard(i, { email: e.target.value })}
                      slotProps={{ htmlInput: { dir: 'ltr' } }}
                      fullWidth
                    />
                    <TextField
                      id={`settings-team-phone-${i}`}
                      label={t('settingsPage.teamPhone')}
                      value={card.phone ?? ''}
                      type="tel"
                      onChange={(e) => setCard(i, { phone: e.target.value })}
                      slotProps={{ htmlInput: { dir: 'ltr' } }}
                      fullWidth
                    />
                    <TextField
                      id={`settings-team-profile-${i}`}
                      label={t('settingsPage.teamProfile')}
                      value={card.profileUrl ?? ''}
                      type="url"
                      onChange={(e) => setCard(i, { profileUrl: e.target.value })}
                      slotProps={{ htmlInput: { dir: 'ltr' } }}
                      fullWidth
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
            </Section>

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
