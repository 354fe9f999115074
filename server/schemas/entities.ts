// The answers' shapes (spec section 7 and its additive fields), as JSON schemas: Fastify serialises with them, so
// every field of an answer must be here (fast-json-stringify drops what a schema does not name).
import { DATE_PRECISIONS } from '../../src/domain/dates/datePrecision';
import { MATCH_CLASSES } from '../../src/domain/search/names';
import { CONDOLENCE_FOR } from '../../src/domain/notices/notice';
import { CORRECTION_STATUSES, GENDERS, GRAVE_STATUS, ROLES, SUGGESTION_STATUSES } from '../../src/domain/types';

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;

// Alternatives are written as a list of types, not anyOf: fast-json-stringify serializes anyOf by compiling the
// whole answer's schema with Ajv at its first use (about 130 ms of a route's first answer after a start).
const graveNumber = {
  type: ['integer', 'string'],
  description: 'men/women: a whole number; bones: a label',
} as const;
const gender = { type: 'string', enum: GENDERS } as const;

const graveMove = {
  type: 'object',
  properties: {
    graveId: { type: ['string', 'null'], description: 'null once that grave was deleted' },
    number: graveNumber,
    gender,
    date: { type: 'string', description: 'YYYY-MM-DD, the day of the move' },
  },
  required: ['graveId', 'number', 'gender', 'date'],
} as const;

export const buriedPerson = {
  type: 'object',
  properties: {
    _id: string,
    name: string,
    burialDate: { type: 'string', description: 'YYYY-MM-DD (a year alone is stored as the last day of that year)' },
    datePrecision: {
      type: 'string',
      enum: DATE_PRECISIONS.filter((p) => p !== 'day'),
      description:
        'present only for a partial ledger date: month, year, hijriMonth or hijriYear (burialDate is the last day ' +
        'of that month or year, or today when it is the current one): show it as written',
    },
    notes: { type: 'string', description: 'present only when the ledger had notes' },
    transferredFrom: { ...graveMove, description: 'additive: where the remains of a person moved here came from' },
    transferredTo: { ...graveMove, description: "additive: in a grave's moved history, where the remains went" },
  },
  required: ['_id', 'name', 'burialDate'],
} as const;
const status = { type: 'string', enum: Object.values(GRAVE_STATUS) } as const;

export const grave = {
  type: 'object',
  properties: {
    _id: string,
    number: graveNumber,
    gender,
    status,
    daysUntilAvailable: {
      type: ['integer', 'null'],
      description: '0 when available, days left while resting, null when full or an ossuary',
    },
    buriedPersons: { type: 'array', items: buriedPerson, description: 'newest first' },
    position: {
      type: 'object',
      description: "additive, on one grave's answer: where the grave is (decimal degrees)",
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
      required: ['latitude', 'longitude'],
    },
    moved: {
      type: 'array',
      items: buriedPerson,
      description: "additive, on one grave's answer: people once buried here whose remains were moved, newest first",
    },
    place: {
      type: 'object',
      description:
        "additive, on one grave's answer: its row on the plan and its place in the row (1 = the row's first)",
      properties: { row: string, place: { type: 'integer' } },
      required: ['row', 'place'],
    },
  },
  required: ['_id', 'number', 'gender', 'status', 'daysUntilAvailable', 'buriedPersons'],
} as const;

export const graves = { type: 'array', items: grave } as const;

/** A section's card: a grave without its burials (GET /graves/cards/{section}). */
export const graveCard = {
  type: 'object',
  properties: {
    _id: string,
    number: graveNumber,
    gender,
    status,
    daysUntilAvailable: grave.properties.daysUntilAvailable,
  },
  required: ['_id', 'number', 'gender', 'status', 'daysUntilAvailable'],
} as const;

export const graveCardPage = {
  type: 'object',
  description: "one page of a section's cards, by number, or best match first for a search (q)",
  properties: {
    total: { type: 'integer', description: 'how many cards match (the whole section without q)' },
    offset: { type: 'integer', description: 'the place of the first card of this page among them' },
    cards: { type: 'array', items: graveCard },
  },
  required: ['total', 'offset', 'cards'],
} as const;

