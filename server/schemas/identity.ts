// The village's identity in the contract: the fields GET /api/settings answers to anyone and
// PUT /api/settings takes. The body's schema only names the fields for the OpenAPI document: what each may hold is
// checked by the one rule (src/domain/identity/identityRules.ts), whose Arabic reason names the field refused.
import { SOCIAL_KINDS } from '../../src/domain/identity/siteIdentity';

const socialLink = {
  type: 'object',
  properties: { kind: { type: 'string', enum: SOCIAL_KINDS }, url: { type: 'string' } },
  required: ['kind', 'url'],
} as const;

const contact = {
  type: 'object',
  properties: {
    emails: { type: 'array', items: { type: 'string' } },
    phones: { type: 'array', items: { type: 'string' } },
    address: { type: 'string' },
    social: { type: 'array', items: socialLink },
  },
  required: ['emails', 'phones', 'address', 'social'],
} as const;

const texts = {
  type: 'object',
  description: "Texts of the pages that name the village or its committee; '' shows the default wording",
  properties: {
    heroTitle: { type: 'string' },
    about: { type: 'string' },
    approvedHeading: { type: 'string' },
    teamHeading: { type: 'string' },
  },
  required: ['heroTitle', 'about', 'approvedHeading', 'teamHeading'],
} as const;

const teamCard = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    role: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    profileUrl: { type: 'string' },
  },
  required: ['name', 'role'],
} as const;

export const identityProperties = {
  villageName: { type: 'string', description: "The village's name; '' until the first start names it" },
  cemeteryName: { type: 'string', description: "The cemetery's display name; '' = «مقابر» and the village's name" },
  description: { type: 'string', description: 'One paragraph: the home hero and the meta description' },
  siteUrl: {
    type: 'string',
    description:
      "The site's public address: scheme, host, port and path, no trailing slash, no query, fragment or " +
      'credentials; every absolute address of the site (links, sitemap, share previews, plates) is made from it ' +
      "alone, and '' leaves them out (plates are refused). A bare host is stored with https://",
  },
  themeColor: { type: 'string', description: '#rrggbb' },
  contact,
  texts,
  team: { type: 'array', items: teamCard },
  logo: {
    type: ['string', 'null'],
    description: 'Changes with each uploaded logo (POST /api/settings/logo); null: the product’s own mark',
  },
} as const;

export const IDENTITY_REQUIRED = Object.keys(identityProperties) as Array<keyof typeof identityProperties>;

/** Any subset of the identity's fields (the logo has its own call). */
export const identityPatch = {
  type: 'object',
  properties: {
    villageName: { type: 'string' },
    cemeteryName: { type: 'string' },
    description: { type: 'string' },
    siteUrl: { type: 'string' },
    themeColor: { type: 'string' },
    contact: { type: 'object' },
    texts: { type: 'object' },
    team: { type: 'array' },
  },
} as const;
