// The rules of bringing a paper register in: ledger dates, the history rule, column mapping and the plan of a file.
import { describe, expect, it } from 'vitest';
import { burialDateText, formatBurialDate, formatLedgerDate, parseBurialDate } from '../../src/domain/dates/burialDate';
import { checkBurialInHistory, type HistoryGrave } from '../../src/domain/rules/burialHistory';
import { t } from '../../src/domain/messages';
import {
  cellText,
  checkBurialRow,
  graveKey,
  mapColumns,
  parseSection,
  planBurials,
  type StoredGrave,
} from '../../src/domain/rules/registerImport';

const TODAY = '2026-03-10';

describe('ledger dates', () => {
  it.each([
    ['15/3/2004', '2004-03-15'],
    ['١٥/٣/٢٠٠٤', '2004-03-15'],
    ['2004-03-15', '2004-03-15'],
    ['2004/3/5', '2004-03-05'],
    ['05.03.2004', '2004-03-05'],
    [' \u200f15/03/2004 ', '2004-03-15'],
    ['2021-07-08T13:45:10.000Z', '2021-07-08'],
  ])('%s is the day %s', (text, date) => {
    expect(parseBurialDate(text, TODAY)).toEqual({ ok: true, value: { date, precision: 'day' } });
  });

  it('a year alone is a partial date: the last day of that year (today in the current year), shown as the year', () => {
    expect(parseBurialDate('1998', TODAY)).toEqual({ ok: true, value: { date: '1998-12-31', precision: 'year' } });
    expect(parseBurialDate('١٩٩٨', TODAY)).toEqual({ ok: true, value: { date: '1998-12-31', precision: 'year' } });
    expect(parseBurialDate(2026, TODAY)).toEqual({ ok: true, value: { date: TODAY, precision: 'year' } });
    expect(formatBurialDate('1998-12-31', 'year')).toBe('١٩٩٨');
    expect(formatBurialDate('2004-03-15', 'day')).toBe('١٥ مارس ٢٠٠٤م الموافق ٢٤ محرم ١٤٢٥ هـ');
    expect(formatLedgerDate('2004-03-15', 'day')).toBe('١٥ مارس ٢٠٠٤');
    expect(burialDateText('1998-12-31', 'year')).toBe('1998');
    expect(burialDateText('2004-03-15')).toBe('2004-03-15');
  });

  it.each([
    ['31/2/2004', 'burialDate.noSuchDay'],
    ['3/15/2004', 'burialDate.noSuchDay'],
    ['yesterday', 'burial.dateUnreadable'],
    ['', 'burial.dateMissing'],
    ['11/3/2026', 'burial.dateFuture'],
    ['2027', 'burial.dateFuture'],
    ['1899', 'burial.dateTooOld'],
    ['31/12/1899', 'burial.dateTooOld'],
  ] as const)('%s is refused: %s', (text, error) => {
    expect(parseBurialDate(text, TODAY)).toEqual({ ok: false, error });
  });
});

