// What a public page says about itself when its link is shared or indexed — its title, its
// description, its canonical address, its preview image and its schema.org description (JSON-LD) — and the lines its
// preview image shows. Pure: the server's shell (server/site/shell.ts) gives the page's address, the answer the page
// is drawn with (a grave, an article, a notice), the identity and the site's absolute address, and writes the head;
// the preview images (server/images/preview.ts) draw the same card this module writes.
import { identityWords, logoAddress, type SiteIdentity } from '../identity/siteIdentity';
import { fill } from '../messages/fill';
import { sharedText } from '../messages/shared';
import { publicText } from '../messages/public';
import { setupText } from '../messages/setup';
import { sharePreviewsText as text } from '../messages/sharePreviews';
import { formatBurialDate } from '../dates/dateText';
import { prayerWhenText } from '../notices/noticeText';
import { noticesPublicText } from '../messages/noticesPublic';
import { correctionsPublicText } from '../messages/correctionsPublic';
import { photosPublicText } from '../messages/photosPublic';
import { graveName } from './graveLifeText';
import { publicPaths } from '../paths/publicPaths';
import type { Notice } from '../notices/notice';
import type { Article, Grave } from '../types';

/** The size every preview image is drawn at and declared with (og:image:width/height). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Where the preview images are served (server/site/previewFiles.ts). */
export const previewPaths = {
  site: '/site/preview.png',
  grave: (graveId: string) => `/site/preview/grave/${encodeURIComponent(graveId)}.png`,
  notice: (noticeId: string) => `/site/preview/notice/${encodeURIComponent(noticeId)}.png`,
} as const;

/** What a preview image shows: the site's line beside the logo, a lead line, the title, and a few lines under it. */
export interface PreviewCard {
  /** The site's title, with the village's name when the title does not already say it. */
  header: string;
  lead: string | null;
  title: string;
  lines: string[];
  themeColor: string;
  /** The committee's logo token (its PNGs in the database), or null for the product's own mark. */
  logo: string | null;
}

export interface PageHead {
  /** The tab's title: the page's own, then the site's. */
  title: string;
  /** og:title: the page's own words alone (the site is og:site_name). */
  shareTitle: string;
  description: string;
  /** The page's address: absolute on the site's address, or its path while the site's address is not set. */
  url: string;
  /** The canonical link and og:url: the page's absolute address, or null while the site's address is not set. */
  canonical: string | null;
  /** The preview image's address (absolute, or a path as `url`). */
  image: string;
  imageAlt: string;
  type: 'website' | 'article' | 'profile';
  /** Kept out of search engines' indexes (the login and the first start). */
  noindex: boolean;
  siteName: string;
  /** schema.org objects, each written in its own <script type="application/ld+json">. */
  jsonLd: Array<Record<string, unknown>>;
}

