// The yearly register book, for every staff role (it reads what the graves list reads): a Gregorian or Hijri year's
// burials in date order, or a section's (a section alone: its whole register), as a PDF the server prints
// (server/print/registerBookPdf.ts) and as lines the console's print page draws. The rules of the book (the year's
// days, a line's words, the totals) are src/domain/statistics/registerBook.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityWords } from '../../src/domain/identity/siteIdentity';
import { t } from '../../src/domain/messages';
import {
  BOOK_CALENDARS,
  BOOK_YEARS,
  bookLine,
  bookTitle,
  bookTotals,
  bookYearRange,
  type BookSection,
} from '../../src/domain/statistics/registerBook';
import { formatDate, formatNumber, toArabicDigits } from '../../src/domain/text/format';
import { REGISTER_BOOK_MAX_ROWS } from '../data/statistics';
import type { AppContext } from '../http/context';
import { badRequest } from '../http/errors';
import { registerBookPdf } from '../print/registerBookPdf';
import { answers, STAFF } from '../schemas/common';
import { typed } from './typed';

const SECTIONS: readonly BookSection[] = ['men', 'women', 'bones'];

const bookQuery = {
  type: 'object',
  properties: {
    year: { type: 'string', description: 'the year, in the calendar chosen (Gregorian 1900–2200, Hijri 1318–1600)' },
    calendar: { type: 'string', description: 'gregorian (default) or hijri' },
    section: {
      type: 'string',
      description: 'men, women or bones: that section only; without a year, its whole register',
    },
  },
} as const;

const pdfFile = { type: 'string', description: 'the register book, a PDF (A4 landscape)' } as const;

const bookLines = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    cemetery: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          n: { type: 'string' },
          section: { type: 'string' },
          grave: { type: 'string' },
          name: { type: 'string' },
          gregorian: { type: 'string' },
          hijri: { type: 'string' },
        },
        required: ['n', 'section', 'grave', 'name', 'gregorian', 'hijri'],
      },
    },
    totals: { type: 'array', items: { type: 'string' }, description: 'the totals, each a line in Arabic' },
  },
  required: ['title', 'cemetery', 'lines', 'totals'],
} as const;

interface BookQuery {
  year?: string;
  calendar?: string;
  section?: string;
}

export async function registerBookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  /** The book asked for, read: its title, the cemetery's name, its rows and whether it stops short. */
  async function readBook(query: BookQuery) {
    const calendar = BOOK_CALENDARS.find((c) => c === (query.calendar ?? 'gregorian'));
    if (!calendar) throw badRequest('registerBook.calendarInvalid');
    const section = SECTIONS.find((s) => s === query.section) ?? null;
    if (query.section !== undefined && section === null) throw badRequest('registerBook.sectionInvalid');
    let year: number | null = null;
    let range = { from: '0000-01-01', to: '9999-12-31' };
    if (query.year !== undefined) {
      const asked = /^[0-9]{4}$/.test(query.year) ? bookYearRange(Number(query.year), calendar) : null;
      if (asked === null) {
        const bounds = BOOK_YEARS[calendar];
        throw badRequest('registerBook.yearInvalid', {
          min: toArabicDigits(String(bounds.min)),
          max: toArabicDigits(String(bounds.max)),
        });
      }
      year = Number(query.year);
      range = asked;
    } else if (section === null) {
      throw badRequest('registerBook.yearRequired');
    }
    const [identity, found] = await Promise.all([
      ctx.data.identity.read(),
      ctx.data.statistics.registerBook(range.from, range.to, section),
    ]);
    return {
      title: bookTitle(year, calendar, section),
      cemetery: identityWords(identity).siteTitle,
      rows: found.rows,
      capped: found.more ? { max: REGISTER_BOOK_MAX_ROWS } : null,
      fileName: `register-book-${year ?? section}${calendar === 'hijri' ? '-hijri' : ''}.pdf`,
    };
  }

  r.get(
    '/register-book.pdf',
    {
      schema: {
        summary: "Print a year's register book (or a section's) as a PDF",
        querystring: bookQuery,
        response: answers(
          { 200: { ...pdfFile, content: { 'application/pdf': { schema: pdfFile } } } },
          { refusals: [400, ...STAFF] },
        ),
      },
      config: { access: { resource: 'burials', action: 'list' } },
    },
    async (request: FastifyRequest<{ Querystring: BookQuery }>, reply) => {
      const book = await readBook(request.query);
      const doc = await registerBookPdf({
        ...book,
        printedOn: t('registerBook.printedOn', { date: formatDate(ctx.today()) }),
      });
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', `attachment; filename="${book.fileName}"`);
      return reply.send(doc);
    },
  );

  r.get(
    '/register-book',
    {
      schema: {
        summary: "A year's register book (or a section's) as lines, for the console's print page",
        querystring: bookQuery,
        response: answers({ 200: bookLines }, { refusals: [400, ...STAFF] }),
      },
      config: { access: { resource: 'burials', action: 'list' } },
    },
    async (request) => {
      const book = await readBook(request.query);
      const totals = bookTotals(book.rows);
      return {
        title: book.title,
        cemetery: book.cemetery,
        lines: book.rows.map(bookLine),
        totals: [
          t('registerBook.total', { count: formatNumber(totals.all) }),
          ...totals.sections.map((s) =>
            t('registerBook.sectionTotal', { section: s.section, count: formatNumber(s.count) }),
          ),
          ...(book.capped ? [t('registerBook.capped', { max: formatNumber(book.capped.max) })] : []),
        ],
      };
    },
  );
}
