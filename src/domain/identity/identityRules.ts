// The one rule for a change of the village's identity, at every door that writes it: the settings call
// (PUT /api/settings), the first start's setup (the village's name and the site's address) and the console's form,
// which warns before sending. A change is checked whole: the clean value of every field given, or the reason of the
// first refused.
import { toWesternDigits } from '../search/normalize';
import type { MessageKey } from '../messages';
import { cleanText, type TextKind } from '../text/textRules';
import { isEmail, type Checked } from '../rules/validation';
import {
  IDENTITY_FIELDS,
  SOCIAL_KINDS,
  type CommitteeContact,
  type IdentityPatch,
  type IdentityTexts,
  type SocialKind,
  type TeamCard,
} from './siteIdentity';

export const IDENTITY_LIMITS = {
  villageNameMax: 80,
  cemeteryNameMax: 100,
  descriptionMax: 600,
  urlMax: 300,
  addressMax: 300,
  textMax: 600,
  teamNameMax: 80,
  teamRoleMax: 80,
  emailsMax: 5,
  phonesMax: 5,
  socialMax: 10,
  teamMax: 12,
} as const;

class Refused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/** A text after the input rules, trimmed, within max characters; '' allowed unless required. */
function text(value: unknown, max: number, error: MessageKey, kind: TextKind = 'line', required = false): string {
  if (typeof value !== 'string') throw new Refused(error);
  const clean = cleanText(value, kind);
  if (!clean.ok) throw new Refused(error);
  const trimmed = kind === 'line' ? clean.value.replace(/\s+/g, ' ').trim() : clean.value.trim();
  if ((required && trimmed === '') || [...trimmed].length > max) throw new Refused(error);
  return trimmed;
}

/** An http(s) address, whole; '' allowed where optional. */
export function checkWebAddress(value: unknown, error: MessageKey, optional = true): string {
  const given = text(value, IDENTITY_LIMITS.urlMax, error);
  if (given === '' && optional) return '';
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Refused(error);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) {
    throw new Refused(error);
  }
  return url.href;
}

/** A scheme written before the host: `https://`, `ftp://`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * A host a visitor can type: a domain name of two labels or more (xn-- for an Arabic one, as the URL parser writes it),
 * localhost, an IPv4 address, or an IPv6 one in brackets. A single word (`kafr`) is a typo, not a site.
 */
const SITE_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+|localhost|\[[0-9a-f:.]+\])$/;

/**
 * The site's public address as it is stored: scheme, host, port and path, no trailing slash. What a visitor types is
 * taken (`kafr-salem.com` is https://kafr-salem.com); a query, a fragment or credentials are refused, each with its
 * reason, since every absolute address of the site is this text with a path after it.
 */
function siteUrl(value: unknown): string {
  const given = text(value, IDENTITY_LIMITS.urlMax, 'settings.siteUrlInvalid');
  if (given === '') return '';
  if (/[?#]/.test(given)) throw new Refused('settings.siteUrlQuery');
  if (/[\s\\]/.test(given)) throw new Refused('settings.siteUrlInvalid');
  const scheme = SCHEME.exec(given)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'https' && scheme !== 'http') throw new Refused('settings.siteUrlScheme');
  const written = scheme === undefined ? `https://${given}` : given;
  // The authority runs from the scheme's // to the first /: an @ there names a user (a bare `@` too).
  const authority = written.slice(written.indexOf('//') + 2).split('/')[0] ?? '';
  if (authority.includes('@')) throw new Refused('settings.siteUrlCredentials');
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    throw new Refused('settings.siteUrlInvalid');
  }
  if (!SITE_HOST.test(url.hostname)) throw new Refused('settings.siteUrlInvalid');
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  const stored = `${url.protocol}//${url.host}${path}`;
  // An Arabic host or path grows when encoded: what is stored keeps the same bound as what is typed.
  if (stored.length > IDENTITY_LIMITS.urlMax) throw new Refused('settings.siteUrlInvalid');
  return stored;
}

/**
 * The site's address by the one rule (the settings call, the first start, the console's form): the address as it
 * will be stored ('' for none), or the reason it is refused.
 */
export function checkSiteUrl(value: unknown): Checked<string> {
  try {
    return { ok: true, value: siteUrl(value) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.key };
    throw error;
  }
}

