// How counts, grave numbers and initials read in Arabic, and the one rule for staff addresses and passwords.
import { describe, expect, it } from 'vitest';
import {
  formatDays,
  formatGraveNumber,
  formatNumber,
  personInitials,
  pluralCategory,
} from '../../src/domain/text/format';
import { formatCount, formatWaitMinutes, NOUNS } from '../../src/domain/text/nouns';
import { t } from '../../src/domain/messages';
import {
  checkNewPassword,
  checkStaffEmail,
  LIMITS,
  loginFormErrors,
  refusedField,
} from '../../src/domain/rules/validation';

describe('counted nouns', () => {
  it('follow the six Arabic plural categories of Intl.PluralRules', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000].map(pluralCategory)).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
      'other',
      'other',
      'few',
      'many',
      'other',
    ]);
  });

  it('letters: حرف واحد, حرفان, ٣ أحرف, ٨ أحرف, ١١ حرفًا, ١٠٠ حرف', () => {
    expect(formatCount(1, 'letter')).toBe('حرف واحد');
    expect(formatCount(2, 'letter')).toBe('حرفان');
    expect(formatCount(3, 'letter')).toBe('٣ أحرف');
    expect(formatCount(8, 'letter')).toBe('٨ أحرف');
    expect(formatCount(11, 'letter')).toBe('١١ حرفًا');
    expect(formatCount(100, 'letter')).toBe('١٠٠ حرف');
    expect(formatCount(0, 'letter')).toBe('٠ حرف');
    expect(formatCount(103, 'letter')).toBe('١٠٣ أحرف');
  });

  it('a wait in minutes after بعد, rounded up to a whole minute and never below one', () => {
    // Seconds as Retry-After gives them: 1 s and 60 s are one minute, 61 s two, 700 s twelve.
    expect([1, 60, 61, 150, 700, 900, 3000].map(formatWaitMinutes)).toEqual([
      'دقيقة واحدة',
      'دقيقة واحدة',
      'دقيقتين',
      '٣ دقائق',
      '١٢ دقيقة',
      '١٥ دقيقة',
      '٥٠ دقيقة',
    ]);
    expect(formatWaitMinutes(0)).toBe('دقيقة واحدة');
    expect(formatWaitMinutes(11 * 60)).toBe('١١ دقيقة');
  });

  it('days and graves; a count keeps its thousands separator', () => {
    // After بعد the dual is genitive: متاحة بعد يومين.
    expect([1, 2, 3, 11, 100].map(formatDays)).toEqual(['يوم واحد', 'يومين', '٣ أيام', '١١ يومًا', '١٠٠ يوم']);
    expect(formatCount(2, 'letter', 'genitive')).toBe('حرفين');
    expect(formatCount(11, 'letter', 'genitive')).toBe('١١ حرفًا');
    expect(formatCount(1500, 'grave')).toBe('١٬٥٠٠ مقبرة');
    expect(formatCount(2, 'grave')).toBe('مقبرتان');
    expect(formatCount(5, 'grave')).toBe('٥ مقابر');
  });

  it('every noun has a form for each category, the number written at {n} in few, many and other', () => {
    for (const [name, forms] of Object.entries(NOUNS)) {
      for (const category of ['few', 'many', 'other'] as const) expect(forms[category], name).toContain('{n}');
      for (const category of ['one', 'two', 'twoGenitive'] as const) expect(forms[category], name).not.toContain('{n}');
    }
  });

  it('the fixed counts written in messages agree with the plural rule', () => {
    expect(t('register.passwordShort')).toContain(formatCount(LIMITS.registerPasswordMin, 'letter'));
    expect(t('register.passwordLong')).toContain(formatCount(LIMITS.passwordMax, 'letter'));
    expect(t('burial.nameInvalid')).toContain(formatCount(LIMITS.burialNameMax, 'letter'));
    expect(t('suggest.textInvalid')).toContain(formatCount(LIMITS.suggestionTextMax, 'letter').replace('٬', ''));
    expect(t('grave.labelInvalid')).toContain(formatCount(LIMITS.boneLabelMax, 'letter'));
    expect(t('suggest.phoneInvalid')).toContain(formatCount(LIMITS.phoneDigitsMax, 'digit'));
  });
});

describe('grave numbers', () => {
  it('are never grouped: ٩٠٠٥, not ٩٬٠٠٥; quantities are', () => {
    expect(formatGraveNumber(9005)).toBe('٩٠٠٥');
    expect(formatGraveNumber(100000)).toBe('١٠٠٠٠٠');
    expect(formatGraveNumber(7)).toBe('٧');
    expect(formatNumber(9005)).toBe('٩٬٠٠٥');
  });

  it('bone-section labels stay as written; one numbered in digits reads as a number', () => {
    expect(formatGraveNumber('المرحلة الأولى')).toBe('المرحلة الأولى');
    expect(formatGraveNumber('9005')).toBe('٩٠٠٥');
    expect(formatGraveNumber('المرحلة 3')).toBe('المرحلة 3');
  });
});

describe('initials', () => {
  it('come from the first and the last word, the article ال skipped', () => {
    expect(personInitials('أحمد السيد')).toBe('أ س');
    expect(personInitials('محمد عبد الرحمن الشناوي')).toBe('م ش');
    expect(personInitials('  سارة  ')).toBe('س');
    expect(personInitials('mona hassan')).toBe('M H');
    expect(personInitials('')).toBe('');
  });
});

describe('staff e-mail and password rules', () => {
  it('an address must be one and end in .com or .net, as the login form says', () => {
    expect(checkStaffEmail(' a@b.com ')).toEqual({ ok: true, value: 'a@b.com' });
    expect(checkStaffEmail('a@b.NET').ok).toBe(true);
    expect(checkStaffEmail('a@b.org')).toEqual({ ok: false, error: 'auth.emailTld' });
    expect(checkStaffEmail('a@b.com.eg')).toEqual({ ok: false, error: 'auth.emailTld' });
    expect(checkStaffEmail('a@com')).toEqual({ ok: false, error: 'auth.emailInvalid' });
    expect(checkStaffEmail('')).toEqual({ ok: false, error: 'auth.emailRequired' });
    expect(checkStaffEmail(undefined)).toEqual({ ok: false, error: 'auth.emailRequired' });
    for (const email of ['a@b.org', 'a@b', '', 'x@y.com']) {
      const rule = checkStaffEmail(email);
      expect(loginFormErrors(email, 'long-enough').email).toBe(rule.ok ? undefined : rule.error);
    }
  });

  it('a password being set has 8 to 200 characters, kept as typed', () => {
    expect(checkNewPassword('1234567')).toEqual({ ok: false, error: 'register.passwordShort' });
    expect(checkNewPassword(' 1234567')).toEqual({ ok: true, value: ' 1234567' });
    expect(checkNewPassword('x'.repeat(200)).ok).toBe(true);
    expect(checkNewPassword('x'.repeat(201))).toEqual({ ok: false, error: 'register.passwordLong' });
    expect(checkNewPassword(12345678)).toEqual({ ok: false, error: 'register.passwordShort' });
  });
});

describe('refusals about a field', () => {
  it('name the field of the body they are about; others are about the whole save', () => {
    expect(refusedField(t('grave.duplicate'))).toBe('number');
    expect(refusedField(t('auth.emailTld'))).toBe('email');
    expect(refusedField(t('register.passwordShort'))).toBe('password');
    expect(refusedField(t('article.titleInvalid'))).toBe('title');
    expect(refusedField(t('grave.cannotUpdateFull'))).toBeNull();
    expect(refusedField('anything else')).toBeNull();
  });
});
