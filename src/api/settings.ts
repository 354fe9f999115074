// The register's settings the browser must share with the server: "today" is the date in the server's time zone
// (the bury button and the burial form's latest date depend on it), and the resting period.
import { DEFAULT_RESTING_PERIOD_DAYS, DEFAULT_TIME_ZONE } from '../domain/rules/graveStatus';
import { call, type RequestOptions } from './client';
import { paths } from './paths';
import { readIdentity, type SiteIdentity } from '../domain/identity/siteIdentity';

export interface RegisterSettings {
  /** IANA time zone, e.g. Africa/Cairo. */
  timeZone: string;
  restingPeriodDays: number;
}

/**
 * What a browser assumes until the server has answered, or when it cannot (an older server without /settings):
 * the server's own defaults.
 */
export const FALLBACK_SETTINGS: RegisterSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  restingPeriodDays: DEFAULT_RESTING_PERIOD_DAYS,
};

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The settings of an answer; a field that is missing or unusable keeps its fallback, so no screen breaks on it. */
export function readRegisterSettings(answer: unknown): RegisterSettings {
  const given = (answer && typeof answer === 'object' ? answer : {}) as Partial<
    Record<keyof RegisterSettings, unknown>
  >;
  const days = given.restingPeriodDays;
  return {
    timeZone: isTimeZone(given.timeZone) ? given.timeZone : FALLBACK_SETTINGS.timeZone,
    restingPeriodDays:
      typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : FALLBACK_SETTINGS.restingPeriodDays,
  };
}

/** GET /settings. Refusals and network failures throw ApiError, as every call of the client does. */
export async function fetchRegisterSettings(options: RequestOptions = {}): Promise<RegisterSettings> {
  return readRegisterSettings(await call<unknown>(paths.settings(), options));
}

/** GET /settings, the village's identity in it: what is missing or unusable takes the empty identity's. */
export async function fetchSiteIdentity(options: RequestOptions = {}): Promise<SiteIdentity> {
  return readIdentity(await call<unknown>(paths.settings(), options));
}
