// Schemas of bringing a paper register in: graves by range, burials typed from the ledger, the spreadsheet import and
// its batches. Lengths here are generous on purpose: a typed row that is too long gets its own Arabic reason in the
// report (src/domain/rules/registerImport.ts) instead of failing the whole batch.
import { GENDERS } from '../../src/domain/types';
import { IMPORT_FIELDS, IMPORT_LIMITS } from '../../src/domain/rules/registerImport';

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;

export const dryRunQuery = {
  type: 'object',
  properties: {
    dryRun: {
      type: 'string',
      enum: ['true', 'false'],
      description: 'true (the default): answer what would be done and write nothing; false: write it',
    },
  },
} as const;

/** The range's own query: a dry run is what a caller asks for; without it the graves are made. */
export const rangeQuery = {
  type: 'object',
  properties: {
    dryRun: {
      type: 'string',
      enum: ['true', 'false'],
      description: 'true: answer what would be created and write nothing; false (the default): create the graves',
    },
  },
} as const;

/** Every answer of range, batch and import says which happened. */
const dryRunFlag = {
  type: 'boolean',
  description: 'true: a dry run, nothing was written; false: the answer says what was written',
} as const;

export const rangeBody = {
  type: 'object',
  properties: {
    gender: { type: 'string', enum: GENDERS, description: 'men | women (bone sections take labels, not ranges)' },
    from: { type: 'integer', description: 'first number, 1–100000' },
    to: { type: 'integer', description: `last number, at most ${IMPORT_LIMITS.rangeGraves} graves from the first` },
  },
  required: ['gender', 'from', 'to'],
} as const;

export const rangeAnswer = {
  type: 'object',
  properties: {
    created: { type: 'integer', description: 'graves created (a dry run: that would be created)' },
    skipped: { type: 'array', items: integer, description: 'numbers of the range that existed already' },
    dryRun: dryRunFlag,
  },
  required: ['created', 'skipped', 'dryRun'],
} as const;

export const burialBatchBody = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: IMPORT_LIMITS.batchRows,
      description: 'one row per burial, as typed from the ledger; `line` in the report is the row’s place (first 1)',
      items: {
        type: 'object',
        properties: {
          gender: { type: 'string', maxLength: 40, description: 'men | women | bones, or رجال / نساء / عظام' },
          section: { type: 'string', maxLength: 40, description: 'the same as gender (either may be sent)' },
          graveNumber: { type: ['integer', 'string'], maxLength: 200 },
          name: { type: 'string', maxLength: 1000 },
          burialDate: {
            type: ['string', 'integer'],
            maxLength: 60,
            description:
              '15/3/2004, ١٥/٣/٢٠٠٤, 2004-03-15, a Hijri date ending with هـ (٥ رمضان ١٤٢٥ هـ, 5/9/1425 هـ), ' +
              'a month and year (3/2004, رمضان ١٤٢٥ هـ), or a year alone (2004, ١٤٢٥ هـ)',
          },
          notes: { type: 'string', maxLength: 2000 },
          createGrave: { type: 'boolean', description: 'create the grave when it does not exist' },
        },
      },
    },
  },
  required: ['rows'],
} as const;

export const importQuery = {
  type: 'object',
  properties: {
    ...dryRunQuery.properties,
    gender: { type: 'string', enum: GENDERS, description: 'the section of rows that name none' },
    mapping: {
      type: 'string',
      maxLength: 2000,
      description: `JSON {field: header as in the file}, fields ${IMPORT_FIELDS.join(', ')}; else headers are recognised`,
    },
    fileName: { type: 'string', maxLength: 200, description: 'the file’s name, kept with the batch' },
  },
} as const;

export const importFileBody = {
  content: {
    'text/csv': { schema: { description: 'CSV: UTF-8 (with or without BOM) or Windows-1256; , ; or tab separated' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { description: '.xlsx' } },
    'application/octet-stream': { schema: { description: 'CSV or .xlsx (told by its content)' } },
  },
} as const;

const lineMessages = {
  type: 'array',
  items: {
    type: 'object',
    properties: { line: integer, message: string },
    required: ['line', 'message'],
  },
} as const;

export const importReport = {
  type: 'object',
  description: 'What the rows do (a dry run: would do) to the register',
  properties: {
    rowsRead: integer,
    gravesCreated: integer,
    burialsAdded: integer,
    duplicates: { type: 'integer', description: 'rows already in the register or earlier in the file: skipped' },
    refused: { ...lineMessages, description: 'rows not taken, with the Arabic reason' },
    warnings: { ...lineMessages, description: 'rows taken with a warning (resting period, duplicate skipped)' },
    batchId: {
      type: ['string', 'null'],
      description: 'the batch to undo; null for a dry run or when nothing was written',
    },
    dryRun: dryRunFlag,
    leftOut: {
      type: 'object',
      description:
        "a file's import only: the refused lines as the file had them, with the reason, to fix and import again",
      properties: {
        header: { type: 'array', items: string, description: "the file's header as read" },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              line: integer,
              cells: { type: 'array', items: string, description: "the line's cells as read" },
              reason: { type: 'string', description: 'why it was left out (Arabic)' },
            },
            required: ['line', 'cells', 'reason'],
          },
        },
      },
      required: ['header', 'rows'],
    },
    columns: {
      type: 'object',
      description: "a file's import only: the header of the column read for each field",
      properties: { gender: string, number: string, name: string, date: string, notes: string },
    },
    preview: {
      type: 'array',
      description: "a file's import only: its header and first 20 rows as read, cell by cell",
      items: { type: 'array', items: string },
    },
    previewDates: {
      type: 'array',
      description:
        "a file's import only: for each previewed row, its date as read (date, precision), the date it would be " +
        'read month-first when its day and month could be swapped (swapped), or why it is no date (error); null ' +
        'for a row without a date',
      items: {
        type: ['object', 'null'],
        properties: {
          date: string,
          precision: string,
          swapped: {
            type: ['object', 'null'],
            properties: { date: string, precision: string },
            required: ['date', 'precision'],
          },
          error: string,
        },
      },
    },
  },
  required: ['rowsRead', 'gravesCreated', 'burialsAdded', 'duplicates', 'refused', 'warnings', 'batchId', 'dryRun'],
} as const;

export const batchList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      _id: string,
      kind: { type: 'string', enum: ['import', 'entry'], description: 'a file, or rows typed in the console' },
      fileName: { type: ['string', 'null'] },
      createdAt: string,
      accountEmail: string,
      rowsRead: integer,
      gravesCreated: integer,
      burialsAdded: integer,
      undoneAt: { type: ['string', 'null'] },
    },
    required: [
      '_id',
      'kind',
      'fileName',
      'createdAt',
      'accountEmail',
      'rowsRead',
      'gravesCreated',
      'burialsAdded',
      'undoneAt',
    ],
  },
} as const;
