// Input rules shared by the API (which enforces them) and the forms (which warn before sending).
import { toWesternDigits } from './normalize';
import { daysBetween } from './graveStatus';
import type { MessageKey } from './messages';
import { GENDERS, type Gender } from './types';

export const LIMITS = {
  graveNumberMax: 100_000,
  boneLabelMax: 100,
  burialNameMax: 200,
  suggestionTextMax: 2000,
  personNameMax: 100,
  phoneDigitsMin: 6,
  phoneDigitsMax: 20,
  articleTitleMax: 200,
  articleContentMax: 50_000,
  accountNameMax: 100,
  emailMax: 254,
  registerPasswordMin: 8,
  loginPasswordMin: 6,
  passwordMax: 200,
  earliestBurialDate: '1900-01-01',
  searchQueryMax: 100,
} as const;

/** A rule either gives the clean value or the key of the Arabic reason. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T>(error: MessageKey): Checked<T> => ({ ok: false, error });

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

/** Text with something besides white space, trimmed, within max characters. */
export function checkText(value: unknown, max: number, error: MessageKey): Checked<string> {
  if (typeof value !== 'string') return fail(error);
  const trimmed = value.trim();
  if (trimmed === '' || [...trimmed].length > max) return fail(error);
  return ok(trimmed);
}

/** men/women: a whole number 1..100000; bones: a whole number or a label of 1..100 characters. */
export function checkGraveNumber(gender: Gender, value: unknown): Checked<number | string> {
  const asText = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (asText === null) return fail(gender === 'bones' ? 'grave.labelInvalid' : 'grave.numberInvalid');
  const digits = toWesternDigits(asText);
  const whole = /^\d+$/.test(digits) ? Number(digits) : NaN;
  if (gender !== 'bones') {
    if (!Number.isInteger(whole) || whole < 1 || whole > LIMITS.graveNumberMax) return fail('grave.numberInvalid');
    return ok(whole);
  }
  if (Number.isInteger(whole) && whole >= 1 && whole <= LIMITS.graveNumberMax) return ok(String(whole));
  if (asText === '' || [...asText].length > LIMITS.boneLabelMax) return fail('grave.labelInvalid');
  return ok(asText);
}

/**
 * A real calendar date, not after today, not before 1900. A full ISO timestamp is kept as its date part.
 */
export function checkBurialDate(value: unknown, today: string): Checked<string> {
  if (typeof value !== 'string') return fail('burial.dateInvalid');
  // The time of a full ISO timestamp must be a real time of day (hh:mm, optional seconds and fraction, optional
  // zone); it is then dropped. Anything else after the date is not a date.
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      toWesternDigits(value.trim()),
    );
  if (!m) return fail('burial.dateInvalid');
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = `${y}-${mo}-${d}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (
    Number.isNaN(parsed.getTime()) ||
    parsed.getUTCFullYear() !== Number(y) ||
    parsed.getUTCMonth() + 1 !== Number(mo) ||
    parsed.getUTCDate() !== Number(d)
  ) {
    return fail('burial.dateInvalid');
  }
  if (date < LIMITS.earliestBurialDate) return fail('burial.dateTooOld');
  if (daysBetween(today, date) > 0) return fail('burial.dateFuture');
  return ok(date);
}

/** 6–20 digits, optional leading +, spaces or dashes between; Arabic-Indic digits become 0–9. Stored compact. */
export function checkPhone(value: unknown): Checked<string> {
  if (typeof value !== 'string') return fail('suggest.phoneInvalid');
  const western = toWesternDigits(value.trim());
  if (!/^\+?[\d\s-]+$/.test(western)) return fail('suggest.phoneInvalid');
  const digits = western.replace(/\D/g, '');
  if (digits.length < LIMITS.phoneDigitsMin || digits.length > LIMITS.phoneDigitsMax) {
    return fail('suggest.phoneInvalid');
  }
  return ok((western.startsWith('+') ? '+' : '') + digits);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.emailMax && EMAIL.test(value);
}

/** The top-level domains a staff address may end in (spec section 5: the login form accepts com and net only). */
export const STAFF_EMAIL_TLDS = ['com', 'net'] as const;

/**
 * The one rule for a staff e-mail address, wherever an account is created or its address changed (the API, the
 * account command, MANAGER_EMAIL) and wherever one is typed (the login and account forms): the login form's rule,
 * so that no account can exist that cannot sign in. The clean value is trimmed.
 */
export function checkStaffEmail(value: unknown): Checked<string> {
  const e = typeof value === 'string' ? value.trim() : '';
  if (e === '') return fail('auth.emailRequired');
  if (!isEmail(e)) return fail('auth.emailInvalid');
  const tld = e.slice(e.lastIndexOf('.') + 1).toLowerCase();
  if (!(STAFF_EMAIL_TLDS as readonly string[]).includes(tld)) return fail('auth.emailTld');
  return ok(e);
}

/**
 * The one rule for a password being set (register, a password change, the account command, MANAGER_PASSWORD):
 * at least registerPasswordMin and at most passwordMax characters, kept exactly as typed.
 */
export function checkNewPassword(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.length < LIMITS.registerPasswordMin) return fail('register.passwordShort');
  if (value.length > LIMITS.passwordMax) return fail('register.passwordLong');
  return ok(value);
}

/** The login form's rules (spec section 5), every error collected, in the order the form shows them. */
export function loginFormErrors(email: string, password: string): { email?: MessageKey; password?: MessageKey } {
  const errors: { email?: MessageKey; password?: MessageKey } = {};
  const checked = checkStaffEmail(email);
  if (!checked.ok) errors.email = checked.error;
  // The spec shows every password error as 'كلمة المرور غير صحيحة'.
  if (password === '' || password.length < LIMITS.loginPasswordMin) errors.password = 'auth.passwordIncorrect';
  return errors;
}
