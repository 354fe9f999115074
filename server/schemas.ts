// JSON schemas of the request bodies: Fastify validates with them and /api/openapi.json is generated from them.
// A field that fails its schema is answered with the route's Arabic reason for that field (see fieldErrors).
import { GENDERS, SUGGESTION_STATUSES } from '../src/domain/types';
import { LIMITS } from '../src/domain/validation';
import type { MessageKey } from '../src/domain/messages';

const text = (maxLength: number, description?: string) => ({ type: 'string', maxLength, ...(description && { description }) }) as const;

const object = (properties: Record<string, object>, required: string[]) =>
  ({ type: 'object', properties, required }) as const;

export const bodies = {
  createGrave: object(
    {
      gender: { type: 'string', enum: [...GENDERS], description: 'men | women | bones' },
      number: {
        type: ['integer', 'string'],
        description: 'men/women: a whole number 1–100000; bones: a whole number or a label of 1–100 characters',
      },
    },
    ['gender', 'number'],
  ),
  bury: object(
    {
      name: text(LIMITS.burialNameMax),
      burialDate: text(40, 'YYYY-MM-DD (a full ISO timestamp is kept as its date)'),
    },
    ['name', 'burialDate'],
  ),
  removeBuried: object({ buriedPersonId: text(100) }, ['buriedPersonId']),
  updateBuried: object({ name: text(LIMITS.burialNameMax), burialDate: text(40) }, []),
  suggestion: object(
    {
      text: text(LIMITS.suggestionTextMax),
      name: text(LIMITS.personNameMax),
      phone: text(40, '6–20 digits, optional leading +, spaces or dashes'),
    },
    ['text', 'name', 'phone'],
  ),
  suggestionStatus: object({ status: { type: 'string', enum: [...SUGGESTION_STATUSES] } }, ['status']),
  article: object(
    { title: text(LIMITS.articleTitleMax), content: text(LIMITS.articleContentMax) },
    ['title', 'content'],
  ),
  articleUpdate: object(
    { title: text(LIMITS.articleTitleMax), content: text(LIMITS.articleContentMax) },
    [],
  ),
  login: object({ email: text(LIMITS.emailMax), password: text(LIMITS.passwordMax) }, ['email', 'password']),
  register: object(
    { name: text(LIMITS.accountNameMax), email: text(LIMITS.emailMax), password: text(LIMITS.passwordMax) },
    ['name', 'email', 'password'],
  ),
  updatePassword: object(
    { email: text(LIMITS.emailMax), newPassword: text(LIMITS.passwordMax) },
    ['email', 'newPassword'],
  ),
} as const;

export const idParams = (...names: string[]) =>
  ({
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 100 }])),
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

/** Per route: the Arabic reason for a field that fails its schema. */
export type FieldErrors = Partial<Record<string, MessageKey>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    fieldErrors?: FieldErrors;
  }
}