function list<T>(value: unknown, max: number, error: MessageKey, item: (v: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new Refused(error);
  if (value.length > max) throw new Refused('settings.tooMany');
  return value.map(item);
}

function email(value: unknown, error: MessageKey): string {
  const given = text(value, 254, error, 'line', true);
  if (!isEmail(given)) throw new Refused(error);
  return given;
}

/** A phone as people write it (Arabic-Indic digits too), kept readable: digits, spaces, dashes, a leading +. */
function phone(value: unknown, error: MessageKey): string {
  const given = toWesternDigits(text(value, 30, error, 'line', true));
  const digits = given.replace(/\D/g, '');
  if (!/^\+?[\d\s()-]+$/.test(given) || digits.length < 6 || digits.length > 20) throw new Refused(error);
  return given;
}

function contact(value: unknown): CommitteeContact {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused('settings.socialInvalid');
  const given = value as Record<string, unknown>;
  return {
    emails: list(given.emails ?? [], IDENTITY_LIMITS.emailsMax, 'settings.emailInvalid', (v) =>
      email(v, 'settings.emailInvalid'),
    ),
    phones: list(given.phones ?? [], IDENTITY_LIMITS.phonesMax, 'settings.phoneInvalid', (v) =>
      phone(v, 'settings.phoneInvalid'),
    ),
    address: text(given.address ?? '', IDENTITY_LIMITS.addressMax, 'settings.addressInvalid', 'multiline'),
    social: list(given.social ?? [], IDENTITY_LIMITS.socialMax, 'settings.socialInvalid', (v) => {
      const link = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
      if (!(SOCIAL_KINDS as readonly unknown[]).includes(link.kind)) throw new Refused('settings.socialInvalid');
      return { kind: link.kind as SocialKind, url: checkWebAddress(link.url, 'settings.socialInvalid', false) };
    }),
  };
}

function texts(value: unknown): IdentityTexts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused('settings.textInvalid');
  const given = value as Record<string, unknown>;
  const one = (v: unknown) => text(v ?? '', IDENTITY_LIMITS.textMax, 'settings.textInvalid', 'multiline');
  return {
    heroTitle: one(given.heroTitle),
    about: one(given.about),
    approvedHeading: one(given.approvedHeading),
    teamHeading: one(given.teamHeading),
  };
}

function teamCard(value: unknown): TeamCard {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused('settings.teamInvalid');
  const given = value as Record<string, unknown>;
  const card: TeamCard = {
    name: text(given.name, IDENTITY_LIMITS.teamNameMax, 'settings.teamInvalid', 'line', true),
    role: text(given.role, IDENTITY_LIMITS.teamRoleMax, 'settings.teamInvalid', 'line', true),
  };
  if (given.email !== undefined && given.email !== '') card.email = email(given.email, 'settings.teamInvalid');
  if (given.phone !== undefined && given.phone !== '') card.phone = phone(given.phone, 'settings.teamInvalid');
  if (given.profileUrl !== undefined && given.profileUrl !== '') {
    card.profileUrl = checkWebAddress(given.profileUrl, 'settings.teamInvalid', false);
  }
  return card;
}

/** The village's name alone (the first start's setup names it too). */
export function checkVillageName(value: unknown): Checked<string> {
  try {
    return {
      ok: true,
      value: text(value, IDENTITY_LIMITS.villageNameMax, 'settings.villageNameInvalid', 'line', true),
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.key };
    throw error;
  }
}

/**
 * A change of the identity: only the fields of IDENTITY_FIELDS, each clean, or the first reason. An unknown field
 * or no field at all is refused too, so a typo never looks saved.
 */
export function checkIdentityPatch(value: unknown): Checked<IdentityPatch> {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused('settings.nothing');
    const given = value as Record<string, unknown>;
    const patch: IdentityPatch = {};
    const names = Object.keys(given).filter((name) => given[name] !== undefined);
    if (names.length === 0) throw new Refused('settings.nothing');
    for (const name of names) {
      if (!(IDENTITY_FIELDS as readonly string[]).includes(name)) throw new Refused('settings.nothing');
    }
    const L = IDENTITY_LIMITS;
    if ('villageName' in given) {
      patch.villageName = text(given.villageName, L.villageNameMax, 'settings.villageNameInvalid', 'line', true);
    }
    if ('cemeteryName' in given) {
      patch.cemeteryName = text(given.cemeteryName, L.cemeteryNameMax, 'settings.cemeteryNameInvalid');
    }
    if ('description' in given) {
      patch.description = text(given.description, L.descriptionMax, 'settings.descriptionInvalid', 'multiline');
    }
    if ('siteUrl' in given) patch.siteUrl = siteUrl(given.siteUrl);
    if ('themeColor' in given) {
      if (typeof given.themeColor !== 'string' || !/^#[0-9a-f]{6}$/i.test(given.themeColor.trim())) {
        throw new Refused('settings.themeColorInvalid');
      }
      patch.themeColor = given.themeColor.trim().toLowerCase();
    }
    if ('contact' in given) patch.contact = contact(given.contact);
    if ('texts' in given) patch.texts = texts(given.texts);
    if ('team' in given) patch.team = list(given.team, L.teamMax, 'settings.teamInvalid', teamCard);
    return { ok: true, value: patch };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.key };
    throw error;
  }
}
