// Configuration from the environment. A bad value stops start-up with a one-line reason (ConfigError).
import { DEFAULT_NEXT_GRAVE_ORDER, type NextGraveOrder } from '../../src/domain/rules/nextGrave';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { CALENDARS_FIRST, type CalendarFirst } from '../../src/domain/dates/dateText';
import { DEFAULT_RESTING_PERIOD_DAYS, DEFAULT_TIME_ZONE } from '../../src/domain/rules/graveStatus';
import { DEFAULT_PENDING_PHOTO_DAYS, DEFAULT_PENDING_PHOTOS_MAX_MB } from '../../src/domain/rules/pending';
import { t, type MessageKey } from '../../src/domain/messages';
import { checkNewPassword, checkStaffEmail } from '../../src/domain/rules/validation';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log';
import { DEFAULT_DECODE_BUDGET_MB } from '../images/decoding';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Why a staff address is refused, for the person at the console of the machine: English as the rest of the
 * command-line text, followed by the Arabic message the API and the forms give for the same address.
 */
export function emailRefusal(email: string, error: MessageKey): string {
  const reason =
    error === 'auth.emailTld'
      ? 'must end in .com or .net (the login form accepts no other address)'
      : error === 'auth.emailRequired'
        ? 'is empty'
        : 'is not an e-mail address';
  return `the e-mail "${email}" ${reason}: ${t(error)}`;
}

/**
 * No proxy trusted; or `hops` proxies in a row in front, the nearest being whoever connects (nginx on the same
 * machine: 1); or the proxies named by address or range (any peer not listed is the client itself).
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

export interface Config {
  port: number;
  host: string;
  /** `file:PATH` (SQLite) or `postgres://…` */
  databaseUrl: string;
  /** null: generated once and kept in the database's token_secret table (left out of backups). */
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  restingPeriodDays: number;
  /** Which available grave GET /api/graves/next offers: the lowest number, or the one available the longest. */
  nextGraveOrder: NextGraveOrder;
  /** Which calendar a burial date names first on the pages and in the console (the other follows it). */
  calendarFirst: CalendarFirst;
  timeZone: string;
  managerEmail: string | null;
  managerPassword: string | null;
  /** Origins allowed to call the API from a browser; empty = same origin only. */
  corsOrigins: string[];
  /** Folder of the built site (index.html + assets), served with SPA fallback when present; STATIC_DIR=none: API only. */
  staticDir: string | null;
  /**
   * What the log says (server/start/log.ts): `access` one line per request and all below; `info` (the default) staff
   * writes, requests slower than a second, failures and start-up notices; `warn` slow requests and failures;
   * `error` failures only; `silent` nothing (tests).
   */
  logLevel: LogLevel;
  /** `json` lines (pino; the default of npm start) or `text` lines for a person (npm run demo, npm run dev). */
  logFormat: LogFormat;
  /** Which reverse proxies in front are trusted to say who the client is (X-Forwarded-For, X-Forwarded-Proto). */
  trustProxy: TrustProxy;
  /** Daily online backups of the SQLite register go here (null: none). */
  backupDir: string | null;
  /** How many daily backups to keep. */
  backupKeep: number;
  /** API requests a client may make per minute (a burst of that many, refilled evenly); 0 turns the ceiling off. */
  rateLimitPerMinute: number;
  /** How long a client may take to send a request's headers, and the whole request, before 408 and a closed socket. */
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  /** Addresses in one sitemap file; past it /sitemap.xml is an index of /sitemap-<n>.xml. The protocol's 50,000. */
  sitemapMaxUrls: number;
  /**
   * The folder of the graves' photos (one folder per photo), an absolute path. Every process of a site
   * shares it (a mounted folder when they run on several machines); the backups carry it beside the database.
   */
  photosDir: string;
  /**
   * Past this many burials the phones get no offline copy of the register (GET /api/search/index answers
   * 404; searching needs the network): a city's copy is too large for a phone, and for the server to build at each
   * change. 0: no ceiling.
   */
  offlineIndexMaxBurials: number;
  /**
   * Where this machine keeps the name index between starts (server/data/searchSnapshot.ts), an absolute
   * path; null (SEARCH_INDEX_FILE=none): built from the names at every start.
   */
  searchIndexFile: string | null;
  /** Days a visitor's photo waits for a decision before it is removed with its files (src/domain/rules/pending.ts). */
  pendingPhotoDays: number;
  /** Bytes the pending photos' files may take together, the whole register's; past it a new one is refused (507). */
  pendingPhotosMaxBytes: number;
  /**
   * What decoding one sent image (a photo, a logo) may hold, in megabytes, counted from its header before it is
   * decoded (server/images/decoding.ts); the images decoded at once share it. IMAGE_DECODE_BUDGET_MB.
   */
  imageDecodeBudgetMb: number;
}

