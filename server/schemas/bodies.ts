// JSON schemas of the request bodies: Fastify validates with them, the type provider types request.body from them,
// and /api/openapi.json is generated from them. A field that fails its schema is answered with the route's Arabic
// reason for that field (config.fieldErrors).
import { GENDERS, ROLES, SUGGESTION_STATUSES } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/rules/validation';
import { CORRECTION_LIMITS } from '../../src/domain/rules/corrections';
import type { MessageKey } from '../../src/domain/messages';

const text = <const Max extends number>(maxLength: Max) => ({ type: 'string', maxLength }) as const;

// The length of a password being set is checked by the handler (checkNewPassword), so that register, a password
// change and the account command refuse it with the same words; the body size limit bounds what reaches it.
const newPassword = {
  type: 'string',
  description: `${LIMITS.registerPasswordMin}–${LIMITS.passwordMax} characters`,
} as const;

// A death notice's fields. The lengths here are only a ceiling: the domain rule (noticeRules.ts) refuses
// with each field's own Arabic reason, so the schema's limits sit above it.
const nullableText = (maxLength: number, description: string) =>
  ({ type: ['string', 'null'], maxLength, description }) as const;
const noticeFields = {
  name: { ...text(LIMITS.burialNameMax), description: "the deceased's name, as the register writes names" },
  relations: nullableText(1000, '"والد فلان وشقيق فلان": one line, up to 300 letters; null clears'),
  prayerAt: {
    type: 'string',
    maxLength: 40,
    description: "the funeral prayer, YYYY-MM-DDTHH:mm in the register's time zone (e.g. 2026-11-25T15:30)",
  },
  mosque: { ...text(1000), description: 'where the funeral prayer is held, up to 150 letters' },
  afterPrayer: nullableText(1000, 'after which prayer, as written ("عقب صلاة العصر"), up to 100 letters; null clears'),
  graveId: { type: ['string', 'null'], maxLength: 100, description: 'the grave of the register, once known' },
  burialId: {
    type: ['string', 'null'],
    maxLength: 100,
    description: 'the burial once recorded (in graveId when both are given; its grave otherwise)',
  },
  condolences: {
    type: ['array', 'null'],
    maxItems: 100,
    description: 'up to 10 places of condolences',
    items: {
      type: 'object',
      properties: {
        place: { type: 'string', maxLength: 1000, description: 'up to 200 letters' },
        for: { type: 'string', maxLength: 20, description: 'men | women | all' },
        from: { type: 'string', maxLength: 40, description: 'YYYY-MM-DD' },
        to: { type: 'string', maxLength: 40, description: 'YYYY-MM-DD, on or after from' },
        hours: nullableText(1000, 'e.g. "بعد صلاة المغرب", up to 100 letters'),
      },
    },
  },
  endsAt: {
    type: ['string', 'null'],
    maxLength: 40,
    description: "YYYY-MM-DD, the last day on the home page (default: the prayer's day + 3; null resets to it)",
  },
  hidden: { type: 'boolean', description: "hidden at the family's request: 404 to the public, kept for the staff" },
} as const;