export interface PageHeadInput {
  /** The pattern of the public page the address matched (PUBLIC_PAGES' `path`). */
  pattern: string;
  params: Record<string, string>;
  /** The API's answer for the record the page names (grave, article, notice), when it has one. */
  answer: unknown;
  identity: SiteIdentity;
  /**
   * The site's absolute address, no trailing slash (the settings' siteUrl), or '' while the committee has not set
   * it: every address is then a path (JSON-LD reads a relative address against the page's), and no canonical.
   */
  base: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isGraveAnswer = (value: unknown): value is Grave =>
  isObject(value) &&
  typeof value._id === 'string' &&
  (value.gender === 'men' || value.gender === 'women' || value.gender === 'bones') &&
  (typeof value.number === 'number' || typeof value.number === 'string') &&
  Array.isArray(value.buriedPersons);

export const isArticleAnswer = (value: unknown): value is Article =>
  isObject(value) &&
  typeof value._id === 'string' &&
  typeof value.title === 'string' &&
  typeof value.content === 'string';

export const isNoticeAnswer = (value: unknown): value is Notice =>
  isObject(value) &&
  typeof value.id === 'string' &&
  typeof value.name === 'string' &&
  typeof value.prayerAt === 'string' &&
  typeof value.mosque === 'string';

/** Plain text cut at a word near `max` characters, with an ellipsis when cut. */
export function shorten(value: string, max: number): string {
  const plain = value.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s،,.:؛-]+$/, '')}…`;
}

const DESCRIPTION_CHARS = 200;
const NAMES_SHOWN = 3;

/** The site's line on an image: its title, and the village's name when the title does not say it. */
export function siteLine(identity: SiteIdentity): string {
  const { siteTitle } = identityWords(identity);
  const village = identity.villageName.trim();
  return village && !siteTitle.includes(village) ? `${siteTitle} — ${village}` : siteTitle;
}

/** 32-bit FNV-1a of a text, as 8 hex digits: the version an image's address carries. */
export function shortHash(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The version of what a card shows: a changed record or identity is a new image address (previews are kept by address). */
export const cardVersion = (card: PreviewCard): string => shortHash(JSON.stringify(card));

/** «صلاة الجنازة عقب صلاة العصر يوم ٢٥ نوفمبر ٢٠٢٦م الموافق … الساعة ٣:٣٠ مساءً، في مسجد النور». */
export function noticePrayerLine(notice: Pick<Notice, 'prayerAt' | 'mosque' | 'afterPrayer'>): string {
  return fill(text['share.noticePrayer'], {
    after: notice.afterPrayer?.trim() ? `${notice.afterPrayer.trim()} ` : '',
    when: prayerWhenText(notice.prayerAt),
    mosque: notice.mosque,
  });
}

/** The names of a grave's latest burials (newest first), a few of them, «وغيرهم» when it holds more. */
export function latestNames(grave: Pick<Grave, 'buriedPersons'>): string {
  const names = grave.buriedPersons.slice(0, NAMES_SHOWN).map((person) => person.name.trim());
  const joined = names.join(text['share.namesSeparator']);
  return grave.buriedPersons.length > NAMES_SHOWN ? fill(text['share.andOthers'], { names: joined }) : joined;
}

/** The site's own card: its title and description (the home page and every page without a record of its own). */
export function siteCard(identity: SiteIdentity): PreviewCard {
  const words = identityWords(identity);
  return {
    // The village's name above the site's title (the title alone when the village is not named yet).
    header: identity.villageName.trim() || words.siteTitle,
    lead: null,
    title: words.siteTitle,
    lines: [shorten(words.metaDescription, 140)],
    themeColor: identity.themeColor,
    logo: identity.logo,
  };
}

export function graveCard(grave: Grave, identity: SiteIdentity): PreviewCard {
  const newest = grave.buriedPersons[0];
  return {
    header: siteLine(identity),
    lead: null,
    title: graveName(grave),
    lines: newest
      ? [
          shorten(latestNames(grave), 110),
          fill(text['share.lastBurial'], { date: formatBurialDate(newest.burialDate, newest.datePrecision) }),
        ]
      : [publicText['public.graveEmpty']],
    themeColor: identity.themeColor,
    logo: identity.logo,
  };
}

export function noticeCard(notice: Notice, identity: SiteIdentity): PreviewCard {
  return {
    header: siteLine(identity),
    lead: sharedText['home.condolence'],
    title: shorten(notice.name, 60),
    lines: [shorten(noticePrayerLine(notice), 150), ...(notice.relations ? [shorten(notice.relations, 70)] : [])],
    themeColor: identity.themeColor,
    logo: identity.logo,
  };
}

const FIXED_PAGES: Record<string, (identity: SiteIdentity) => { name: string; description: string }> = {
  [publicPaths.men.path]: () => ({ name: sharedText['nav.men'], description: publicText['public.serviceMen'] }),
  [publicPaths.women.path]: () => ({ name: sharedText['nav.women'], description: publicText['public.serviceWomen'] }),
  [publicPaths.bones.path]: () => ({ name: sharedText['nav.bones'], description: publicText['public.serviceBones'] }),
  [publicPaths.contact.path]: () => ({
    name: publicText['public.contactHeading'],
    description: publicText['public.contactIntro'],
  }),
  [publicPaths.suggest.path]: () => ({
    name: publicText['public.suggestHeading'],
    description: publicText['public.contactIntro'],
  }),
  [publicPaths.approved.path]: (identity) => ({
    name: identityWords(identity).approvedHeading,
    description: publicText['public.approvedIntro'],
  }),
  [publicPaths.team.path]: (identity) => ({
    name: identityWords(identity).teamHeading,
    description: fill(text['share.teamDescription'], { site: identityWords(identity).siteTitle }),
  }),
  [publicPaths.memorial.path]: () => ({
    name: publicText['public.memorialHeading'],
    description: publicText['public.memorialText'],
  }),
  [publicPaths.plan.path]: (identity) => ({
    name: publicText['nav.plan'],
    description: fill(text['share.planDescription'], { site: identityWords(identity).siteTitle }),
  }),
  [publicPaths.notices.path]: (identity) => ({
    name: noticesPublicText['noticesPublic.heading'],
    description: fill(text['share.noticesDescription'], { site: identityWords(identity).siteTitle }),
  }),
  [publicPaths.login.path]: (identity) => ({
    name: publicText['public.loginHeading'],
    description: fill(text['share.loginDescription'], { site: identityWords(identity).siteTitle }),
  }),
  [publicPaths.setup.path]: (identity) => ({
    name: setupText['setup.heading'],
    description: fill(text['share.loginDescription'], { site: identityWords(identity).siteTitle }),
  }),
};

/**
 * Pages of one grave's burial or of one correction. Their own title and description, their own address, and
 * kept out of the indexes: a form for the family, and a follow-up address that is private.
 */
const PRIVATE_PAGES: Record<
  string,
  { name: string; description: string; href: (p: Record<string, string>) => string }
> = {
  [publicPaths.correctBurial.path]: {
    name: correctionsPublicText['correctionsPublic.pageTitle'],
    description: correctionsPublicText['correctionsPublic.pageDescription'],
    href: (p) => publicPaths.correctBurial.href(p.graveId ?? '', p.personId ?? ''),
  },
  [publicPaths.gravePhoto.path]: {
    name: photosPublicText['photosPublic.pageTitle'],
    description: photosPublicText['photosPublic.pageDescription'],
    href: (p) => publicPaths.gravePhoto.href(p.graveId ?? ''),
  },
  [publicPaths.correctionFollow.path]: {
    name: correctionsPublicText['correctionsPublic.followTitle'],
    description: correctionsPublicText['correctionsPublic.followDescription'],
    href: (p) => publicPaths.correctionFollow.href(p.token ?? ''),
  },
};

/** The pages kept out of search engines' indexes (and out of the sitemap). */
const NOT_INDEXED: readonly string[] = [publicPaths.login.path, publicPaths.setup.path];

/** Whether a public page (by its pattern) is for search engines: not the login, the first start, the pages. */
export const isIndexed = (pattern: string): boolean => !NOT_INDEXED.includes(pattern) && !(pattern in PRIVATE_PAGES);

/** An address on this site, absolute. */
export const absolute = (base: string, path: string): string => `${base}${path}`;

/** The site's preview image's address, its version in the query so that a changed identity is a new image. */
export const sitePreviewPath = (identity: SiteIdentity): string =>
  `${previewPaths.site}?v=${cardVersion(siteCard(identity))}`;

function cemeteryLd(identity: SiteIdentity, base: string): Record<string, unknown> {
  const words = identityWords(identity);
  const { contact } = identity;
  return {
    '@type': 'Cemetery',
    '@id': absolute(base, '/#cemetery'),
    name: words.siteTitle,
    description: words.metaDescription,
    url: absolute(base, '/'),
    logo: absolute(base, logoAddress(identity, 512)),
    image: absolute(base, sitePreviewPath(identity)),
    ...(contact.address || identity.villageName
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(contact.address ? { streetAddress: contact.address } : {}),
            ...(identity.villageName ? { addressLocality: identity.villageName } : {}),
          },
        }
      : {}),
    ...(contact.phones[0] ? { telephone: contact.phones[0] } : {}),
    ...(contact.emails[0] ? { email: contact.emails[0] } : {}),
  };
}

const withContext = (value: Record<string, unknown>) => ({ '@context': 'https://schema.org', ...value });

/** The head of a public page. */
export function pageHead(input: PageHeadInput): PageHead {
  const { pattern, answer, identity, base } = input;
  const words = identityWords(identity);
  const site = words.siteTitle;
  const titled = (name: string) => fill(text['share.pageTitle'], { page: name, site });
  const siteImage = absolute(base, sitePreviewPath(identity));
  const head = (
    parts: Omit<PageHead, 'siteName' | 'imageAlt' | 'noindex' | 'canonical'> & { noindex?: boolean },
  ): PageHead => ({
    noindex: false,
    ...parts,
    canonical: base ? parts.url : null,
    siteName: site,
    imageAlt: fill(text['share.imageAlt'], { site, title: parts.shareTitle }),
  });

  if (pattern === publicPaths.grave.path && isGraveAnswer(answer)) {
    const url = absolute(base, publicPaths.grave.href(answer._id));
    const name = graveName(answer);
    const card = graveCard(answer, identity);
    const description = answer.buriedPersons.length
      ? fill(text['share.graveDescription'], { grave: name, site, names: latestNames(answer) })
      : fill(text['share.graveDescriptionEmpty'], { grave: name, site });
    return head({
      title: titled(name),
      shareTitle: name,
      description: shorten(description, DESCRIPTION_CHARS),
      url,
      image: absolute(base, `${previewPaths.grave(answer._id)}?v=${cardVersion(card)}`),
      type: 'website',
      jsonLd: [
        withContext({
          '@type': 'Place',
          '@id': `${url}#grave`,
          name,
          url,
          containedInPlace: { '@id': absolute(base, '/#cemetery'), '@type': 'Cemetery', name: site },
        }),
        ...answer.buriedPersons.slice(0, 20).map((person) =>
          withContext({
            '@type': 'Person',
            name: person.name,
            description: `${sharedText['burial.date']}: ${formatBurialDate(person.burialDate, person.datePrecision)}`,
            subjectOf: { '@id': `${url}#grave` },
          }),
        ),
      ],
    });
  }

  if (pattern === publicPaths.article.path && isArticleAnswer(answer)) {
    const url = absolute(base, publicPaths.article.href(answer._id));
    const description = shorten(answer.content, DESCRIPTION_CHARS);
    return head({
      title: titled(shorten(answer.title, 90)),
      shareTitle: shorten(answer.title, 90),
      description,
      url,
      image: siteImage,
      type: 'article',
      jsonLd: [
        withContext({
          '@type': 'Article',
          headline: shorten(answer.title, 110),
          description,
          url,
          mainEntityOfPage: url,
          inLanguage: 'ar',
          image: siteImage,
          ...(answer.createdAt ? { datePublished: answer.createdAt } : {}),
          publisher: {
            '@type': 'Organization',
            name: site,
            logo: { '@type': 'ImageObject', url: absolute(base, logoAddress(identity, 512)) },
          },
        }),
      ],
    });
  }

  if (pattern === publicPaths.notice.path && isNoticeAnswer(answer)) {
    const url = absolute(base, publicPaths.notice.href(answer.id));
    const card = noticeCard(answer, identity);
    const shareTitle = fill(text['share.noticeTitle'], { name: answer.name });
    const prayer = noticePrayerLine(answer);
    const graveUrl = answer.grave ? absolute(base, publicPaths.grave.href(answer.grave._id)) : null;
    return head({
      title: titled(shareTitle),
      shareTitle,
      description: shorten(answer.relations ? `${prayer}. ${answer.relations}` : prayer, DESCRIPTION_CHARS),
      url,
      image: absolute(base, `${previewPaths.notice(answer.id)}?v=${cardVersion(card)}`),
      type: 'article',
      jsonLd: [
        withContext({
          '@type': 'Person',
          '@id': `${url}#person`,
          name: answer.name,
          ...(answer.relations ? { description: answer.relations } : {}),
          ...(answer.grave && graveUrl
            ? {
                subjectOf: {
                  '@type': 'Place',
                  name: graveName(answer.grave),
                  url: graveUrl,
                  containedInPlace: { '@id': absolute(base, '/#cemetery'), '@type': 'Cemetery', name: site },
                },
              }
            : {}),
        }),
        withContext({
          '@type': 'Event',
          name: fill(text['share.funeralPrayerOf'], { name: answer.name }),
          ...(answer.prayerInstant ? { startDate: answer.prayerInstant } : {}),
          eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
          eventStatus: 'https://schema.org/EventScheduled',
          location: { '@type': 'Mosque', name: answer.mosque },
          about: { '@id': `${url}#person` },
          url,
        }),
      ],
    });
  }

  const own = PRIVATE_PAGES[pattern];
  if (own) {
    return head({
      title: titled(own.name),
      shareTitle: own.name,
      description: own.description,
      url: absolute(base, own.href(input.params)),
      image: siteImage,
      type: 'website',
      noindex: true,
      jsonLd: [],
    });
  }

  // The home page, and every page without a record of its own (or whose record is not there: a 404's head names
  // the site, not a missing grave).
  const fixed = FIXED_PAGES[pattern]?.(identity);
  const path = pattern.includes(':') ? null : pattern;
  const url = absolute(base, path ?? '/');
  if (!fixed || path === null) {
    return head({
      title: site,
      shareTitle: site,
      description: words.metaDescription,
      url: absolute(base, '/'),
      image: siteImage,
      type: 'website',
      jsonLd: pattern === publicPaths.home.path ? [withContext(cemeteryLd(identity, base))] : [],
      noindex: pattern !== publicPaths.home.path,
    });
  }
  return head({
    title: titled(fixed.name),
    shareTitle: fixed.name,
    description: shorten(fixed.description, DESCRIPTION_CHARS),
    url,
    image: siteImage,
    type: 'website',
    noindex: NOT_INDEXED.includes(pattern),
    jsonLd: [],
  });
}
