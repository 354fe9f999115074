// A burial date as a clerk copies it from the paper ledger (issue 12): 15/3/2004, ١٥/٣/٢٠٠٤, 15-3-2004, 2004-03-15,
// or the year alone when the ledger does not give the day. Day first, as Egyptian ledgers write it.
import { toWesternDigits } from './normalize';
import type { MessageKey } from './messages';

export type LedgerDate =
  /** A whole date, YYYY-MM-DD. */
  | { ok: true; value: string; yearOnly: false }
  /** The year alone, YYYY: the day is unknown. */
  | { ok: true; value: string; yearOnly: true }
  | { ok: false; error: MessageKey };

const EARLIEST_YEAR = 1900;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Reads what was typed; `today` (YYYY-MM-DD, the register's day) refuses a date after it. */
export function readLedgerDate(typed: string, today: string): LedgerDate {
  const text = toWesternDigits(typed.trim()).replace(/\s+/g, '');
  let year: number;
  let month: number;
  let day: number;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(text))) {
    year = Number(m[1]);
    if (year < EARLIEST_YEAR) return { ok: false, error: 'burial.dateTooOld' };
    if (year > Number(today.slice(0, 4))) return { ok: false, error: 'burial.dateFuture' };
    return { ok: true, value: m[1]!, yearOnly: true };
  }
  if ((m = /^(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})$/.exec(text))) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4})$/.exec(text))) {
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    return { ok: false, error: 'burial.dateInvalid' };
  }
  if (!isRealDate(year, month, day)) return { ok: false, error: 'burial.dateInvalid' };
  const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year < EARLIEST_YEAR) return { ok: false, error: 'burial.dateTooOld' };
  if (value > today) return { ok: false, error: 'burial.dateFuture' };
  return { ok: true, value, yearOnly: false };
}
