import { describe, expect, it } from 'vitest';
import { readLedgerDate } from '../../src/domain/ledgerDate';

const TODAY = '2026-11-22';

describe('a burial date copied from the ledger', () => {
  it.each([
    ['15/3/2004', '2004-03-15'],
    ['١٥/٣/٢٠٠٤', '2004-03-15'],
    ['15-03-2004', '2004-03-15'],
    ['15.3.2004', '2004-03-15'],
    ['2004-03-15', '2004-03-15'],
    ['2004-3-5', '2004-03-05'],
    ['2004/03/15', '2004-03-15'],
    [' 29/2/2000 ', '2000-02-29'],
    ['22/11/2026', '2026-11-22'],
  ])('%s is %s', (typed, value) => {
    expect(readLedgerDate(typed, TODAY)).toEqual({ ok: true, value, yearOnly: false });
  });

  it('takes the year alone when the day is unknown', () => {
    expect(readLedgerDate('1987', TODAY)).toEqual({ ok: true, value: '1987', yearOnly: true });
    expect(readLedgerDate('١٩٨٧', TODAY)).toEqual({ ok: true, value: '1987', yearOnly: true });
  });

  it.each([
    ['', 'burial.dateInvalid'],
    ['15/3', 'burial.dateInvalid'],
    ['31/4/2004', 'burial.dateInvalid'],
    ['29/2/2001', 'burial.dateInvalid'],
    ['15/3/04', 'burial.dateInvalid'],
    ['أمس', 'burial.dateInvalid'],
    ['23/11/2026', 'burial.dateFuture'],
    ['2027', 'burial.dateFuture'],
    ['1/1/1899', 'burial.dateTooOld'],
    ['1899', 'burial.dateTooOld'],
  ])('refuses %s (%s)', (typed, error) => {
    expect(readLedgerDate(typed, TODAY)).toEqual({ ok: false, error });
  });
});
