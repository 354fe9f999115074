// The one rule for a death notice (نعي), read by the API (which enforces it) and the console's form (which
// warns before sending). A new notice is checked whole; a change (PUT takes any subset of the fields) is merged
// into the stored notice and the merged whole is checked again, so no sequence of changes can store what a new
// notice could not (but a prayer time already past, which only a new notice is refused for).
import type { MessageKey } from '../messages';
import { checkBurialName, checkText, LIMITS, TEXT_FIELDS, type TextField } from '../rules/validation';
import { isoDay } from '../text/textRules';
import { addDays, dayOf, isLocalDateTime, zonedInstant } from '../dates/zonedTime';
import { daysBetween } from '../rules/graveStatus';
import { isCondolenceFor, NOTICE_DAYS_ON_HOME, NOTICE_RECENT_DAYS, type Condolence, type Notice } from './notice';

/** A notice's own fields as stored (what a form sends, checked and tidied). */
export interface NoticeFields {
  name: string;
  relations: string | null;
  /** YYYY-MM-DDTHH:mm in the register's time zone. */
  prayerAt: string;
  mosque: string;
  afterPrayer: string | null;
  graveId: string | null;
  burialId: string | null;
  condolences: Condolence[];
  /** YYYY-MM-DD. */
  endsAt: string;
  hidden: boolean;
}

/** The body's fields, as names (the API's body and the form's fields are named the same). */
export const NOTICE_FIELDS = [
  'name',
  'relations',
  'prayerAt',
  'mosque',
  'afterPrayer',
  'graveId',
  'burialId',
  'condolences',
  'endsAt',
  'hidden',
] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];

/** Why a notice cannot be saved: the field it is about and the Arabic reason's key (with its parameters). */
export interface NoticeRefusal {
  field: NoticeField;
  error: MessageKey;
  params?: Record<string, string | number>;
}

export type NoticeChecked = { ok: true; value: NoticeFields } | { ok: false; refusal: NoticeRefusal };

/** What the rule needs to know of the moment: now, and the register's time zone. */
export interface NoticeClock {
  now: Date;
  timeZone: string;
}

class Refused extends Error {
  constructor(readonly refusal: NoticeRefusal) {
    super(refusal.error);
  }
}
const refuse = (field: NoticeField, error: MessageKey, params?: Record<string, string | number>): never => {
  throw new Refused(params ? { field, error, params } : { field, error });
};

/** The default last day on the home page: the prayer's day and NOTICE_DAYS_ON_HOME days after. */
export const defaultEndsAt = (prayerAt: string): string => addDays(dayOf(prayerAt), NOTICE_DAYS_ON_HOME);

/** An optional one-line text: absent, null or only white space is none; otherwise the input rules and a length. */
function optionalLine(
  value: unknown,
  max: number,
  error: MessageKey,
  textField: TextField,
  field: NoticeField,
  params?: Record<string, string | number>,
): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return refuse(field, error, params);
  if (value.trim() === '') return null;
  const checked = checkText(value, max, error, textField);
  if (!checked.ok) return refuse(field, checked.error, checked.error === error ? params : undefined);
  return checked.value;
}

function requiredLine(value: unknown, max: number, error: MessageKey, textField: TextField, field: NoticeField) {
  const checked = checkText(value, max, error, textField);
  return checked.ok ? checked.value : refuse(field, checked.error);
}

function optionalId(value: unknown, field: NoticeField, error: MessageKey): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 100) return refuse(field, error);
  return value;
}

function day(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return isoDay(value.trim());
}

function checkCondolences(value: unknown): Condolence[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return refuse('condolences', 'notice.condolencesInvalid');
  if (value.length > LIMITS.condolencesMax) return refuse('condolences', 'notice.condolencesTooMany');
  return value.map((item: unknown, i) => {
    const n = i + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return refuse('condolences', 'notice.condolencesInvalid');
    }
    const c = item as Record<string, unknown>;
    const place = checkText(
      c.place,
      LIMITS.condolencePlaceMax,
      'notice.condolencePlaceInvalid',
      TEXT_FIELDS.condolencePlace,
    );
    if (!place.ok) {
      return refuse('condolences', place.error, place.error === 'notice.condolencePlaceInvalid' ? { n } : undefined);
    }
    if (!isCondolenceFor(c.for)) return refuse('condolences', 'notice.condolenceForInvalid', { n });
    const from = day(c.from);
    const to = day(c.to);
    if (from === null || to === null) return refuse('condolences', 'notice.condolenceDateInvalid', { n });
    if (from > to) return refuse('condolences', 'notice.condolenceDateOrder', { n });
    const hours = optionalLine(
      c.hours,
      LIMITS.condolenceHoursMax,
      'notice.condolenceHoursInvalid',
      TEXT_FIELDS.condolenceHours,
      'condolences',
      { n },
    );
    return { place: place.value, for: c.for, from, to, hours };
  });
}

function checkPrayerAt(value: unknown): string {
  if (typeof value !== 'string' || !isLocalDateTime(value.trim())) return refuse('prayerAt', 'notice.prayerAtInvalid');
  return value.trim();
}

