// How long a visitor's suggestion may be: the API's rule (validation.ts LIMITS) and the public form's counter read
// these, so the form stops where the server would refuse. Apart from validation.ts, which the public site does not
// load.
export const SUGGESTION_LIMITS = {
  /** Characters of the suggestion's text. */
  textMax: 2000,
  /** Characters of the sender's name. */
  nameMax: 100,
} as const;