const DURATION = /^(\d+)\s*(s|m|h|d)?$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

export function parseDuration(name: string, value: string): number {
  const m = DURATION.exec(value.trim());
  if (!m) throw new ConfigError(`${name}="${value}" is not a duration (examples: 3600, 90m, 12h, 7d)`);
  const seconds = Number(m[1]) * UNIT_SECONDS[(m[2] ?? 's') as keyof typeof UNIT_SECONDS];
  if (seconds < 60 || seconds > 90 * 86400) throw new ConfigError(`${name} must be between 1 minute and 90 days`);
  return seconds;
}

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name}="${value}" is not a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}`);
  return n;
}

function nextGraveOrder(value: string | undefined): NextGraveOrder {
  const v = value?.trim() || DEFAULT_NEXT_GRAVE_ORDER;
  if (v !== 'lowest' && v !== 'longest') {
    throw new ConfigError(
      `NEXT_GRAVE_ORDER: "${v}" is not longest (never used first, then the longest rested) or lowest (the lowest number)`,
    );
  }
  return v;
}

function calendarFirst(value: string | undefined): CalendarFirst {
  const v = value?.trim() || 'gregorian';
  if (!(CALENDARS_FIRST as readonly string[]).includes(v)) {
    throw new ConfigError(`DATE_CALENDAR_FIRST: "${v}" is not gregorian or hijri (the calendar a date names first)`);
  }
  return v as CalendarFirst;
}

function timeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    throw new ConfigError(`TIMEZONE="${value}" is not an IANA time zone (example: Africa/Cairo)`);
  }
}

/** The names proxy-addr (Fastify's reader of X-Forwarded-For) knows for whole ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts nobody; a number, the proxy hops in front (`true` is the older spelling
 * of 1); otherwise a comma-separated list of proxy addresses, ranges (CIDR) or proxy-addr's range names. Trusting
 * every hop (what `true` meant before) would let a client name its own address by writing X-Forwarded-For.
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return { hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY="${v}": at most 10 proxy hops (nginx in front is 1)`);
    return { hops };
  }
  const proxies = v.split(',').map((entry) => entry.trim());
  const bad = proxies.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY: "${bad}" is not a number of proxy hops, true, false, or a proxy address or range (127.0.0.1, 10.0.0.0/8, loopback)`,
    );
  }
  return { proxies };
}

export function databaseUrlFrom(value: string | undefined): string {
  const url = value?.trim() || 'file:data/cemetery.sqlite';
  if (url.startsWith('file:') && url.length > 5) return url;
  if (/^postgres(ql)?:\/\/.+/.test(url)) return url;
  throw new ConfigError(`DATABASE_URL must be file:PATH or postgres://… (got "${url}")`);
}

/**
 * PHOTOS_DIR, or by default the folder `photos` beside the SQLite file (so a register and its photos move, and are
 * backed up, together), or `data/photos` on PostgreSQL; resolved against the working folder as DATABASE_URL is.
 */
export function photosDirFrom(value: string | undefined, databaseUrl: string): string {
  const dir = value?.trim();
  if (dir) return resolve(dir);
  if (databaseUrl.startsWith('file:')) return resolve(dirname(resolve(databaseUrl.slice('file:'.length))), 'photos');
  return resolve('data/photos');
}

/**
 * SEARCH_INDEX_FILE, or by default the file beside the SQLite register (`<file>.search-index`), or on PostgreSQL one
 * under data/search-index named by the database's address (its password left out), so that two registers served from
 * one folder never read each other's; `none` keeps none.
 */
