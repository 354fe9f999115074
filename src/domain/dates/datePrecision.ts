// How much of a burial date the ledger wrote: the whole day, or the year alone. Its own module because both the
// checks (burialDate.ts) and the display (dateText.ts) need it, and neither may import the other.
export const DATE_PRECISIONS = ['day', 'year'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
