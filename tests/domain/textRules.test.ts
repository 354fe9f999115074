// The text input rules, rule by rule, and the checks that apply them to each kind of field.
import { describe, expect, it } from 'vitest';
import { checkPlanRows } from '../../src/domain/plan/planRows';
import { checkBurialRow } from '../../src/domain/rules/registerImport';
import { t } from '../../src/domain/messages';
import {
  cleanText,
  isoDay,
  isUtcOffset,
  isWellFormed,
  searchableText,
  stripBidiControls,
} from '../../src/domain/text/textRules';
import {
  checkBurialDate,
  checkGraveNumber,
  checkNewPassword,
  checkStaffEmail,
  checkText,
  refusedField,
  TEXT_FIELDS,
} from '../../src/domain/rules/validation';

const TODAY = '2024-06-01';

describe('valid Unicode', () => {
  it('a lone surrogate, high or low, anywhere, is not well formed; pairs are', () => {
    for (const bad of ['\ud800', 'a\ud800', '\ud800b', '\udc00', 'a\udfffb', '\udc00\ud800', '😀'.slice(0, 1)]) {
      expect(isWellFormed(bad), JSON.stringify(bad)).toBe(false);
      expect(cleanText(bad, 'line')).toEqual({ ok: false, fault: 'unpaired' });
      expect(cleanText(bad, 'multiline')).toEqual({ ok: false, fault: 'unpaired' });
    }
    for (const good of ['', 'عبد الله', '😀', 'a😀b', '\ud83d\ude00']) expect(isWellFormed(good)).toBe(true);
  });

  it('a name with a lone surrogate is refused with the field’s own reason, never kept lossily', () => {
    expect(checkText('محمد\ud800', 200, 'burial.nameInvalid', TEXT_FIELDS.burialName)).toEqual({
      ok: false,
      error: 'input.burialName.unpaired',
    });
    expect(t('input.burialName.unpaired')).toMatch(/اسم المتوفى/);
    expect(refusedField(t('input.burialName.unpaired'))).toBe('name');
  });
});

