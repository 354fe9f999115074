// The settings form's draft: what the save sends of it, the words of its social links and its site address's hint.
import { t, type MessageKey } from '../../../domain/messages';
import type { IdentityPatch, SiteIdentity, SocialKind, TeamCard } from '../../../domain/identity/siteIdentity';
import { checkSiteUrl } from '../../../domain/identity/identityRules';

/** A section's change to the draft. */
export type SetDraft = (change: Partial<SiteIdentity>) => void;

/** What a save or a logo's change answered, as the page says it. */
export type Notice = { ok: boolean; text: string } | null;

export const SOCIAL_LABEL: Record<SocialKind, MessageKey> = {
  facebook: 'social.facebook',
  whatsapp: 'social.whatsapp',
  youtube: 'social.youtube',
  x: 'social.x',
  instagram: 'social.instagram',
  telegram: 'social.telegram',
  website: 'social.website',
};

/** The form's fields as the PUT takes them (the logo has its own calls). */
export function patchOf(draft: SiteIdentity): IdentityPatch {
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
export function siteUrlHint(typed: string): string {
  const site = checkSiteUrl(typed);
  return site.ok && site.value !== '' && site.value !== typed.trim()
    ? t('settingsPage.siteUrlStoredAs', { url: site.value })
    : t('settingsPage.siteUrlHelp');
}