const graveOrNull = { ...grave, type: ['object', 'null'] } as const;
export const nextGraveAnswer = {
  type: 'object',
  description: 'the next available grave of each section, or null when it has none, and why it is the one offered',
  properties: {
    men: graveOrNull,
    women: graveOrNull,
    why: {
      type: 'object',
      description: 'why each section offers its grave (never used, the longest rested, the lowest number), in Arabic',
      properties: { men: { type: ['string', 'null'] }, women: { type: ['string', 'null'] } },
      required: ['men', 'women'],
    },
  },
  required: ['men', 'women'],
} as const;

export const graveWithMessage = {
  type: 'object',
  properties: { message: string, grave },
  required: ['message', 'grave'],
} as const;

export const deleted = {
  type: 'object',
  properties: { message: string, _id: string },
  required: ['message', '_id'],
} as const;

export const searchMatches = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      grave: {
        type: 'object',
        properties: { _id: string, number: graveNumber, gender, status },
        required: ['_id', 'number', 'gender', 'status'],
      },
      person: buriedPerson,
      match: {
        type: 'string',
        enum: MATCH_CLASSES,
        description:
          'how the query matched, best first: exact, number, folded, spoken (Egyptian letter swaps), latin, typo',
      },
      words: {
        type: 'array',
        description: "character ranges [start, end) of the person's name that matched, to highlight",
        items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
      },
    },
    required: ['grave', 'person', 'match', 'words'],
  },
} as const;

export const count = <const Name extends string>(name: Name) =>
  ({ type: 'object', properties: { [name]: integer } as Record<Name, typeof integer>, required: [name] }) as const;

export const articleSummary = {
  type: 'object',
  properties: { _id: string, title: string, createdAt: string },
  required: ['_id', 'title', 'createdAt'],
} as const;

export const article = {
  type: 'object',
  properties: { _id: string, title: string, content: string, createdAt: string },
  required: ['_id', 'title', 'content', 'createdAt'],
} as const;

export const articleWithMessage = {
  type: 'object',
  properties: { ...article.properties, message: string },
  required: [...article.required, 'message'],
} as const;

export const suggestion = {
  type: 'object',
  properties: {
    _id: string,
    text: string,
    name: string,
    phone: string,
    submittedBy: string,
    status: { type: 'string', enum: SUGGESTION_STATUSES },
    createdAt: string,
  },
  required: ['_id', 'text', 'name', 'phone', 'submittedBy', 'status', 'createdAt'],
} as const;

export const approvedSuggestion = {
  type: 'object',
  properties: { _id: string, name: string, text: string },
  required: ['_id', 'name', 'text'],
} as const;

export const account = {
  type: 'object',
  properties: {
    _id: string,
    name: string,
    email: string,
    role: { type: 'string', enum: ROLES },
    createdAt: string,
    disabled: { type: 'boolean', description: 'a disabled account cannot sign in' },
    lastLoginAt: { type: ['string', 'null'], description: 'the last successful sign-in, or null before the first' },
  },
  required: ['_id', 'name', 'email', 'role', 'createdAt', 'disabled', 'lastLoginAt'],
} as const;

/** An account after a manager's change to it, with the change's message. */
export const accountWithMessage = {
  ...account,
  properties: { ...account.properties, message: string },
  required: [...account.required, 'message'],
} as const;

export const loginAnswer = {
  type: 'object',
  properties: { token: string, role: { type: 'string', enum: ROLES }, message: string },
  required: ['token', 'role', 'message'],
} as const;

/**
 * A password changed: every earlier session of the account has ended. When it was the caller's own, a new token
 * and role (as login answers them) keep the caller signed in.
 */
export const passwordAnswer = {
  type: 'object',
  properties: { message: string, token: string, role: { type: 'string', enum: ROLES } },
  required: ['message'],
} as const;

export const auditEntry = {
  type: 'object',
  properties: {
    _id: string,
    at: string,
    accountId: { type: ['string', 'null'] },
    accountEmail: string,
    action: string,
    entity: string,
    entityId: string,
    before: { description: 'the values before the change (JSON), or null' },
    after: { description: 'the values after the change (JSON), or null' },
    undone: { type: 'boolean', description: 'additive: a transfer or a deletion a manager has undone' },
  },
  required: ['_id', 'at', 'accountId', 'accountEmail', 'action', 'entity', 'entityId', 'before', 'after'],
} as const;

