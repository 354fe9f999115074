// The one rule of a death notice (src/domain/notices/noticeRules.ts) and the register's local time
// (src/domain/dates/zonedTime.ts), as the API and the console's form both apply them.
import { describe, expect, it } from 'vitest';
import { isLocalDateTime, localDateTimeIn, zonedInstant } from '../../src/domain/dates/zonedTime';
import {
  checkNewNotice,
  checkNoticeChange,
  defaultEndsAt,
  isNoticeCurrent,
  isNoticeRecent,
  recentSince,
  type NoticeFields,
} from '../../src/domain/notices/noticeRules';
import { refusedField } from '../../src/domain/rules/validation';
import { t } from '../../src/domain/messages';

const clock = { now: new Date('2026-11-25T08:00:00Z'), timeZone: 'Africa/Cairo' }; // 10:00 in Cairo
const base = { name: 'محمد عبد الله الفقي', prayerAt: '2026-11-25T15:30', mosque: 'المسجد الكبير' };

const refusal = (input: Record<string, unknown>) => {
  const verdict = checkNewNotice(input, clock);
  if (verdict.ok) throw new Error('accepted');
  return verdict.refusal;
};

describe('the register’s local time', () => {
  it('reads exactly YYYY-MM-DDTHH:mm with a real day and time', () => {
    expect(isLocalDateTime('2026-11-25T15:30')).toBe(true);
    for (const bad of ['2026-11-25 15:30', '2026-02-30T10:00', '2026-11-25T24:00', '2026-11-25T15:30:00', '']) {
      expect(isLocalDateTime(bad), bad).toBe(false);
    }
  });

  it('names the instant in the zone, summer time included', () => {
    expect(zonedInstant('2026-11-25T15:30', 'Africa/Cairo').toISOString()).toBe('2026-11-25T13:30:00.000Z');
    // Egypt keeps summer time (UTC+3) from the last Friday of April to the last Thursday of October.
    expect(zonedInstant('2026-07-01T12:00', 'Africa/Cairo').toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(zonedInstant('2026-07-01T12:00', 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(zonedInstant('2026-01-01T00:30', 'UTC').toISOString()).toBe('2026-01-01T00:30:00.000Z');
    // A time the clocks skip (London, 29 March 2026, 01:00 → 02:00) is read as after the change.
    expect(zonedInstant('2026-03-29T01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // A time that happens twice (25 October 2026, 01:00–02:00 twice) is the first.
    expect(zonedInstant('2026-10-25T01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localDateTimeIn('Africa/Cairo', new Date('2026-11-25T13:30:00Z'))).toBe('2026-11-25T15:30');
  });
});

describe('a new notice', () => {
  it('is accepted tidy, with its last day on the home page three days after the prayer', () => {
    const verdict = checkNewNotice(
      {
        ...base,
        name: '  محمد   عبد الله الفقي ',
        relations: '',
        afterPrayer: 'عقب صلاة العصر',
        condolences: [{ place: 'دوار العائلة', for: 'men', from: '2026-11-25', to: '2026-11-27', hours: 'بعد المغرب' }],
      },
      clock,
    );
    expect(verdict).toEqual({
      ok: true,
      value: {
        name: 'محمد عبد الله الفقي',
        relations: null,
        prayerAt: '2026-11-25T15:30',
        mosque: 'المسجد الكبير',
        afterPrayer: 'عقب صلاة العصر',
        graveId: null,
        burialId: null,
        condolences: [{ place: 'دوار العائلة', for: 'men', from: '2026-11-25', to: '2026-11-27', hours: 'بعد المغرب' }],
        endsAt: '2026-11-28',
        hidden: false,
      },
    });
    expect(defaultEndsAt('2026-12-30T12:00')).toBe('2027-01-02');
  });

  it('refuses each field with its own Arabic reason, naming the field', () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'burial.nameInvalid'],
      [{ name: 'أ'.repeat(201) }, 'name', 'burial.nameInvalid'],
      [{ relations: 'ب'.repeat(301) }, 'relations', 'notice.relationsInvalid'],
      [{ relations: 'والد\u0007 فلان' }, 'relations', 'input.noticeRelations.control'],
      [{ prayerAt: '2026-11-25' }, 'prayerAt', 'notice.prayerAtInvalid'],
      [{ prayerAt: '2026-02-30T10:00' }, 'prayerAt', 'notice.prayerAtInvalid'],
      [{ mosque: '  ' }, 'mosque', 'notice.mosqueInvalid'],
      [{ afterPrayer: 'ج'.repeat(101) }, 'afterPrayer', 'notice.afterPrayerInvalid'],
      [{ condolences: 'x' }, 'condolences', 'notice.condolencesInvalid'],
      [{ endsAt: '28/11/2026' }, 'endsAt', 'notice.endsAtInvalid'],
      [{ endsAt: '2026-11-24' }, 'endsAt', 'notice.endsAtBeforePrayer'],
      [{ hidden: 'yes' }, 'hidden', 'notice.hiddenInvalid'],
    ];
    for (const [change, field, key] of cases) {
      const r = refusal({ ...base, ...change });
      expect(r, JSON.stringify(change)).toMatchObject({ field, error: key });
      expect(t(r.error, r.params)).toMatch(/[\u0600-\u06FF]/);
      // The console's form shows it under the field the API's body names.
      if (!r.params) expect(refusedField(t(r.error))).toBe(field);
    }
  });

  it('checks every place of condolences, numbering the one refused', () => {
    const place = { place: 'دوار العائلة', for: 'all', from: '2026-11-25', to: '2026-11-26' };
    const at = (second: Record<string, unknown>) => refusal({ ...base, condolences: [place, { ...place, ...second }] });
    expect(at({ place: '' })).toEqual({
      field: 'condolences',
      error: 'notice.condolencePlaceInvalid',
      params: { n: 2 },
    });
    expect(at({ for: 'children' })).toMatchObject({ error: 'notice.condolenceForInvalid', params: { n: 2 } });
    expect(at({ from: '2026-13-01' })).toMatchObject({ error: 'notice.condolenceDateInvalid', params: { n: 2 } });
    expect(at({ from: '2026-11-27' })).toMatchObject({ error: 'notice.condolenceDateOrder', params: { n: 2 } });
    expect(at({ hours: 'د'.repeat(101) })).toMatchObject({ error: 'notice.condolenceHoursInvalid', params: { n: 2 } });
    expect(t('notice.condolenceDateOrder', { n: 2 })).toContain('رقم 2');
    expect(refusal({ ...base, condolences: Array.from({ length: 11 }, () => place) })).toMatchObject({
      error: 'notice.condolencesTooMany',
    });
  });

  it('refuses a prayer already past unless the burial is recorded', () => {
    expect(refusal({ ...base, prayerAt: '2026-11-25T09:59' })).toEqual({
      field: 'prayerAt',
      error: 'notice.prayerPast',
    });
    expect(checkNewNotice({ ...base, prayerAt: '2026-11-25T10:01' }, clock).ok).toBe(true);
    expect(checkNewNotice({ ...base, prayerAt: '2026-11-20T12:00', burialId: 'b1' }, clock).ok).toBe(true);
  });
});

describe('a change to a notice', () => {
  const stored: NoticeFields = {
    name: 'محمد عبد الله الفقي',
    relations: null,
    prayerAt: '2026-11-25T15:30',
    mosque: 'المسجد الكبير',
    afterPrayer: null,
    graveId: null,
    burialId: null,
    condolences: [],
    endsAt: '2026-11-28',
    hidden: false,
  };

  it('merges the fields given and checks the whole again', () => {
    const hidden = checkNoticeChange(stored, { hidden: true });
    expect(hidden).toEqual({ ok: true, value: { ...stored, hidden: true } });
    expect(checkNoticeChange(stored, { mosque: '' })).toMatchObject({ ok: false, refusal: { field: 'mosque' } });
    expect(checkNoticeChange(stored, { endsAt: '2026-11-20' })).toMatchObject({
      ok: false,
      refusal: { error: 'notice.endsAtBeforePrayer' },
    });
    // A past prayer is a correction, not a new notice: kept.
    expect(checkNoticeChange(stored, { prayerAt: '2020-01-01T12:00' }).ok).toBe(true);
  });

  it('moves a default last day with the prayer, keeps a chosen one, and null resets it', () => {
    expect(checkNoticeChange(stored, { prayerAt: '2026-11-26T12:00' })).toMatchObject({
      value: { endsAt: '2026-11-29' },
    });
    const chosen = { ...stored, endsAt: '2026-12-05' };
    expect(checkNoticeChange(chosen, { prayerAt: '2026-11-26T12:00' })).toMatchObject({
      value: { endsAt: '2026-12-05' },
    });
    expect(checkNoticeChange(chosen, { endsAt: null })).toMatchObject({ value: { endsAt: '2026-11-28' } });
    expect(checkNoticeChange(stored, { relations: 'والد أحمد' })).toMatchObject({
      value: { relations: 'والد أحمد' },
    });
    expect(checkNoticeChange({ ...stored, relations: 'والد أحمد' }, { relations: null })).toMatchObject({
      value: { relations: null },
    });
  });
});

describe('which notices show', () => {
  const notice = { hidden: false, endsAt: '2026-11-28', prayerAt: '2026-11-25T15:30' };
  it('on the home page until its last day, never hidden', () => {
    expect(isNoticeCurrent(notice, '2026-11-28')).toBe(true);
    expect(isNoticeCurrent(notice, '2026-11-29')).toBe(false);
    expect(isNoticeCurrent({ ...notice, hidden: true }, '2026-11-25')).toBe(false);
  });
  it('on /notices for a month after the prayer', () => {
    expect(isNoticeRecent(notice, '2026-12-25')).toBe(true);
    expect(isNoticeRecent(notice, '2026-12-26')).toBe(false);
    expect(isNoticeRecent(notice, '2026-12-05', 7)).toBe(false);
    expect(isNoticeRecent({ ...notice, hidden: true }, '2026-11-26')).toBe(false);
    expect(recentSince('2026-12-25')).toBe('2026-11-25');
  });
});
