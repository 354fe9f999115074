// Input rules shared by the API (which enforces them) and the forms (which warn before sending).
import { toWesternDigits } from '../search/normalize';
import { daysBetween } from './graveStatus';
import { t, type MessageKey } from '../messages';
import { GENDERS, type Gender } from '../types';
import { cleanText, isoDay, SUGGESTION_LIMITS, tidyName, type TextKind } from '../text/textRules';

export const LIMITS = {
  graveNumberMax: 100_000,
  boneLabelMax: 100,
  burialNameMax: 200,
  suggestionTextMax: SUGGESTION_LIMITS.textMax,
  personNameMax: SUGGESTION_LIMITS.nameMax,
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
  // A death notice's texts.
  noticeRelationsMax: 300,
  noticeMosqueMax: 150,
  noticeAfterPrayerMax: 100,
  condolencePlaceMax: 200,
  condolenceHoursMax: 100,
  condolencesMax: 10,
} as const;

/** A rule either gives the clean value or the key of the Arabic reason. */
export type Checked<T, E extends MessageKey = MessageKey> = { ok: true; value: T } | { ok: false; error: E };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T>(error: MessageKey): Checked<T> => ({ ok: false, error });

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

/** A stored text's field for the input rules (textRules.ts): one line or several, and its reasons in Arabic. */
export interface TextField {
  kind: TextKind;
  /** A control character (tab and newline too, in one line). */
  control: MessageKey;
  /** A lone surrogate: a broken character that would not be stored as sent. */
  unpaired: MessageKey;
}

/** The fields that have their reasons in messages/inputRules.ts (input.<name>.control and .unpaired). */
type RuledField = { [K in MessageKey]: K extends `input.${infer Name}.control` ? Name : never }[MessageKey];

const field = (kind: TextKind, name: RuledField): TextField => ({
  kind,
  control: `input.${name}.control` as MessageKey,
  unpaired: `input.${name}.unpaired` as MessageKey,
});

/**
 * Every stored free text and the rules it follows. Names and labels are one line; a suggestion, an article's body,
 * a reason for the audit trail and a ledger's notes may be several (newline and tab kept).
 */
export const TEXT_FIELDS = {
  burialName: field('line', 'burialName'),
  suggestionText: field('multiline', 'suggestionText'),
  suggestionName: field('line', 'suggestionName'),
  articleTitle: field('line', 'articleTitle'),
  articleContent: field('multiline', 'articleContent'),
  accountName: field('line', 'accountName'),
  email: field('line', 'email'),
  password: field('line', 'password'),
  graveLabel: field('line', 'graveLabel'),
  reopenReason: field('multiline', 'reopenReason'),
  importNotes: field('multiline', 'importNotes'),
  fileName: field('line', 'fileName'),
  noticeRelations: field('line', 'noticeRelations'),
  noticeMosque: field('line', 'noticeMosque'),
  noticeAfterPrayer: field('line', 'noticeAfterPrayer'),
  condolencePlace: field('line', 'condolencePlace'),
  condolenceHours: field('line', 'condolenceHours'),
} as const satisfies Record<string, TextField>;

/** The input rules alone (no length or presence): the clean text, or the field's reason. */
export function checkTextRules(value: string, textField: TextField): Checked<string> {
  const clean = cleanText(value, textField.kind);
  return clean.ok ? ok(clean.value) : fail(textField[clean.fault]);
}

/**
 * Text with something besides white space, trimmed, within max characters, after the input rules of its field
 * (textRules.ts: refused when it holds a broken character or a control character, bidi controls stripped).
 */
export function checkText(value: unknown, max: number, error: MessageKey, textField: TextField): Checked<string> {
  if (typeof value !== 'string') return fail(error);
  const clean = checkTextRules(value, textField);
  if (!clean.ok) return clean;
  const trimmed = clean.value.trim();
  if (trimmed === '' || [...trimmed].length > max) return fail(error);
  return ok(trimmed);
}

/**
 * A buried person's name at every door (the bury and correction calls, the ledger, the import): the input rules,
 * then the noise taken out (tidyName), then present and within its length.
 */
export function checkBurialName(value: unknown): Checked<string> {
  if (typeof value !== 'string') return fail('burial.nameInvalid');
  const clean = checkTextRules(value, TEXT_FIELDS.burialName);
  if (!clean.ok) return clean;
  return checkText(tidyName(clean.value), LIMITS.burialNameMax, 'burial.nameInvalid', TEXT_FIELDS.burialName);
}

/** men/women: a whole number 1..100000; bones: a whole number or a label of 1..100 characters. */
export function checkGraveNumber(gender: Gender, value: unknown): Checked<number | string> {
  const asText = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (asText === null) return fail(gender === 'bones' ? 'grave.labelInvalid' : 'grave.numberInvalid');
  // A bone section's label is a stored name: its input rules first (a number's section refuses any non-digit).
  const clean = gender === 'bones' ? checkTextRules(asText, TEXT_FIELDS.graveLabel) : ok(asText);
  if (!clean.ok) return clean;
  const label = clean.value.trim();
  const digits = toWesternDigits(label);
  const whole = /^\d+$/.test(digits) ? Number(digits) : NaN;
  if (gender !== 'bones') {
    if (!Number.isInteger(whole) || whole < 1 || whole > LIMITS.graveNumberMax) return fail('grave.numberInvalid');
    return ok(whole);
  }
  if (Number.isInteger(whole) && whole >= 1 && whole <= LIMITS.graveNumberMax) return ok(String(whole));
  if (label === '' || [...label].length > LIMITS.boneLabelMax) return fail('grave.labelInvalid');
  return ok(label);
}

