// The village's identity: data the committee changes in the console, not text in the source. The server
// keeps it (server/data/siteIdentity.ts), answers it to anyone in GET /api/settings and puts it in every page it
// draws; the browser reads it back from there (src/public/identity.tsx). This module is the shape, what an empty one
// looks like, and the words a page shows for it; kept small, as the public home page imports it.
import { identityText } from '../messages/identity';
import { fill } from '../messages/fill';

/** The kinds of social links the footer knows how to name. */
export const SOCIAL_KINDS = ['facebook', 'whatsapp', 'youtube', 'x', 'instagram', 'telegram', 'website'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export interface SocialLink {
  kind: SocialKind;
  url: string;
}

/** A card of the team page. */
export interface TeamCard {
  name: string;
  role: string;
  email?: string;
  phone?: string;
  /** A profile the card links to (http or https). */
  profileUrl?: string;
}

export interface CommitteeContact {
  emails: string[];
  phones: string[];
  address: string;
  social: SocialLink[];
}

/** Texts of the spec's pages that name the village or its committee; '' shows the default wording with the name. */
export interface IdentityTexts {
  heroTitle: string;
  about: string;
  approvedHeading: string;
  /** The team page's heading: the committee's words for who keeps the register. */
  teamHeading: string;
}

export interface SiteIdentity {
  /** The village's name; '' until the first start names it. */
  villageName: string;
  /** The cemetery's display name (the site's title); '' = «مقابر» and the village's name. */
  cemeteryName: string;
  /** One paragraph: the home page's hero and every page's meta description; '' = the default wording. */
  description: string;
  /** The site's public address (https://…, no trailing slash) for absolute links, share previews and plates; ''. */
  siteUrl: string;
  /** #rrggbb */
  themeColor: string;
  contact: CommitteeContact;
  texts: IdentityTexts;
  team: TeamCard[];
  /** A token that changes with each uploaded logo (its images' addresses carry it); null: the product's own mark. */
  logo: string | null;
}

export const DEFAULT_THEME_COLOR = '#2f5d50';

export const EMPTY_IDENTITY: SiteIdentity = {
  villageName: '',
  cemeteryName: '',
  description: '',
  siteUrl: '',
  themeColor: DEFAULT_THEME_COLOR,
  contact: { emails: [], phones: [], address: '', social: [] },
  texts: { heroTitle: '', about: '', approvedHeading: '', teamHeading: '' },
  team: [],
  logo: null,
};

/** The fields PUT /api/settings takes (any subset). */
export const IDENTITY_FIELDS = [
  'villageName',
  'cemeteryName',
  'description',
  'siteUrl',
  'themeColor',
  'contact',
  'texts',
  'team',
] as const satisfies ReadonlyArray<keyof SiteIdentity>;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityPatch = Partial<Pick<SiteIdentity, IdentityField>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * An identity from anything (a stored JSON, an answer, a copy kept in the browser): what is missing or of the wrong
 * type takes the empty identity's value, so no page breaks on an older or damaged copy.
 */
export function readIdentity(value: unknown): SiteIdentity {
  const given = isObject(value) ? value : {};
  const contact = isObject(given.contact) ? given.contact : {};
  const texts = isObject(given.texts) ? given.texts : {};
  const color = str(given.themeColor);
  return {
    villageName: str(given.villageName),
    cemeteryName: str(given.cemeteryName),
    description: str(given.description),
    siteUrl: str(given.siteUrl),
    themeColor: /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : DEFAULT_THEME_COLOR,
    contact: {
      emails: strings(contact.emails),
      phones: strings(contact.phones),
      address: str(contact.address),
      social: (Array.isArray(contact.social) ? contact.social : [])
        .filter(isObject)
        .filter((link) => (SOCIAL_KINDS as readonly unknown[]).includes(link.kind) && typeof link.url === 'string')
        .map((link) => ({ kind: link.kind as SocialKind, url: link.url as string })),
    },
    texts: {
      heroTitle: str(texts.heroTitle),
      about: str(texts.about),
      approvedHeading: str(texts.approvedHeading),
      teamHeading: str(texts.teamHeading),
    },
    team: (Array.isArray(given.team) ? given.team : []).filter(isObject).flatMap((card) => {
      if (typeof card.name !== 'string' || typeof card.role !== 'string') return [];
      const read: TeamCard = { name: card.name, role: card.role };
      if (typeof card.email === 'string' && card.email) read.email = card.email;
      if (typeof card.phone === 'string' && card.phone) read.phone = card.phone;
      if (typeof card.profileUrl === 'string' && card.profileUrl) read.profileUrl = card.profileUrl;
      return [read];
    }),
    logo: typeof given.logo === 'string' && given.logo !== '' ? given.logo : null,
  };
}

/** The words the pages show for an identity: what the committee wrote, else the default wording with the names. */
export interface IdentityWords {
  /** The site's title: the header, the tab, the manifest's name, the console's title. */
  siteTitle: string;
  /** A short name for a phone's home screen. */
  shortName: string;
  /** The meta description and the share previews. */
  metaDescription: string;
  heroTitle: string;
  /** The hero's paragraph (the description, else the spec's wording). */
  heroText: string;
  about: string;
  approvedHeading: string;
  /** The team page's heading (and the contact page's team section). */
  teamHeading: string;
  homeLink: string;
  /** The footer's line, for this year (as Arabic-Indic digits, formatted by the caller). */
  rights: (year: string) => string;
}

export function identityWords(identity: SiteIdentity): IdentityWords {
  const village = identity.villageName.trim();
  const named = village !== '';
  const siteTitle =
    identity.cemeteryName.trim() ||
    (named ? fill(identityText['identity.cemeteryOf'], { village }) : identityText['identity.unnamed']);
  const withNames = (template: string) => fill(template, { site: siteTitle, village });
  const description = identity.description.trim();
  return {
    siteTitle,
    shortName: named ? fill(identityText['identity.cemeteryOf'], { village }) : identityText['identity.unnamed'],
    metaDescription: description || withNames(identityText['identity.metaDescription']),
    heroTitle: identity.texts.heroTitle.trim() || withNames(identityText['identity.heroTitle']),
    heroText: description || identityText['identity.heroText'],
    about: identity.texts.about.trim() || withNames(identityText['identity.about']),
    approvedHeading:
      identity.texts.approvedHeading.trim() ||
      (named ? withNames(identityText['identity.approvedHeading']) : identityText['identity.approvedHeadingUnnamed']),
    teamHeading: identity.texts.teamHeading.trim() || identityText['identity.teamHeading'],
    homeLink: withNames(identityText['identity.homeLink']),
    rights: (year) => fill(identityText['identity.rights'], { year, site: siteTitle }),
  };
}

/**
 * The sizes (square, PNG) the server makes of an uploaded logo: the header (40 px at 2× and 3×), the favicon, and
 * the web-app manifest's icons.
 */
export const LOGO_SIZES = [32, 120, 192, 512] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

/** Where a page finds the logo at this size: the committee's (its token in the address: cached for a year), else the product's own mark. */
export function logoAddress(identity: Pick<SiteIdentity, 'logo'>, size: LogoSize): string {
  if (identity.logo) return `/site/logo-${size}.png?v=${encodeURIComponent(identity.logo)}`;
  return size >= 192 ? `/icons/icon-${size}.png` : '/logo.svg';
}
