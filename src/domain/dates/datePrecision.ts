// How much of a burial date the ledger wrote: the whole day, the month and year, or the year alone, in the calendar
// it was written in (a Hijri month or year spans parts of two Gregorian ones, so it is shown as written). Its own
// module because both the checks (burialDate.ts) and the display (dateText.ts) need it, and neither may import the
// other.
export const DATE_PRECISIONS = ['day', 'month', 'year', 'hijriMonth', 'hijriYear'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
/** The precisions of a partial date (the API's `datePrecision`, absent for a whole day). */
export type PartialPrecision = Exclude<DatePrecision, 'day'>;

export const isDatePrecision = (value: unknown): value is DatePrecision =>
  typeof value === 'string' && (DATE_PRECISIONS as readonly string[]).includes(value);