export const csvFile = { type: 'string', description: 'CSV (UTF-8 with BOM)' } as const;

const planRow = {
  type: 'object',
  properties: {
    label: { type: 'string', description: 'the row as the committee names it (up to 20 letters)' },
    from: { type: 'integer', description: 'the first grave number of the row' },
    to: { type: 'integer', description: 'the last grave number of the row (at most 50 graves a row)' },
  },
  required: ['label', 'from', 'to'],
} as const;

export const planRows = {
  type: 'object',
  description: "each section's named rows in the committee's order; an empty list: drawn in rows of ten",
  properties: { men: { type: 'array', items: planRow }, women: { type: 'array', items: planRow } },
  required: ['men', 'women'],
} as const;

export const planRowsWithMessage = {
  type: 'object',
  properties: { message: string, rows: { type: 'array', items: planRow } },
  required: ['message', 'rows'],
} as const;

export const planAnswer = {
  type: 'object',
  properties: {
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          gender: { type: 'string', enum: ['men', 'women'] },
          configured: { type: 'boolean', description: 'true when the committee named the rows' },
          rows: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                ...planRow.properties,
                cells: {
                  type: 'string',
                  description:
                    'one letter per number from..to: a available, r resting, f full, - no grave of that number',
                },
                days: {
                  type: 'array',
                  items: { type: 'integer' },
                  description: 'days left of each resting cell, in order',
                },
                unplaced: { type: 'boolean', description: 'graves outside every named row (label empty)' },
              },
              required: ['label', 'from', 'to', 'cells', 'days'],
            },
          },
        },
        required: ['gender', 'configured', 'rows'],
      },
    },
    bones: {
      type: 'array',
      description: 'the bone sections, apart from the rows',
      items: {
        type: 'object',
        properties: { number: string, count: { type: 'integer', description: 'remains it holds' } },
        required: ['number', 'count'],
      },
    },
  },
  required: ['sections', 'bones'],
} as const;

/** GET /api/search/index: the register as the offline site keeps it (src/domain/search/offlineIndex.ts says the format). */
export const offlineIndex = {
  type: 'object',
  description: 'every grave and burial in compact columns, for the site to search and draw without a network',
  properties: {
    v: { type: 'integer', enum: [1] },
    updatedAt: { type: 'string', description: 'ISO time the register was read' },
    words: { type: 'array', items: string },
    ids: { type: 'array', items: string },
    numbers: { type: 'array', items: graveNumber },
    genders: string,
    statuses: string,
    days: { type: 'array', items: { type: ['integer', 'null'] } },
    names: string,
    dates: string,
  },
  required: ['v', 'updatedAt', 'words', 'ids', 'numbers', 'genders', 'statuses', 'days', 'names', 'dates'],
} as const;

/** The warnings stored with a grave's burials: the staff's alone, never in a public answer. */
export const burialWarnings = {
  type: 'array',
  description: "the grave's burials saved with a warning of the history rule, newest first",
  items: {
    type: 'object',
    properties: {
      _id: { type: 'string', description: 'the burial' },
      name: { type: 'string' },
      burialDate: { type: 'string', description: 'YYYY-MM-DD' },
      datePrecision: {
        type: 'string',
        enum: DATE_PRECISIONS.filter((p) => p !== 'day'),
        description: 'present only for a partial ledger date, as on the grave',
      },
      warning: { type: 'string', description: 'the warning in Arabic' },
    },
    required: ['_id', 'name', 'burialDate', 'warning'],
  },
} as const;

