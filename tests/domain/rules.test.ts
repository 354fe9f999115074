// The pure rules the server enforces and the forms warn with: grave status and days, the bury rule, input checks,
// and who may do what.
import { describe, expect, it } from 'vitest';
import { canBury, daysBetween, deriveStatus, restingDaysLeft, todayIn } from '../../src/domain/rules/graveStatus';
import { can } from '../../src/domain/rules/policy';
import {
  checkBurialDate,
  checkGraveNumber,
  checkPhone,
  checkText,
  loginFormErrors,
  TEXT_FIELDS,
} from '../../src/domain/rules/validation';

describe('deriveStatus', () => {
  const today = '2026-03-10';
  it.each([
    [{ gender: 'men', full: false, lastBurialDate: null }, 365, { status: 'متاحة', daysUntilAvailable: 0 }],
    [
      { gender: 'men', full: false, lastBurialDate: '2026-03-10' },
      365,
      { status: 'غير متاحة', daysUntilAvailable: 365 },
    ],
    [
      { gender: 'women', full: false, lastBurialDate: '2025-03-11' },
      365,
      { status: 'غير متاحة', daysUntilAvailable: 1 },
    ],
    [{ gender: 'women', full: false, lastBurialDate: '2025-03-10' }, 365, { status: 'متاحة', daysUntilAvailable: 0 }],
    [{ gender: 'men', full: true, lastBurialDate: '2026-03-10' }, 365, { status: 'ممتلئة', daysUntilAvailable: null }],
    [{ gender: 'men', full: true, lastBurialDate: null }, 365, { status: 'ممتلئة', daysUntilAvailable: null }],
    [{ gender: 'bones', full: false, lastBurialDate: null }, 365, { status: 'غير متاحة', daysUntilAvailable: null }],
    [{ gender: 'bones', full: true, lastBurialDate: null }, 365, { status: 'ممتلئة', daysUntilAvailable: null }],
    [{ gender: 'men', full: false, lastBurialDate: '2026-03-01' }, 30, { status: 'غير متاحة', daysUntilAvailable: 21 }],
    [{ gender: 'men', full: false, lastBurialDate: '2026-03-10' }, 0, { status: 'متاحة', daysUntilAvailable: 0 }],
  ] as const)('%j with %i days → %j', (grave, days, expected) => {
    expect(deriveStatus(grave, today, days)).toEqual(expected);
  });

  it('counts calendar days across a leap day and daylight saving changes', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-04-20', '2026-05-05')).toBe(15);
    expect(daysBetween('2026-10-25', '2026-11-05')).toBe(11);
  });
});