/**
 * A real calendar date, not after today, not before 1900. A full ISO timestamp is kept as its date part; its zone,
 * when written, must be a real UTC offset (within ±14:00).
 */
export function checkBurialDate(value: unknown, today: string): Checked<string> {
  if (typeof value !== 'string') return fail('burial.dateInvalid');
  const date = isoDay(toWesternDigits(value.trim()));
  if (date === null) return fail('burial.dateInvalid');
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
  const clean = checkTextRules(typeof value === 'string' ? value : '', TEXT_FIELDS.email);
  if (!clean.ok) return clean;
  const e = clean.value.trim();
  if (e === '') return fail('auth.emailRequired');
  if (!isEmail(e)) return fail('auth.emailInvalid');
  const tld = e.slice(e.lastIndexOf('.') + 1).toLowerCase();
  if (!(STAFF_EMAIL_TLDS as readonly string[]).includes(tld)) return fail('auth.emailTld');
  return ok(e);
}

/**
 * The one rule for a password being set (register, a password change, the account command, MANAGER_PASSWORD):
 * at least registerPasswordMin and at most passwordMax characters, kept exactly as typed. A broken character would
 * be hashed as U+FFFD (two different passwords becoming one) and a control character cannot be typed at the login
 * form, so both are refused; bidi controls are kept (a password is never shown, and stripping would change it).
 */
export function checkNewPassword(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.length < LIMITS.registerPasswordMin) return fail('register.passwordShort');
  const rules = checkTextRules(value, TEXT_FIELDS.password);
  if (!rules.ok) return rules;
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

/**
 * The field each refusal is about, named as the API's bodies name it: a form shows such a refusal under that field,
 * and every other refusal on its own (one message for one refused save, never both).
 */
export const REFUSAL_FIELD: Partial<Record<MessageKey, string>> = {
  'grave.duplicate': 'number',
  'grave.numberInvalid': 'number',
  'grave.labelInvalid': 'number',
  'grave.genderInvalid': 'gender',
  'burial.nameInvalid': 'name',
  'burial.dateInvalid': 'burialDate',
  'burial.dateFuture': 'burialDate',
  'burial.dateTooOld': 'burialDate',
  'article.titleInvalid': 'title',
  'article.contentInvalid': 'content',
  'register.nameInvalid': 'name',
  'auth.emailRequired': 'email',
  'auth.emailInvalid': 'email',
  'auth.emailTld': 'email',
  'register.emailTaken': 'email',
  'register.passwordShort': 'password',
  'register.passwordLong': 'password',
  'input.burialName.control': 'name',
  'input.burialName.unpaired': 'name',
  'input.articleTitle.control': 'title',
  'input.articleTitle.unpaired': 'title',
  'input.articleContent.control': 'content',
  'input.articleContent.unpaired': 'content',
  'input.accountName.control': 'name',
  'input.accountName.unpaired': 'name',
  'input.email.control': 'email',
  'input.email.unpaired': 'email',
  'input.password.control': 'password',
  'input.password.unpaired': 'password',
  'input.graveLabel.control': 'number',
  'input.graveLabel.unpaired': 'number',
  // A notice's fields (its name is the burial name's: 'name' above).
  'notice.relationsInvalid': 'relations',
  'input.noticeRelations.control': 'relations',
  'input.noticeRelations.unpaired': 'relations',
  'notice.prayerAtInvalid': 'prayerAt',
  'notice.prayerPast': 'prayerAt',
  'notice.mosqueInvalid': 'mosque',
  'input.noticeMosque.control': 'mosque',
  'input.noticeMosque.unpaired': 'mosque',
  'notice.afterPrayerInvalid': 'afterPrayer',
  'input.noticeAfterPrayer.control': 'afterPrayer',
  'input.noticeAfterPrayer.unpaired': 'afterPrayer',
  'notice.condolencesInvalid': 'condolences',
  'notice.condolencesTooMany': 'condolences',
  'input.condolencePlace.control': 'condolences',
  'input.condolencePlace.unpaired': 'condolences',
  'input.condolenceHours.control': 'condolences',
  'input.condolenceHours.unpaired': 'condolences',
  'notice.endsAtInvalid': 'endsAt',
  'notice.endsAtBeforePrayer': 'endsAt',
  'notice.hiddenInvalid': 'hidden',
  'notice.graveNotFound': 'graveId',
  'notice.burialNotFound': 'burialId',
  'notice.burialNotInGrave': 'burialId',
};

const FIELD_BY_TEXT = new Map(
  Object.entries(REFUSAL_FIELD).map(([key, field]) => [t(key as MessageKey), field] as const),
);

/** The field a refusal's Arabic message is about (REFUSAL_FIELD), or null when it is about the whole save. */
export function refusedField(message: string): string | null {
  return FIELD_BY_TEXT.get(message) ?? null;
}

/**
 * A grave's position: decimal degrees, typed (any digits, a comma or a point) or as a phone reads them.
 * Both empty clears it. Kept to seven decimals (about a centimetre): more is noise.
 */
export function checkPosition(
  latitude: unknown,
  longitude: unknown,
): Checked<{ latitude: number; longitude: number } | null> {
  const read = (value: unknown) => {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string' || value.trim() === '') return null;
    const text = toWesternDigits(value.trim()).replace('٫', '.').replace(',', '.');
    return /^-?\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : NaN;
  };
  const lat = read(latitude);
  const lng = read(longitude);
  if (lat === null && lng === null) return ok(null);
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return fail('position.invalid');
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return fail('position.invalid');
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return ok({ latitude: round(lat), longitude: round(lng) });
}