// A death notice (src/domain/notices/notice.ts).
const nullableString = { type: ['string', 'null'] } as const;
export const notice = {
  type: 'object',
  properties: {
    id: string,
    _id: { ...string, description: 'the same as id' },
    name: string,
    relations: nullableString,
    prayerAt: { ...string, description: "YYYY-MM-DDTHH:mm in timeZone, the register's local time" },
    prayerInstant: { ...string, description: 'the same moment, ISO 8601 in UTC' },
    timeZone: { ...string, description: 'IANA time zone of prayerAt and of every day of the notice' },
    mosque: string,
    afterPrayer: nullableString,
    graveId: nullableString,
    burialId: nullableString,
    grave: {
      type: ['object', 'null'],
      properties: { _id: string, number: graveNumber, gender },
      required: ['_id', 'number', 'gender'],
    },
    condolences: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          place: string,
          for: { type: 'string', enum: CONDOLENCE_FOR },
          from: { ...string, description: 'YYYY-MM-DD' },
          to: { ...string, description: 'YYYY-MM-DD' },
          hours: nullableString,
        },
        required: ['place', 'for', 'from', 'to', 'hours'],
      },
    },
    endsAt: { ...string, description: 'YYYY-MM-DD, the last day on the home page' },
    hidden: { type: 'boolean' },
    createdAt: string,
    updatedAt: string,
  },
  required: [
    'id',
    '_id',
    'name',
    'relations',
    'prayerAt',
    'prayerInstant',
    'timeZone',
    'mosque',
    'afterPrayer',
    'graveId',
    'burialId',
    'grave',
    'condolences',
    'endsAt',
    'hidden',
    'createdAt',
    'updatedAt',
  ],
} as const;

export const notices = { type: 'array', items: notice } as const;

export const noticeWithMessage = {
  type: 'object',
  properties: { ...notice.properties, message: string },
  required: [...notice.required, 'message'],
} as const;

export const noticeWithWarnings = {
  type: 'object',
  properties: {
    ...noticeWithMessage.properties,
    warnings: { type: 'array', items: string, description: 'the history rule’s warnings (Arabic), for the staff' },
  },
  required: [...noticeWithMessage.required, 'warnings'],
} as const;

// A family's correction of a burial (src/domain/types.ts Correction), and its private follow-up.
const datePrecision = { type: 'string', enum: DATE_PRECISIONS } as const;
const correctionValues = {
  type: 'object',
  properties: {
    name: string,
    burialDate: { ...string, description: 'YYYY-MM-DD as stored (see datePrecision)' },
    datePrecision,
  },
  required: ['name', 'burialDate', 'datePrecision'],
} as const;
const correctionStatus = { type: 'string', enum: CORRECTION_STATUSES } as const;

export const correction = {
  type: 'object',
  properties: {
    _id: string,
    status: correctionStatus,
    burialId: string,
    graveId: string,
    gender,
    graveNumber: { ...string, description: "the grave's number as the register writes it (a bone grave's label)" },
    proposed: {
      type: 'object',
      description: 'what the family proposed: only the fields they changed',
      properties: {
        name: string,
        burialDate: { ...string, description: 'YYYY-MM-DD as read (see datePrecision)' },
        datePrecision,
        note: string,
      },
    },
    sentAgainst: { ...correctionValues, description: 'the burial as it stood when the correction was sent' },
    current: {
      ...correctionValues,
      type: ['object', 'null'],
      description: 'the burial as it stands now; null once it was removed from the register',
    },
    burialChanged: { type: 'boolean', description: 'the burial changed (or was removed) since it was sent' },
    senderName: string,
    senderPhone: string,
    applied: {
      type: ['object', 'null'],
      description: 'what was written to the burial, once applied (null for a note alone)',
      properties: { name: string, burialDate: string },
      required: ['name', 'burialDate'],
    },
    reason: nullableString,
    decidedBy: { ...nullableString, description: "the staff member's name who applied or rejected it" },
    decidedAt: nullableString,
    createdAt: string,
  },
  required: [
    '_id',
    'status',
    'burialId',
    'graveId',
    'gender',
    'graveNumber',
    'proposed',
    'sentAgainst',
    'current',
    'burialChanged',
    'senderName',
    'senderPhone',
    'applied',
    'reason',
    'decidedBy',
    'decidedAt',
    'createdAt',
  ],
} as const;

export const correctionFollow = {
  type: 'object',
  description: "a correction's state for the family's private follow-up page: nothing else",
  properties: {
    status: correctionStatus,
    reason: { ...nullableString, description: 'the reason given with a rejection' },
    createdAt: string,
    decidedAt: nullableString,
  },
  required: ['status', 'reason', 'createdAt', 'decidedAt'],
} as const;
