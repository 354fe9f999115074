// The committee's planning paths of the /api contract, apart from paths.ts: the home page's first download carries
// that table, and these are read only by the console's planning pages (the public summary's path is
// forecastSummaryPath.ts', which the home page's statistics chunk holds alone).

export const statisticsPaths = {
  /** When each section fills (manager and admin), with a what-if of graves added to a section. */
  forecast: (options: { months?: number; add?: number; section?: 'men' | 'women' } = {}) => {
    const query = new URLSearchParams();
    if (options.months !== undefined) query.set('months', String(options.months));
    if (options.add) query.set('add', String(options.add));
    if (options.section) query.set('section', options.section);
    const text = query.toString();
    return `/statistics/forecast${text ? `?${text}` : ''}`;
  },
  /** The years in pictures: burials by month and year in both calendars, transfers, photos and corrections. */
  yearsInPictures: () => '/statistics/years',
  /** The yearly register book as a PDF (staff). */
  registerBook: (options: { year?: number; calendar?: 'gregorian' | 'hijri'; section?: 'men' | 'women' | 'bones' }) => {
    const query = new URLSearchParams();
    if (options.year !== undefined) query.set('year', String(options.year));
    if (options.calendar) query.set('calendar', options.calendar);
    if (options.section) query.set('section', options.section);
    return `/register-book.pdf?${query.toString()}`;
  },
} as const;