export const bodies = {
  notice: { type: 'object', properties: noticeFields, required: ['name', 'prayerAt', 'mosque'] },
  noticeUpdate: { type: 'object', properties: noticeFields },
  noticeBurial: {
    type: 'object',
    properties: {
      graveId: { ...text(100), description: "the grave (default: the notice's grave)" },
      name: { ...text(LIMITS.burialNameMax), description: "default: the notice's name" },
      burialDate: {
        type: 'string',
        maxLength: 40,
        description: "as the bury call takes it (default: the prayer's day)",
      },
    },
  },
  createGrave: {
    type: 'object',
    properties: {
      gender: { type: 'string', enum: GENDERS, description: 'men | women | bones' },
      number: {
        type: ['integer', 'string'],
        description: 'men/women: a whole number 1–100000; bones: a whole number or a label of 1–100 characters',
      },
    },
    required: ['gender', 'number'],
  },
  bury: {
    type: 'object',
    properties: {
      name: text(LIMITS.burialNameMax),
      burialDate: {
        type: 'string',
        maxLength: 40,
        description:
          'as a ledger writes it: YYYY-MM-DD (a full ISO timestamp is kept as its date), 15/3/2004, ١٥ مارس ٢٠٠٤, ' +
          'a Hijri date ending with هـ (٥ رمضان ١٤٢٥ هـ, 5/9/1425 هـ), a month and year, or a year alone',
      },
    },
    required: ['name', 'burialDate'],
  },
  position: {
    type: 'object',
    properties: {
      latitude: {
        type: ['number', 'string', 'null'],
        description: 'decimal degrees, -90 to 90; null with longitude clears',
      },
      longitude: { type: ['number', 'string', 'null'], description: 'decimal degrees, -180 to 180' },
    },
    required: ['latitude', 'longitude'],
  },
  planRows: {
    type: 'object',
    properties: {
      rows: {
        type: 'array',
        maxItems: 1000,
        description:
          "the section's rows in order, each {label (1–20 letters), from, to (whole numbers, at most 50 graves)}, " +
          'not overlapping; an empty list returns to rows of ten by number',
        items: {
          type: 'object',
          properties: {
            label: { type: 'string', maxLength: 100 },
            from: { type: ['integer', 'string'] },
            to: { type: ['integer', 'string'] },
          },
        },
      },
    },
    required: ['rows'],
  },
  reopen: {
    type: 'object',
    properties: { reason: { ...text(500), description: 'why the full mark is cleared (kept in the audit trail)' } },
    required: ['reason'],
  },
  transfer: {
    type: 'object',
    properties: {
      bonesGraveId: { ...text(100), description: 'the bone section the remains go to' },
      date: { type: 'string', maxLength: 40, description: 'YYYY-MM-DD, the day of the move' },
      buriedPersonIds: {
        type: 'array',
        items: text(100),
        maxItems: 500,
        description:
          'whose remains move; when absent, everyone in the grave whose resting period has passed (refused with 409 when nobody has and someone still rests)',
      },
      reason: {
        type: 'string',
        maxLength: 2000,
        description:
          "additive: a manager's written reason to move someone still inside the resting period (named in buriedPersonIds); kept in the audit entry. Up to 500 letters.",
      },
    },
    required: ['bonesGraveId', 'date'],
  },
  removeBuried: { type: 'object', properties: { buriedPersonId: text(100) }, required: ['buriedPersonId'] },
  updateBuried: { type: 'object', properties: { name: text(LIMITS.burialNameMax), burialDate: text(40) } },
  suggestion: {
    type: 'object',
    properties: {
      text: text(LIMITS.suggestionTextMax),
      name: text(LIMITS.personNameMax),
      phone: { type: 'string', maxLength: 40, description: '6–20 digits, optional leading +, spaces or dashes' },
    },
    required: ['text', 'name', 'phone'],
  },
  // A family's correction of a burial, and the staff's decisions. The lengths are a ceiling: the rules
  // (checkBurialName, parseBurialDate, the correction's texts) refuse with each field's own Arabic reason.
  correction: {
    type: 'object',
    properties: {
      name: {
        ...text(LIMITS.burialNameMax),
        description: "the deceased's name as it should read; left out (or blank) when not proposed",
      },
      burialDate: {
        type: 'string',
        maxLength: 40,
        description:
          'the burial date as it should read, in any form the bury call takes (a Hijri date, a year alone…); left out ' +
          '(or blank) when not proposed',
      },
      note: {
        type: 'string',
        maxLength: 4000,
        description: `a note for the committee, up to ${CORRECTION_LIMITS.noteMax} letters`,
      },
      senderName: {
        type: 'string',
        maxLength: 1000,
        description: `the sender's name, up to ${LIMITS.personNameMax} letters`,
      },
      senderPhone: { type: 'string', maxLength: 40, description: '6–20 digits, optional leading +, spaces or dashes' },
    },
    required: ['senderName', 'senderPhone'],
  },
  applyCorrection: {
    type: 'object',
    properties: {
      name: {
        type: ['string', 'null'],
        maxLength: LIMITS.burialNameMax,
        description: "the staff's edit of the proposed name (overrides it); null applies no name change",
      },
      burialDate: {
        type: ['string', 'null'],
        maxLength: 40,
        description: "the staff's edit of the proposed date, as the bury call takes it; null applies no date change",
      },
      confirmChanged: {
        type: 'boolean',
        description: 'true applies it although the burial changed since the correction was sent (409 otherwise)',
      },
    },
  },
  rejectCorrection: {
    type: 'object',
    properties: {
      reason: {
        type: 'string',
        maxLength: 2000,
        description: `shown on the family's follow-up page, up to ${CORRECTION_LIMITS.reasonMax} letters`,
      },
    },
  },
  suggestionStatus: {
    type: 'object',
    properties: { status: { type: 'string', enum: SUGGESTION_STATUSES } },
    required: ['status'],
  },
  article: {
    type: 'object',
    properties: { title: text(LIMITS.articleTitleMax), content: text(LIMITS.articleContentMax) },
    required: ['title', 'content'],
  },
  articleUpdate: {
    type: 'object',
    properties: { title: text(LIMITS.articleTitleMax), content: text(LIMITS.articleContentMax) },
  },
  login: {
    type: 'object',
    properties: { email: text(LIMITS.emailMax), password: text(LIMITS.passwordMax) },
    required: ['email', 'password'],
  },
  register: {
    type: 'object',
    properties: {
      name: text(LIMITS.accountNameMax),
      email: text(LIMITS.emailMax),
      password: newPassword,
      role: { type: 'string', enum: ROLES, description: 'manager | admin | clerk (data entry); admin when left out' },
    },
    required: ['name', 'email', 'password'],
  },
  accountUpdate: {
    type: 'object',
    properties: { name: text(LIMITS.accountNameMax), email: text(LIMITS.emailMax) },
  },
  updatePassword: {
    type: 'object',
    properties: {
      email: text(LIMITS.emailMax),
      newPassword,
      currentPassword: {
        ...text(LIMITS.passwordMax),
        description: "the caller's password now: needed when the email is the caller's own, unused otherwise",
      },
    },
    required: ['email', 'newPassword'],
  },
  accountRole: {
    type: 'object',
    properties: { role: { type: 'string', enum: ROLES, description: 'manager | admin | clerk (data entry)' } },
    required: ['role'],
  },
  accountDisabled: {
    type: 'object',
    properties: { disabled: { type: 'boolean', description: 'true disables the account, false enables it' } },
    required: ['disabled'],
  },
} as const;

/**
 * Per route: the Arabic reason for a field that fails its schema; or one reason when it is too long (maxLength) and
 * another for anything else (missing, not text).
 */
export type FieldErrors = Partial<Record<string, MessageKey | { tooLong: MessageKey; other: MessageKey }>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    fieldErrors?: FieldErrors;
  }
}