describe('history is history', () => {
  const grave = (over: Partial<HistoryGrave> = {}): HistoryGrave => ({
    gender: 'men',
    full: false,
    burials: [{ name: 'حسن علي', date: '2026-01-10', precision: 'day' }],
    ...over,
  });
  const day = (date: string) => ({ date, precision: 'day' as const });

  it("today's burial follows the bury rule: refused in a resting grave, allowed on the same day", () => {
    const resting = checkBurialInHistory(grave(), day(TODAY), TODAY, 365);
    expect(resting.ok).toBe(false);
    if (!resting.ok) expect(resting.reason.key).toBe('burial.graveResting');
    const sameDay = grave({ burials: [{ name: 'أ', date: TODAY, precision: 'day' }] });
    expect(checkBurialInHistory(sameDay, day(TODAY), TODAY, 365)).toEqual({ ok: true, warnings: [] });
  });

  it('a past burial into a resting grave is taken, with a warning naming the neighbour and the gap', () => {
    const verdict = checkBurialInHistory(grave(), day('2025-11-10'), TODAY, 365);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.warnings).toHaveLength(1);
    const w = verdict.warnings[0]!;
    expect(w.key).toBe('history.restingBeforeNext');
    expect(t(w.key, w.params)).toContain('حسن علي');
    expect(t(w.key, w.params)).toContain('٦١ يومًا');
    // Both neighbours closer than the resting period: two warnings.
    const both = grave({
      burials: [
        { name: 'أ', date: '2020-01-01', precision: 'day' },
        { name: 'ب', date: '2020-06-01', precision: 'day' },
      ],
    });
    const v2 = checkBurialInHistory(both, day('2020-03-01'), TODAY, 365);
    expect(v2.ok && v2.warnings.map((x) => x.key)).toEqual([
      'history.restingAfterPrevious',
      'history.restingBeforeNext',
    ]);
    // Far enough apart, a year alone, the same day, or a bone section: no warning.
    expect(checkBurialInHistory(grave(), day('2024-01-10'), TODAY, 365)).toEqual({ ok: true, warnings: [] });
    expect(checkBurialInHistory(grave(), { date: '2025-12-31', precision: 'year' }, TODAY, 365)).toEqual({
      ok: true,
      warnings: [],
    });
    expect(checkBurialInHistory(grave(), day('2026-01-10'), TODAY, 365)).toEqual({ ok: true, warnings: [] });
    expect(checkBurialInHistory(grave({ gender: 'bones' }), day('2026-01-01'), TODAY, 365)).toEqual({
      ok: true,
      warnings: [],
    });
  });

  it('a full grave takes a past burial only up to its newest burial (the full mark came after it)', () => {
    const full = grave({ full: true });
    expect(checkBurialInHistory(full, day('2026-01-10'), TODAY, 365).ok).toBe(true);
    expect(checkBurialInHistory(full, day('2010-01-10'), TODAY, 365).ok).toBe(true);
    const later = checkBurialInHistory(full, day('2026-02-01'), TODAY, 365);
    expect(later).toEqual({ ok: false, reason: { key: 'burial.fullAtDate' } });
    expect(checkBurialInHistory(grave({ full: true, burials: [] }), day('2000-01-01'), TODAY, 365).ok).toBe(false);
    expect(checkBurialInHistory(full, day(TODAY), TODAY, 365)).toEqual({
      ok: false,
      reason: { key: 'burial.graveFull' },
    });
  });
});

describe('columns and rows', () => {
  it('maps Arabic and English headers, the export’s own, and a mapping the console sends', () => {
    expect(mapColumns(['\uFEFFالقسم', 'رقم المقبرة', 'اسم المتوفى', 'تاريخ الدفن', 'ملاحظات'])).toEqual({
      ok: true,
      columns: { gender: 0, number: 1, name: 2, date: 3, notes: 4 },
    });
    expect(mapColumns(['Name', 'Date', 'Gender', 'Number'])).toEqual({
      ok: true,
      columns: { name: 0, date: 1, gender: 2, number: 3 },
    });
    const exported = ['النوع', 'رقم المقبرة', 'الحالة', 'معرف المقبرة', 'اسم المتوفى', 'تاريخ الدفن', 'معرف المتوفى'];
    expect(mapColumns(exported)).toEqual({ ok: true, columns: { gender: 0, number: 1, status: 2, name: 4, date: 5 } });
    const mapped = mapColumns(['رقم', 'المرحوم', 'سنة الوفاة'], {
      mapping: { number: 'رقم', name: 'المرحوم', date: 'سنة الوفاة' },
      sectionGiven: true,
    });
    expect(mapped).toEqual({ ok: true, columns: { number: 0, name: 1, date: 2 } });
    expect(mapColumns(['x'], { mapping: { name: 'غير موجود' } })).toEqual({
      ok: false,
      message: t('import.mappingInvalid'),
    });
    const missing = mapColumns(['الاسم', 'رقم المقبرة']);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.message).toContain('«القسم»، «تاريخ الدفن»');
  });

  it('reads sections in Arabic and English, and takes back the apostrophe the export puts before formulas', () => {
    expect(parseSection('رجال')).toBe('men');
    expect(parseSection('نساء')).toBe('women');
    expect(parseSection('Bones')).toBe('bones');
    expect(parseSection('أطفال')).toBeNull();
    expect(cellText("'=1+1")).toBe('=1+1');
    expect(cellText("'عادي")).toBe("'عادي");
  });

  it('checks a row in the order a clerk reads it, with the Arabic reason', () => {
    const ok = checkBurialRow({ line: 2, gender: 'رجال', number: '١٢', name: ' أحمد ', date: '2004' }, TODAY);
    expect(ok).toEqual({
      ok: true,
      row: {
        line: 2,
        gender: 'men',
        number: '12',
        full: false,
        createGrave: false,
        burial: { name: 'أحمد', nameKey: 'احمد', notes: null, date: '2004-12-31', precision: 'year' },
      },
    });
    expect(checkBurialRow({ line: 3, gender: 'x', number: 1, name: 'a', date: '2004' }, TODAY)).toEqual({
      ok: false,
      line: 3,
      message: t('import.sectionInvalid'),
    });
    expect(checkBurialRow({ line: 4, gender: 'رجال', number: 'abc', name: 'a', date: '2004' }, TODAY)).toMatchObject({
      message: t('grave.numberInvalid'),
    });
    expect(checkBurialRow({ line: 5, gender: 'رجال', number: 3, name: '', date: '2004' }, TODAY)).toMatchObject({
      message: t('burial.nameInvalid'),
    });
    expect(checkBurialRow({ line: 6, gender: 'رجال', number: 3, name: 'ب', date: '' }, TODAY)).toMatchObject({
      message: t('burial.dateMissing'),
    });
    // Only a section and a number: a grave to create, nothing buried.
    expect(checkBurialRow({ line: 7, number: 9 }, TODAY, 'women')).toMatchObject({
      ok: true,
      row: { gender: 'women', number: '9', burial: null },
    });
  });
});

