// How the section pages take their cards from the server, shared by the API and the public site.
export const SECTION_CARDS = {
  /**
   * Cards drawn with the page by the server (and a search's first answer): three screens of a phone. Every card
   * drawn is markup to send and lay out before the first paint; with 60, a slow phone showed the first card about
   * 130 ms later.
   */
  firstPage: 24,
  /** Cards asked for at each step of scrolling further. */
  nextPage: 60,
  /** The most cards one request may ask for. */
  maxLimit: 200,
  /**
   * Up to this many graves, a section page takes the whole section once the page is shown and searches it in the
   * browser, at each keystroke and offline; above it (a town), the server answers each search a page at a time.
   */
  localSearchMax: 400,
} as const;
