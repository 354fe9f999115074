// Bringing a paper register in: graves by range, burials typed from the ledger (the console's keyboard
// page), a spreadsheet import with its dry run, and the batches with their undo. Every way of adding burials answers
// the same report, so the console shows it as it is. The rules are in src/domain/rules/registerImport.ts; the writes in
// server/data/registerImport.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatNumber } from '../../src/domain/text/format';
import { t } from '../../src/domain/messages';
import {
  cellText,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  mapColumns,
  rowFromCells,
  type ImportField,
  type RawBurialRow,
} from '../../src/domain/rules/registerImport';
import { leftOutLines } from '../../src/domain/rules/leftOutLines';
import { dateAsRead } from '../../src/domain/dates/burialDate';
import { checkTextRules, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import type { AppContext } from '../http/context';
import { writeBy } from '../data/graveWrites';
import { createGraveRange, importBurials, undoBatch } from '../data/registerImport';
import { badRequest, HttpError, refuse } from '../http/errors';
import { readSheet, SheetRefused } from '../import/sheet';
import { answers, idParams, STAFF, WITH_BODY } from '../schemas/common';
import { deleted } from '../schemas/entities';
import {
  batchList,
  burialBatchBody,
  dryRunQuery,
  importFileBody,
  importQuery,
  importReport,
  rangeAnswer,
  rangeBody,
  rangeQuery,
} from '../schemas/registerImport';
import { typed } from './typed';

/** A register file may be a few MB: 20,000 rows of a ledger are about 2 MB of CSV. */
export const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;
/** A page of typed rows (at most 1,000) is far below this. */
const BATCH_BODY_LIMIT = 1024 * 1024;

const FILE_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/** Batch and import: a dry run unless the caller says false (their documented default). */
const isDryRun = (query: { dryRun?: 'true' | 'false' }) => query.dryRun !== 'false';
/** A range: made unless the caller asks for a dry run (a dry run is what a caller asks for). */
const isRangeDryRun = (query: { dryRun?: 'true' | 'false' }) => query.dryRun === 'true';

/** The console's column mapping: a JSON object of field → header text, every field a known one. */
function parseMapping(text: string | undefined): Partial<Record<ImportField, string>> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('import.mappingInvalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('import.mappingInvalid');
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const [field, header] of Object.entries(value)) {
    const known = IMPORT_FIELDS.find((f) => f === field);
    if (!known || typeof header !== 'string') throw badRequest('import.mappingInvalid');
    mapping[known] = header;
  }
  return mapping;
}

const isBuffer = (body: unknown): body is Buffer => Buffer.isBuffer(body);