describe('control characters', () => {
  const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
  const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));

  it('one line: every C0, DEL and C1 is refused, tab and newline included', () => {
    for (const c of [...C0, ...C1]) {
      expect(cleanText(`أ${c}ب`, 'line'), c.charCodeAt(0).toString(16)).toEqual({ ok: false, fault: 'control' });
    }
  });

  it('several lines: newline and tab kept, CRLF and a lone CR become a newline, the rest refused', () => {
    expect(cleanText('سطر\tأول\r\nسطر ثان\rثالث\n', 'multiline')).toEqual({
      ok: true,
      value: 'سطر\tأول\nسطر ثان\nثالث\n',
    });
    for (const c of [...C0, ...C1].filter((c) => !'\t\n\r'.includes(c))) {
      expect(cleanText(`أ${c}ب`, 'multiline'), c.charCodeAt(0).toString(16)).toEqual({ ok: false, fault: 'control' });
    }
  });

  it('each kind of field names its reason', () => {
    expect(checkText('نص\u0000', 2000, 'suggest.textInvalid', TEXT_FIELDS.suggestionText)).toEqual({
      ok: false,
      error: 'input.suggestionText.control',
    });
    expect(checkText('نص\nثان', 2000, 'suggest.textInvalid', TEXT_FIELDS.suggestionText)).toEqual({
      ok: true,
      value: 'نص\nثان',
    });
    expect(checkText('علي\nأحمد', 100, 'suggest.nameInvalid', TEXT_FIELDS.suggestionName)).toEqual({
      ok: false,
      error: 'input.suggestionName.control',
    });
    expect(checkStaffEmail('a\u0000@b.com')).toEqual({ ok: false, error: 'input.email.control' });
    expect(checkNewPassword('password\u0007')).toEqual({ ok: false, error: 'input.password.control' });
    expect(checkNewPassword('password\ud800')).toEqual({ ok: false, error: 'input.password.unpaired' });
    expect(checkGraveNumber('bones', 'المرحلة\u0085الأولى')).toEqual({ ok: false, error: 'input.graveLabel.control' });
    // A section by number refuses anything but digits with its own reason, as before.
    expect(checkGraveNumber('men', '12\u0000')).toEqual({ ok: false, error: 'grave.numberInvalid' });
    for (const key of Object.values(TEXT_FIELDS).flatMap((f) => [f.control, f.unpaired])) {
      expect(t(key)).toMatch(/^[\u0600-\u06FF]/);
      expect(t(key)).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('bidirectional controls', () => {
  const OVERRIDES = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('overrides, embeddings and isolates are stripped; LRM, RLM and ALM are kept', () => {
    for (const c of OVERRIDES) expect(stripBidiControls(`أ${c}ب`)).toBe('أب');
    expect(stripBidiControls('رقم\u200e12\u200f\u061c')).toBe('رقم\u200e12\u200f\u061c');
  });

  it('a name, a label and a multi-line text are stored without them', () => {
    expect(checkText('\u202Eمحمد علي\u202C', 200, 'burial.nameInvalid', TEXT_FIELDS.burialName)).toEqual({
      ok: true,
      value: 'محمد علي',
    });
    expect(checkGraveNumber('bones', '\u2067المرحلة الأولى\u2069')).toEqual({ ok: true, value: 'المرحلة الأولى' });
    expect(cleanText('سطر\u202E\nسطر', 'multiline')).toEqual({ ok: true, value: 'سطر\nسطر' });
    // A name of nothing but overrides is empty, so refused as an empty name.
    expect(checkText('\u202E\u202C', 200, 'burial.nameInvalid', TEXT_FIELDS.burialName)).toEqual({
      ok: false,
      error: 'burial.nameInvalid',
    });
  });

  it('a plan row label: stripped, or refused naming the row', () => {
    expect(checkPlanRows([{ label: '\u202Eأ', from: 1, to: 5 }])).toEqual({
      ok: true,
      value: [{ label: 'أ', from: 1, to: 5 }],
    });
    expect(
      checkPlanRows([
        { label: 'أ', from: 1, to: 5 },
        { label: 'ب\u0000', from: 6, to: 9 },
      ]),
    ).toEqual({
      ok: false,
      error: t('input.planRowLabel.control', { n: '٢' }),
    });
  });

  it('a password keeps them (never shown; stripping would change it)', () => {
    expect(checkNewPassword('pass\u202Eword')).toEqual({ ok: true, value: 'pass\u202Eword' });
  });
});

describe('dates with a UTC offset', () => {
  it('offsets within ±14:00 are real ones', () => {
    for (const good of ['Z', 'z', '+00:00', '+14:00', '-14:00', '+0530', '-12', '+13:45']) {
      expect(isUtcOffset(good), good).toBe(true);
    }
    for (const bad of ['+14:30', '-14:01', '+14:01', '+23:59', '-99:00', '+15', '+05:60', '+5:00', 'UTC']) {
      expect(isUtcOffset(bad), bad).toBe(false);
    }
  });

  it('a burial date: +14:00 accepted, +14:30, −14:01, +23:59 and −99:00 refused with its reason', () => {
    expect(checkBurialDate('2024-03-15T10:00:00+14:00', TODAY)).toEqual({ ok: true, value: '2024-03-15' });
    expect(checkBurialDate('2024-03-15T10:00:00-14:00', TODAY)).toEqual({ ok: true, value: '2024-03-15' });
    expect(checkBurialDate('2024-03-15T10:00:00.123Z', TODAY)).toEqual({ ok: true, value: '2024-03-15' });
    for (const zone of ['+14:30', '-14:01', '+23:59', '-99:00', '+0099']) {
      expect(checkBurialDate(`2024-03-15T10:00:00${zone}`, TODAY), zone).toEqual({
        ok: false,
        error: 'burial.dateInvalid',
      });
    }
  });

  it('isoDay: the day of a date or date-time, or null', () => {
    expect(isoDay('2024-02-29')).toBe('2024-02-29');
    expect(isoDay('2024-02-29T23:59+14:00')).toBe('2024-02-29');
    expect(isoDay('2023-02-29')).toBeNull();
    expect(isoDay('2024-01-01T00:00+14:30')).toBeNull();
    expect(isoDay('2024-01-01T24:00')).toBeNull();
    expect(isoDay('2024-01-01\u0000')).toBeNull();
  });
});

describe('an import row', () => {
  const row = (fields: Record<string, unknown>) =>
    checkBurialRow({ line: 7, gender: 'رجال', number: 3, name: 'محمد', date: '2020-01-01', ...fields }, TODAY);

  it('is refused with its reason when a cell breaks a rule, and stored clean otherwise', () => {
    expect(row({ name: 'محمد\u0000' })).toEqual({ ok: false, line: 7, message: t('input.burialName.control') });
    expect(row({ name: 'محمد\ud800' })).toEqual({ ok: false, line: 7, message: t('input.burialName.unpaired') });
    expect(row({ notes: 'سطر\u0007' })).toEqual({ ok: false, line: 7, message: t('input.importNotes.control') });
    const clean = row({ name: '\u202Eمحمد', notes: 'سطر\r\nسطر' });
    expect(clean.ok && clean.row.burial).toMatchObject({ name: 'محمد', notes: 'سطر\nسطر' });
  });
});

describe('a search text', () => {
  it('drops what cannot be stored instead of refusing it', () => {
    expect(searchableText('مح\u0000مد\ud800\u202E')).toBe('مح مد');
    expect(searchableText('عبد الله')).toBe('عبد الله');
  });
});
