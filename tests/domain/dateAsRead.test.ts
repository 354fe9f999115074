// The import's preview reads each date cell as the import will, and offers the other reading when the day and the
// month could be swapped (a ledger written month-first is caught before confirming).
import { describe, expect, it } from 'vitest';
import { dateAsRead } from '../../src/domain/dates/burialDate';

const TODAY = '2026-11-28';

describe('dateAsRead', () => {
  it('reads day first, and gives the month-first reading when both could be a month', () => {
    expect(dateAsRead('٨/٢/٢٠٢١', TODAY)).toEqual({
      ok: true,
      date: '2021-02-08',
      precision: 'day',
      swapped: { date: '2021-08-02', precision: 'day' },
    });
    expect(dateAsRead('12/4/2019', TODAY)).toEqual({
      ok: true,
      date: '2019-04-12',
      precision: 'day',
      swapped: { date: '2019-12-04', precision: 'day' },
    });
  });

  it('offers no other reading when only one order is a date, or both orders are the same day', () => {
    expect(dateAsRead('25/4/2019', TODAY)).toMatchObject({ ok: true, date: '2019-04-25', swapped: null });
    expect(dateAsRead('5/5/2019', TODAY)).toMatchObject({ ok: true, date: '2019-05-05', swapped: null });
    expect(dateAsRead('05/5/2019', TODAY)).toMatchObject({ ok: true, swapped: null });
    expect(dateAsRead('2019-04-12', TODAY)).toMatchObject({ ok: true, date: '2019-04-12', swapped: null });
    expect(dateAsRead('12 أبريل 2019', TODAY)).toMatchObject({ ok: true, date: '2019-04-12', swapped: null });
  });

  it('reads Hijri cells, swapped too, and months and years as what they are', () => {
    const hijri = dateAsRead('3/7/1445 هـ', TODAY);
    expect(hijri).toMatchObject({ ok: true, precision: 'day' });
    expect(hijri && hijri.ok && hijri.swapped?.precision).toBe('day');
    expect(dateAsRead('9/1425 هـ', TODAY)).toMatchObject({ ok: true, precision: 'hijriMonth', swapped: null });
    expect(dateAsRead('2004', TODAY)).toMatchObject({ ok: true, precision: 'year', swapped: null });
  });

  it('says why a cell is no date, and nothing for an empty cell', () => {
    expect(dateAsRead('31/2/2020', TODAY)).toEqual({ ok: false, error: 'burialDate.noSuchDay' });
    expect(dateAsRead('غدًا', TODAY)).toEqual({ ok: false, error: 'burial.dateUnreadable' });
    expect(dateAsRead('  ', TODAY)).toBeNull();
    expect(dateAsRead(undefined, TODAY)).toBeNull();
  });

  it('leaves out a swapped reading that would be after today', () => {
    expect(dateAsRead('12/3/2026', TODAY)).toMatchObject({ ok: true, date: '2026-03-12', swapped: null });
  });
});