/** Every field of a whole notice (stored values pass as they are). */
function checkWhole(input: Record<string, unknown>, endsAtDefault: (prayerAt: string) => string): NoticeFields {
  const name = checkBurialName(input.name);
  if (!name.ok) refuse('name', name.error);
  const relations = optionalLine(
    input.relations,
    LIMITS.noticeRelationsMax,
    'notice.relationsInvalid',
    TEXT_FIELDS.noticeRelations,
    'relations',
  );
  const prayerAt = checkPrayerAt(input.prayerAt);
  const mosque = requiredLine(
    input.mosque,
    LIMITS.noticeMosqueMax,
    'notice.mosqueInvalid',
    TEXT_FIELDS.noticeMosque,
    'mosque',
  );
  const afterPrayer = optionalLine(
    input.afterPrayer,
    LIMITS.noticeAfterPrayerMax,
    'notice.afterPrayerInvalid',
    TEXT_FIELDS.noticeAfterPrayer,
    'afterPrayer',
  );
  const graveId = optionalId(input.graveId, 'graveId', 'notice.graveNotFound');
  const burialId = optionalId(input.burialId, 'burialId', 'notice.burialNotFound');
  const condolences = checkCondolences(input.condolences);
  let endsAt: string;
  if (input.endsAt === undefined || input.endsAt === null || input.endsAt === '') {
    endsAt = endsAtDefault(prayerAt);
  } else {
    const given = day(input.endsAt);
    if (given === null) return refuse('endsAt', 'notice.endsAtInvalid');
    endsAt = given;
  }
  if (endsAt < dayOf(prayerAt)) refuse('endsAt', 'notice.endsAtBeforePrayer');
  const hidden = input.hidden ?? false;
  if (typeof hidden !== 'boolean') refuse('hidden', 'notice.hiddenInvalid');
  return {
    name: name.ok ? name.value : '',
    relations,
    prayerAt,
    mosque,
    afterPrayer,
    graveId,
    burialId,
    condolences,
    endsAt,
    hidden: hidden === true,
  };
}

function checked(run: () => NoticeFields): NoticeChecked {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/**
 * A new notice: every field, `endsAt` defaulting to the prayer's day + NOTICE_DAYS_ON_HOME, and a prayer time
 * already past in the register's zone refused unless the burial is already recorded (a burialId given).
 */
export function checkNewNotice(input: Record<string, unknown>, clock: NoticeClock): NoticeChecked {
  return checked(() => {
    const value = checkWhole(input, defaultEndsAt);
    if (value.burialId === null && zonedInstant(value.prayerAt, clock.timeZone).getTime() < clock.now.getTime()) {
      refuse('prayerAt', 'notice.prayerPast');
    }
    return value;
  });
}

/**
 * A change to a stored notice: the fields given replace the stored ones (null clears an optional one, and resets
 * `endsAt` to its default), and the merged whole is checked again. A prayer moved while `endsAt` was its default
 * moves `endsAt` with it.
 */
export function checkNoticeChange(stored: NoticeFields, patch: Record<string, unknown>): NoticeChecked {
  const given = Object.fromEntries(Object.entries(patch).filter(([key, v]) => isNoticeField(key) && v !== undefined));
  const merged: Record<string, unknown> = { ...stored, ...given };
  const followsPrayer = stored.endsAt === defaultEndsAt(stored.prayerAt) && !('endsAt' in given);
  if (followsPrayer) delete merged.endsAt;
  return checked(() => checkWhole(merged, defaultEndsAt));
}

const isNoticeField = (key: string): key is NoticeField => (NOTICE_FIELDS as readonly string[]).includes(key);

/** On the home page today: not hidden, and its last day not passed. */
export function isNoticeCurrent(notice: Pick<Notice, 'hidden' | 'endsAt'>, today: string): boolean {
  return !notice.hidden && notice.endsAt >= today;
}

/** The first prayer day `/notices` still lists (with `days` back, the last NOTICE_RECENT_DAYS by default). */
export const recentSince = (today: string, days: number = NOTICE_RECENT_DAYS): string => addDays(today, -days);

/** On `/notices`: current, or not hidden and its prayer within the last `days` days. */
export function isNoticeRecent(
  notice: Pick<Notice, 'hidden' | 'endsAt' | 'prayerAt'>,
  today: string,
  days: number = NOTICE_RECENT_DAYS,
): boolean {
  if (notice.hidden) return false;
  if (isNoticeCurrent(notice, today)) return true;
  const prayerDay = dayOf(notice.prayerAt);
  return prayerDay <= today && daysBetween(prayerDay, today) <= days;
}

/** Newest prayer first (the order of every public list of notices). */
export const byNewestPrayer = (a: Pick<Notice, 'prayerInstant'>, b: Pick<Notice, 'prayerInstant'>): number =>
  a.prayerInstant < b.prayerInstant ? 1 : a.prayerInstant > b.prayerInstant ? -1 : 0;

/**
 * The day a notice's burial is recorded on unless the clerk types another: the funeral prayer's day. Before that day
 * the burial has not happened, so it is not dated today in its place (the grave's rest would count from the wrong
 * day): `early` says so, and the console and the API say from which day it can be recorded.
 */
export function noticeBurialDay(prayerDay: string, today: string): { day: string; early: boolean } {
  return { day: prayerDay, early: prayerDay > today };
}