export function searchIndexFileFrom(value: string | undefined, databaseUrl: string): string | null {
  const file = value?.trim();
  if (file === 'none') return null;
  if (file) return resolve(file);
  if (databaseUrl.startsWith('file:')) return `${resolve(databaseUrl.slice('file:'.length))}.search-index`;
  const address = databaseUrl.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1@');
  return resolve('data/search-index', `${createHash('sha256').update(address).digest('hex').slice(0, 16)}.bin`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secret = env.JWT_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (or leave it unset to generate one)');
  }
  const managerEmail = env.MANAGER_EMAIL?.trim() || null;
  const managerPassword = env.MANAGER_PASSWORD || null;
  if ((managerEmail === null) !== (managerPassword === null)) {
    throw new ConfigError('MANAGER_EMAIL and MANAGER_PASSWORD go together: set both or neither');
  }
  // The same rules as every other way of creating an account: a manager the login form refuses could never sign in.
  if (managerEmail !== null) {
    const checked = checkStaffEmail(managerEmail);
    if (!checked.ok) {
      throw new ConfigError(`MANAGER_EMAIL: ${emailRefusal(managerEmail, checked.error)}`);
    }
  }
  if (managerPassword !== null) {
    const checked = checkNewPassword(managerPassword);
    if (!checked.ok) throw new ConfigError(`MANAGER_PASSWORD must be 8 to 200 characters: ${t(checked.error)}`);
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be ${LOG_LEVELS.join(', ')}`);
  const logFormat = (env.LOG_FORMAT?.trim() || 'json') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) throw new ConfigError(`LOG_FORMAT must be ${LOG_FORMATS.join(' or ')}`);
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin like https://example.com`);
    }
  }
  const headersTimeoutSeconds = env.HEADERS_TIMEOUT ? integer('HEADERS_TIMEOUT', env.HEADERS_TIMEOUT, 1, 600) : 30;
  const requestTimeoutSeconds = env.REQUEST_TIMEOUT ? integer('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 1, 3600) : 60;
  // Node refuses a headers timeout longer than the request's: the headers are part of the request.
  if (headersTimeoutSeconds > requestTimeoutSeconds) {
    throw new ConfigError('HEADERS_TIMEOUT cannot be longer than REQUEST_TIMEOUT');
  }
  const databaseUrl = databaseUrlFrom(env.DATABASE_URL);
  return {
    port: env.PORT ? integer('PORT', env.PORT, 0, 65535) : 3000,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    jwtSecret: secret,
    tokenTtlSeconds: env.TOKEN_TTL ? parseDuration('TOKEN_TTL', env.TOKEN_TTL) : 12 * 3600,
    restingPeriodDays: env.RESTING_PERIOD_DAYS
      ? integer('RESTING_PERIOD_DAYS', env.RESTING_PERIOD_DAYS, 0, 36500)
      : DEFAULT_RESTING_PERIOD_DAYS,
    nextGraveOrder: nextGraveOrder(env.NEXT_GRAVE_ORDER),
    calendarFirst: calendarFirst(env.DATE_CALENDAR_FIRST),
    timeZone: timeZone(env.TIMEZONE?.trim() || DEFAULT_TIME_ZONE),
    managerEmail,
    managerPassword,
    corsOrigins,
    staticDir: env.STATIC_DIR?.trim() === 'none' ? null : env.STATIC_DIR?.trim() || 'dist',
    logLevel,
    logFormat,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    backupDir: env.BACKUP_DIR?.trim() || null,
    backupKeep: env.BACKUP_KEEP ? integer('BACKUP_KEEP', env.BACKUP_KEEP, 1, 3650) : 14,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE
      ? integer('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 0, 1_000_000)
      : 600,
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    sitemapMaxUrls: env.SITEMAP_MAX_URLS ? integer('SITEMAP_MAX_URLS', env.SITEMAP_MAX_URLS, 1, 50_000) : 50_000,
    photosDir: photosDirFrom(env.PHOTOS_DIR, databaseUrl),
    offlineIndexMaxBurials: env.OFFLINE_INDEX_MAX_BURIALS
      ? integer('OFFLINE_INDEX_MAX_BURIALS', env.OFFLINE_INDEX_MAX_BURIALS, 0, 100_000_000)
      : 60_000,
    searchIndexFile: searchIndexFileFrom(env.SEARCH_INDEX_FILE, databaseUrl),
    pendingPhotoDays: env.PENDING_PHOTO_DAYS
      ? integer('PENDING_PHOTO_DAYS', env.PENDING_PHOTO_DAYS, 1, 3650)
      : DEFAULT_PENDING_PHOTO_DAYS,
    pendingPhotosMaxBytes:
      (env.PENDING_PHOTOS_MAX_MB
        ? integer('PENDING_PHOTOS_MAX_MB', env.PENDING_PHOTOS_MAX_MB, 1, 10_000_000)
        : DEFAULT_PENDING_PHOTOS_MAX_MB) *
      1024 *
      1024,
    imageDecodeBudgetMb: env.IMAGE_DECODE_BUDGET_MB
      ? integer('IMAGE_DECODE_BUDGET_MB', env.IMAGE_DECODE_BUDGET_MB, 16, 4096)
      : DEFAULT_DECODE_BUDGET_MB,
  };
}