describe('the plan of a file', () => {
  const stored = new Map<string, StoredGrave>([
    [
      graveKey('men', '1'),
      {
        id: 'g1',
        gender: 'men',
        number: '1',
        full: false,
        burials: [{ name: 'حسن علي', nameKey: 'حسنعلي', date: '2000-05-01', precision: 'day' }],
      },
    ],
  ]);
  const options = { today: TODAY, restingPeriodDays: 365, createGraves: 'always' as const };

  it('creates missing graves, skips duplicates of stored burials and of earlier rows, and refuses with line numbers', () => {
    const plan = planBurials(
      [
        { line: 2, gender: 'رجال', number: 1, name: 'حسن عليّ', date: '1/5/2000' }, // stored (marks ignored)
        { line: 3, gender: 'رجال', number: 2, name: 'سعيد', date: '2001' },
        { line: 4, gender: 'رجال', number: 2, name: 'سعيد', date: '2001' }, // same as line 3
        { line: 5, gender: 'نساء', number: 2, name: 'فاطمة', date: '31/2/2001' },
        { line: 6, gender: 'نساء', number: 2, name: 'فاطمة', date: '1/3/2001', status: 'ممتلئة' },
      ],
      stored,
      options,
    );
    expect(plan.report).toEqual({
      rowsRead: 5,
      gravesCreated: 2,
      burialsAdded: 2,
      duplicates: 2,
      refused: [{ line: 5, message: t('burialDate.noSuchDay') }],
      warnings: [
        { line: 2, message: t('import.duplicate') },
        { line: 4, message: t('import.duplicate') },
      ],
      batchId: null,
    });
    expect(plan.newGraves.map((g) => [g.gender, g.number, g.full])).toEqual([
      ['men', '2', false],
      ['women', '2', true],
    ]);
  });

  it('typed rows create a missing grave only when asked', () => {
    const rows = [
      { line: 1, gender: 'men', number: 40, name: 'أ', date: '2001' },
      { line: 2, gender: 'men', number: 41, name: 'ب', date: '2001', createGrave: true },
    ];
    const plan = planBurials(rows, stored, { ...options, createGraves: 'asked' });
    expect(plan.report.refused).toEqual([
      { line: 1, message: t('import.graveUnknown', { number: '٤٠', section: t('gender.men') }) },
    ]);
    expect(plan.report.gravesCreated).toBe(1);
    expect(plan.burials).toHaveLength(1);
  });

  it('earlier rows count as the grave’s history: a close neighbour gives a warning kept with the burial', () => {
    const plan = planBurials(
      [
        { line: 2, gender: 'رجال', number: 5, name: 'أ', date: '1/1/2010' },
        { line: 3, gender: 'رجال', number: 5, name: 'ب', date: '1/3/2010' },
      ],
      stored,
      options,
    );
    expect(plan.report.burialsAdded).toBe(2);
    expect(plan.report.warnings).toHaveLength(1);
    expect(plan.report.warnings[0]!.line).toBe(3);
    expect(plan.burials[1]!.warning?.key).toBe('history.restingAfterPrevious');
  });
});
