// The first start's contract: GET /api/setup and POST /api/setup. The body's fields are all optional
// for the schema, so that a request without the right code is refused as such (403) and, once an account exists,
// every request as closed (409), whatever else it holds; the handler checks what each field holds with the rules
// every other door uses, and answers their Arabic reasons.
import { ROLES } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/rules/validation';
import { IMPORT_LIMITS } from '../../src/domain/rules/registerImport';

const string = { type: 'string' } as const;

export const setupState = {
  type: 'object',
  description: 'needed: the register has no account yet, so /setup may make the first manager',
  properties: { needed: { type: 'boolean' } },
  required: ['needed'],
} as const;

export const setupBody = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 200, description: 'the one-time code the server printed in its log' },
    villageName: { type: 'string', maxLength: 200, description: "the village's name (the settings' villageName)" },
    siteUrl: {
      type: 'string',
      maxLength: 1000,
      description:
        "optional: the site's public address (the settings' siteUrl, by the same rule); '' or absent: none yet",
    },
    manager: {
      type: 'object',
      description: 'the first manager account',
      properties: {
        name: { type: 'string', maxLength: 500 },
        email: { type: 'string', maxLength: 500 },
        password: {
          type: 'string',
          maxLength: 1000,
          description: `${LIMITS.registerPasswordMin}–${LIMITS.passwordMax} characters`,
        },
      },
    },
    graves: {
      type: 'object',
      description: `optional: graves numbered 1..men and 1..women made by the range rule (0–${IMPORT_LIMITS.rangeGraves} each)`,
      properties: { men: { type: 'integer' }, women: { type: 'integer' } },
    },
  },
} as const;

export const setupAnswer = {
  type: 'object',
  description: 'The first manager, signed in: the token and role as POST /api/auth/login answers them',
  properties: {
    token: string,
    role: { type: 'string', enum: ROLES },
    message: string,
    user: {
      type: 'object',
      properties: { id: string, name: string, email: string, role: { type: 'string', enum: ROLES } },
      required: ['id', 'name', 'email', 'role'],
    },
  },
  required: ['token', 'role', 'message', 'user'],
} as const;