describe('todayIn', () => {
  it('is the calendar date in the given zone', () => {
    expect(todayIn('Africa/Cairo', new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(todayIn('UTC', new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('Africa/Cairo', new Date('2026-03-10T21:59:00Z'))).toBe('2026-03-10');
  });
});

describe('restingDaysLeft (who may be moved to the ossuary)', () => {
  it('is 0 once today is the burial date plus the resting period, else the days left (at least 1)', () => {
    expect(restingDaysLeft('2025-03-10', '2026-03-10', 365)).toBe(0);
    expect(restingDaysLeft('2025-03-11', '2026-03-10', 365)).toBe(1);
    expect(restingDaysLeft('2025-08-10', '2026-03-10', 365)).toBe(153);
    expect(restingDaysLeft('2026-03-10', '2026-03-10', 365)).toBe(365);
    expect(restingDaysLeft('1990-01-01', '2026-03-10')).toBe(0);
    expect(restingDaysLeft('2026-03-10', '2026-03-10', 0)).toBe(0);
  });
});

describe('transfer and undo policy', () => {
  it("moving remains is staff work; the resting override and undo are the manager's alone", () => {
    expect(can('admin', 'transfers', 'create')).toBe(true);
    expect(can('manager', 'transfers', 'create')).toBe(true);
    expect(can('admin', 'restOverride', 'create')).toBe(false);
    expect(can('manager', 'restOverride', 'create')).toBe(true);
    expect(can('admin', 'undo', 'create')).toBe(false);
    expect(can('manager', 'undo', 'create')).toBe(true);
  });
});

describe('canBury', () => {
  const today = '2026-03-10';
  it('never in a full grave; in an available one; in a resting one only when its last burial is today', () => {
    expect(canBury({ gender: 'men', status: 'ممتلئة', lastBurialDate: today }, today)).toBe(false);
    expect(canBury({ gender: 'bones', status: 'ممتلئة', lastBurialDate: null }, today)).toBe(false);
    expect(canBury({ gender: 'men', status: 'متاحة', lastBurialDate: null }, today)).toBe(true);
    expect(canBury({ gender: 'men', status: 'غير متاحة', lastBurialDate: today }, today)).toBe(true);
    expect(canBury({ gender: 'women', status: 'غير متاحة', lastBurialDate: '2026-03-09' }, today)).toBe(false);
    expect(canBury({ gender: 'bones', status: 'غير متاحة', lastBurialDate: '2026-03-09' }, today)).toBe(true);
  });
});

describe('input checks', () => {
  it('grave numbers', () => {
    expect(checkGraveNumber('men', 1)).toEqual({ ok: true, value: 1 });
    expect(checkGraveNumber('men', 100000)).toEqual({ ok: true, value: 100000 });
    expect(checkGraveNumber('women', '٤٢')).toEqual({ ok: true, value: 42 });
    for (const bad of [0, 100001, 1.5, -3, '', 'x', null]) {
      expect(checkGraveNumber('men', bad), String(bad)).toEqual({ ok: false, error: 'grave.numberInvalid' });
    }
    expect(checkGraveNumber('bones', 'المرحلة الثانية')).toEqual({ ok: true, value: 'المرحلة الثانية' });
    expect(checkGraveNumber('bones', 7)).toEqual({ ok: true, value: '7' });
    expect(checkGraveNumber('bones', 'x'.repeat(101))).toEqual({ ok: false, error: 'grave.labelInvalid' });
  });

  it('burial dates', () => {
    const today = '2026-03-10';
    expect(checkBurialDate('2026-03-10', today)).toEqual({ ok: true, value: '2026-03-10' });
    expect(checkBurialDate('2024-02-29', today)).toEqual({ ok: true, value: '2024-02-29' });
    expect(checkBurialDate('2020-05-06T13:45:00Z', today)).toEqual({ ok: true, value: '2020-05-06' });
    expect(checkBurialDate('1900-01-01', today)).toEqual({ ok: true, value: '1900-01-01' });
    expect(checkBurialDate('٢٠٢٠-٠٥-٠٦', today)).toEqual({ ok: true, value: '2020-05-06' });
    expect(checkBurialDate('2023-02-30', today)).toEqual({ ok: false, error: 'burial.dateInvalid' });
    expect(checkBurialDate('2026-03-11', today)).toEqual({ ok: false, error: 'burial.dateFuture' });
    expect(checkBurialDate('1899-12-31', today)).toEqual({ ok: false, error: 'burial.dateTooOld' });
    expect(checkBurialDate(20200506, today)).toEqual({ ok: false, error: 'burial.dateInvalid' });
    expect(checkBurialDate('2020-05-06T13:45', today)).toEqual({ ok: true, value: '2020-05-06' });
    expect(checkBurialDate('2020-05-06 13:45:10.123+02:00', today)).toEqual({ ok: true, value: '2020-05-06' });
    for (const bad of ['2020-05-06T', '2020-05-06T:::', '2020-05-06T25:00', '2020-05-06T12:60', '2020-05-06T1.2.3']) {
      expect(checkBurialDate(bad, today), bad).toEqual({ ok: false, error: 'burial.dateInvalid' });
    }
  });

  it('phones: 6–20 digits, optional +, spaces or dashes; Arabic-Indic digits become 0–9', () => {
    expect(checkPhone('+20 100-123-4567')).toEqual({ ok: true, value: '+201001234567' });
    expect(checkPhone('٠١٠٠١٢٣٤٥٦٧')).toEqual({ ok: true, value: '01001234567' });
    expect(checkPhone('۰۱۰۰۱۲۳۴۵۶۷')).toEqual({ ok: true, value: '01001234567' });
    for (const bad of ['12345', '1'.repeat(21), '12a456', '+-', '']) {
      expect(checkPhone(bad).ok, bad).toBe(false);
    }
  });

  it('text: trimmed, not blank, within the limit counted in characters', () => {
    expect(checkText('  علي  ', 5, 'burial.nameInvalid', TEXT_FIELDS.burialName)).toEqual({ ok: true, value: 'علي' });
    expect(checkText('   ', 5, 'burial.nameInvalid', TEXT_FIELDS.burialName)).toEqual({
      ok: false,
      error: 'burial.nameInvalid',
    });
    expect(checkText('😀'.repeat(5), 5, 'burial.nameInvalid', TEXT_FIELDS.burialName).ok).toBe(true);
    expect(checkText('abcdef', 5, 'burial.nameInvalid', TEXT_FIELDS.burialName).ok).toBe(false);
  });

  it('the login form rules', () => {
    expect(loginFormErrors('', '')).toEqual({ email: 'auth.emailRequired', password: 'auth.passwordIncorrect' });
    expect(loginFormErrors('a@b', 'longpass')).toEqual({ email: 'auth.emailInvalid' });
    expect(loginFormErrors('a@b.org', 'longpass')).toEqual({ email: 'auth.emailTld' });
    expect(loginFormErrors('a@b.com', '12345')).toEqual({ password: 'auth.passwordIncorrect' });
    expect(loginFormErrors('a@b.net', '123456')).toEqual({});
  });
});

describe('policy', () => {
  it('admin keeps graves and burials; manager everything; nobody without a role', () => {
    expect(can('admin', 'graves', 'create')).toBe(true);
    expect(can('admin', 'burials', 'delete')).toBe(true);
    for (const resource of ['suggestions', 'articles', 'users', 'audit'] as const) {
      expect(can('admin', resource, 'list'), resource).toBe(false);
      expect(can('manager', resource, 'list'), resource).toBe(true);
    }
    expect(can('admin', 'password', 'edit')).toBe(true);
    expect(can(null, 'graves', 'list')).toBe(false);
  });
});
