// The grave status rules of the API issue: derived whenever a grave is read, never by a timer.
import { GRAVE_STATUS, type Gender, type GraveStatus } from '../types';

export const DEFAULT_RESTING_PERIOD_DAYS = 365;

const DAY_MS = 86_400_000;

/** Whole days from a to b, both YYYY-MM-DD (calendar days, independent of time zones). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * The register's time zone unless the deployment sets TIMEZONE (server/start/config.ts): the village's, where a burial
 * date and "today" are read. The one spelling of it; the console reads the zone the server runs with.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) that `now` is in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Building a DateTimeFormat costs far more than using one, and this runs on every request: keep one per zone.
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export interface StatusInput {
  gender: Gender;
  full: boolean;
  /** The newest burial date of the grave, YYYY-MM-DD, or null when it is empty. */
  lastBurialDate: string | null;
}

export interface DerivedStatus {
  status: GraveStatus;
  daysUntilAvailable: number | null;
}

export function deriveStatus(
  grave: StatusInput,
  today: string,
  restingPeriodDays: number = DEFAULT_RESTING_PERIOD_DAYS,
): DerivedStatus {
  if (grave.full) return { status: GRAVE_STATUS.full, daysUntilAvailable: null };
  // An ossuary takes remains, not new graves: it is never offered as available.
  if (grave.gender === 'bones') return { status: GRAVE_STATUS.unavailable, daysUntilAvailable: null };
  if (grave.lastBurialDate !== null) {
    const elapsed = daysBetween(grave.lastBurialDate, today);
    if (elapsed < restingPeriodDays) {
      return {
        status: GRAVE_STATUS.unavailable,
        daysUntilAvailable: Math.max(1, restingPeriodDays - elapsed),
      };
    }
  }
  return { status: GRAVE_STATUS.available, daysUntilAvailable: 0 };
}

/**
 * deriveStatus as a condition a query can apply (the next grave, the statistics and a page of a section
 * are read through an index, not by deriving every grave): a grave that is not full is available today when it is
 * empty or its newest burial day is on or before the day this returns; null when none of the section ever is (an
 * ossuary). Dates are YYYY-MM-DD, so the comparison is one of text. tests/domain/graveStatus.test.ts holds it to
 * deriveStatus around the boundary.
 */
export function availableSince(
  gender: Gender,
  today: string,
  restingPeriodDays: number = DEFAULT_RESTING_PERIOD_DAYS,
): string | null {
  if (gender === 'bones') return null;
  // elapsed = daysBetween(last, today) >= restingPeriodDays  ⇔  last <= today − restingPeriodDays.
  return new Date(Date.parse(`${today}T00:00:00Z`) - restingPeriodDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days a burial still rests: 0 once today ≥ its date + the resting period, so its remains may be moved
 * to the ossuary; otherwise at least 1. The one rule the transfer's server check and the console's dialog share.
 */
export function restingDaysLeft(
  burialDate: string,
  today: string,
  restingPeriodDays: number = DEFAULT_RESTING_PERIOD_DAYS,
): number {
  const elapsed = daysBetween(burialDate, today);
  return elapsed >= restingPeriodDays ? 0 : Math.max(1, restingPeriodDays - elapsed);
}

/**
 * Whether a burial may be recorded now (spec screen 10's bury button and the API's bury rule):
 * never in a full grave; otherwise when available, or when the last burial is today (a second burial
 * the same day, as families sometimes need). Bone sections take remains unless full.
 */
export function canBury(
  grave: { gender: Gender; status: GraveStatus; lastBurialDate: string | null },
  today: string,
): boolean {
  if (grave.status === GRAVE_STATUS.full) return false;
  if (grave.gender === 'bones') return true;
  if (grave.status === GRAVE_STATUS.available) return true;
  return grave.lastBurialDate === today;
}
