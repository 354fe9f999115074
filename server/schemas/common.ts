// Schemas shared by every route: path ids, ra-data-simple-rest's list query, and the answers' status codes.
// Each route lists every status code it may answer with a schema, so /api/openapi.json describes every answer and
// Fastify serialises successes with fast-json-stringify.

// An id never holds a control character (src/domain/text/textRules.ts): one that does names nothing, so it is answered
// as not found before any query (PostgreSQL would refuse a NUL in it).
const ID_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
const idParam = { type: 'string', maxLength: 100, pattern: ID_PATTERN } as const;

/**
 * Whether a value passes idParam, as the routes' validation reads it (a length in characters): for a path parameter
 * read without a request (a page's answers, server/site/pageAnswers.ts).
 */
export const isIdParam = (value: string): boolean =>
  [...value].length <= idParam.maxLength && new RegExp(ID_PATTERN, 'u').test(value);

export const idParams = <const Name extends string>(...names: Name[]) =>
  ({
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, idParam])) as Record<Name, typeof idParam>,
    required: names,
  }) as const;

export const listQuery = {
  type: 'object',
  properties: {
    sort: { type: 'string', description: 'ra-data-simple-rest: ["field","ASC"|"DESC"]' },
    range: { type: 'string', description: 'ra-data-simple-rest: [start,end] (inclusive)' },
    filter: { type: 'string', description: 'ra-data-simple-rest: {"q":"…", …}' },
  },
} as const;

/** Every refusal and failure: {message} in Arabic. */
export const errorAnswer = {
  type: 'object',
  description: 'A refusal or failure, with its reason in Arabic',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const messageAnswer = errorAnswer;

const notModified = {
  description: 'Not modified: the answer named by If-None-Match is still current',
  type: 'null',
} as const;

/** The refusals every route may give: the request ceiling and an internal failure. */
const ALWAYS = [429, 500] as const;
/** A staff route: no or a bad session (401), a role the policy does not allow (403). */
export const STAFF = [401, 403] as const;
/** A route with a JSON body: invalid (400), too large (413), not JSON (415). */
export const WITH_BODY = [400, 413, 415] as const;

type Refusal = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503 | 507;

/**
 * The `response` schemas of a route: its successes as given, 304 when the answer cache keeps it, and the error
 * schema for each refusal it may give (the request ceiling's 429 and 500 always).
 */
export function answers<const Success extends Record<number, object>>(
  success: Success,
  options: { refusals?: readonly Refusal[]; kept?: boolean } = {},
) {
  const refusals = Object.fromEntries(
    [...new Set([...(options.refusals ?? []), ...ALWAYS])].map((code) => [code, errorAnswer]),
  ) as Record<Refusal, typeof errorAnswer>;
  return { ...refusals, ...(options.kept ? { 304: notModified } : {}), ...success };
}
