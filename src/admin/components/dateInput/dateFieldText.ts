// What the date field shows and checks: a form value as text, a date read as the field writes it back, and the
// reason of a text that is not a date.
import type { Validator } from 'react-admin';
import { formatLedgerDate } from '../../../domain/dates/dateText';
import { formatHijri } from '../../../domain/dates/hijri';
import { t } from '../../../domain/messages';
import { dateFieldText, isIsoDate, keepHijriMark, readDateText, type DateReading } from '../calendarDates';

/**
 * A value that is not a day is the text as typed (see onType), or a partial date as the register writes it: the
 * reason of a text that is not a date is the field's message.
 */
export const readable =
  (partial: boolean): Validator =>
  (value) => {
    if (typeof value !== 'string' || value.trim() === '' || isIsoDate(value)) return undefined;
    const reading = readDateText(value, { partial });
    if (reading.ok) return partial && reading.precision !== 'day' ? undefined : t('burial.dateUnreadable');
    return t(reading.error);
  };

/** What the field shows for a form value: a day in Arabic digits, a partial date as written, else as it is. */
export function fieldTextOf(value: string, partial: boolean): string {
  if (isIsoDate(value)) return dateFieldText(value);
  const reading = partial && value !== '' ? readDateText(value, { partial }) : null;
  return reading?.ok ? shownText(reading) : value;
}

/** A date read, as the field writes it back: Arabic digits, a Hijri date in Hijri, «هـ» kept with its year. */
export function shownText(reading: Extract<DateReading, { ok: true }>): string {
  if (reading.precision !== 'day') return keepHijriMark(formatLedgerDate(reading.date, reading.precision));
  return reading.hijri ? keepHijriMark(formatHijri(reading.date)) : dateFieldText(reading.date);
}