export async function registerImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const write = (request: FastifyRequest) => writeBy(ctx, request);
  const planOptions = () => ({ today: ctx.today(), restingPeriodDays: ctx.config.restingPeriodDays });

  r.post(
    '/graves/range',
    {
      schema: {
        summary: 'Create a range of graves',
        querystring: rangeQuery,
        body: rangeBody,
        response: answers({ 200: rangeAnswer, 201: rangeAnswer }, { refusals: [...STAFF, ...WITH_BODY, 409] }),
      },
      config: {
        access: { resource: 'graves', action: 'create' },
        fieldErrors: { gender: 'grave.genderInvalid', from: 'grave.rangeInvalid', to: 'grave.rangeInvalid' },
      },
    },
    async (request, reply) => {
      const { gender, from, to } = request.body;
      if (gender === 'bones') throw badRequest('grave.rangeBones');
      if (from < 1 || to > LIMITS.graveNumberMax || from > to) throw badRequest('grave.rangeInvalid');
      if (to - from + 1 > IMPORT_LIMITS.rangeGraves) {
        throw badRequest('grave.rangeTooLarge', { max: formatNumber(IMPORT_LIMITS.rangeGraves) });
      }
      const dryRun = isRangeDryRun(request.query);
      const answer = await createGraveRange(write(request), gender, from, to, dryRun);
      reply.status(dryRun ? 200 : 201);
      return { ...answer, dryRun };
    },
  );

  r.post(
    '/burials/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        summary: 'Record a batch of burials from a ledger',
        querystring: dryRunQuery,
        body: burialBatchBody,
        response: answers({ 200: importReport, 201: importReport }, { refusals: [...STAFF, ...WITH_BODY, 409] }),
      },
      config: { access: { resource: 'burials', action: 'create' }, fieldErrors: { rows: 'import.rowsInvalid' } },
    },
    async (request, reply) => {
      const rows: RawBurialRow[] = request.body.rows.map((row, i) => ({
        line: i + 1,
        gender: row.gender ?? row.section,
        number: row.graveNumber,
        name: row.name,
        date: row.burialDate,
        notes: row.notes,
        createGrave: row.createGrave === true,
      }));
      const dryRun = isDryRun(request.query);
      const report = await importBurials(
        write(request),
        rows,
        { ...planOptions(), createGraves: 'asked' },
        { kind: 'entry', fileName: null, dryRun },
      );
      reply.status(dryRun ? 200 : 201);
      return { ...report, dryRun };
    },
  );

  // The file upload in a context of its own, so that only here a CSV or spreadsheet body is read (as bytes).
  await app.register(async (files) => {
    files.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    typed(files).post(
      '/import/burials',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          summary: 'Import burials from a spreadsheet',
          querystring: importQuery,
          body: importFileBody,
          response: answers({ 200: importReport, 201: importReport }, { refusals: [...STAFF, ...WITH_BODY, 409, 503] }),
        },
        config: {
          access: { resource: 'imports', action: 'create' },
          tooLarge: {
            key: 'import.fileTooLarge',
            params: { max: formatNumber(IMPORT_BODY_LIMIT / 2 ** 20) },
          },
        },
      },
      async (request, reply) => {
        if (!isBuffer(request.body) || request.body.length === 0) throw badRequest('import.fileUnreadable');
        const mapping = parseMapping(request.query.mapping);
        // The file's name is kept with its batch (the console lists it): a stored text like any other.
        const fileName = checkTextRules(request.query.fileName ?? '', TEXT_FIELDS.fileName);
        if (!fileName.ok) throw badRequest(fileName.error);
        const defaultSection = request.query.gender;
        let sheet;
        try {
          // Off the event loop, every limit checked as the file is read (server/import/sheet.ts).
          sheet = await readSheet(request.body);
        } catch (error) {
          if (error instanceof SheetRefused) {
            const { status, key, params } = error.refusal;
            throw refuse(status, key, params, status === 503 ? { 'retry-after': '60' } : {});
          }
          throw error;
        }
        if (sheet.rows.length === 0) throw badRequest('import.fileEmpty');
        const columns = mapColumns(sheet.header, { mapping, sectionGiven: defaultSection !== undefined });
        if (!columns.ok) throw new HttpError(400, columns.message);
        const rows = sheet.rows.map(({ line, cells }) => rowFromCells(cells, columns.columns, line));
        const dryRun = isDryRun(request.query);
        const report = await importBurials(
          write(request),
          rows,
          { ...planOptions(), defaultSection, createGraves: 'always' },
          { kind: 'import', fileName: fileName.value.trim() || null, dryRun },
        );
        reply.status(dryRun ? 200 : 201);
        // How the file was understood, for the console to show before the real run: the column read for each
        // field, and the first rows as they were read.
        const understood: Record<string, string> = {};
        for (const [field, at] of Object.entries(columns.columns)) {
          if (at !== undefined) understood[field] = sheet.header[at] ?? '';
        }
        const preview = [sheet.header, ...sheet.rows.slice(0, 20).map((row) => row.cells.map(cellText))];
        // Each previewed row's date as the import read it (null without a date column or cell), with the other
        // reading of a day and month that could be swapped: a month-first ledger is caught before confirming.
        const dateAt = columns.columns.date;
        const previewDates = sheet.rows.slice(0, 20).map((row) => {
          const read = dateAt === undefined ? null : dateAsRead(row.cells[dateAt], planOptions().today);
          if (read === null) return null;
          return read.ok
            ? { date: read.date, precision: read.precision, swapped: read.swapped }
            : { error: t(read.error) };
        });
        // The lines left out, as the file had them, for the console's download to fix and import again.
        const leftOut = leftOutLines(sheet.header, sheet.rows, report.refused);
        return { ...report, dryRun, columns: understood, preview, previewDates, leftOut };
      },
    );
  });

  r.get(
    '/import/batches',
    {
      schema: {
        summary: 'List the imports',
        response: answers({ 200: batchList }, { refusals: [...STAFF] }),
      },
      config: { access: { resource: 'imports', action: 'list' } },
    },
    async () => ctx.data.imports.batches(),
  );

  r.delete(
    '/import/batches/:id',
    {
      schema: {
        summary: 'Undo an import',
        params: idParams('id'),
        response: answers({ 200: deleted }, { refusals: [...STAFF, 404, 409] }),
      },
      config: { access: { resource: 'imports', action: 'delete' } },
    },
    async (request) => {
      await undoBatch(write(request), request.params.id);
      return { message: t('import.batchUndoneNow'), _id: request.params.id };
    },
  );
}
