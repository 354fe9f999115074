// The yearly register book as a PDF (pdfkit): A4 landscape, each page headed with the book's title and the
// cemetery's name, its burials numbered in date order in a table (number, section, grave, name, both dates), the
// page's number of the book's pages at its foot, and the totals after the last line. Arabic is shaped by fontkit
// with the site's font (Noto Kufi Arabic, TrueType) and ordered right to left by rtlText.ts. The pages are counted
// before the first is drawn, so every page says «صفحة ٣ من ١٢». The document is a stream: pages leave as drawn.
// pdfkit stays outside the server's bundle (scripts/start.mjs): it reads its font metrics from beside its files.
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import { t } from '../../src/domain/messages';
import {
  bookLine,
  bookPages,
  bookTotals,
  pageLabel,
  type BookLine,
  type BookRow,
} from '../../src/domain/statistics/registerBook';
import { formatNumber } from '../../src/domain/text/format';
import { drawLine, lineWidth, visualPieces } from './rtlText';

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-kufi-arabic';
const REGULAR = require.resolve(`${FONT_PACKAGE}/400Regular/NotoKufiArabic_400Regular.ttf`);
const BOLD = require.resolve(`${FONT_PACKAGE}/700Bold/NotoKufiArabic_700Bold.ttf`);

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const ROW = 19;
const TABLE_TOP = 104;
const FOOT = PAGE.height - PAGE.margin - 4;
/** Lines of the table a page holds between its heading and its foot. */
export const LINES_PER_PAGE = Math.floor((FOOT - 20 - TABLE_TOP - ROW) / ROW);
const SIZE = 9.5;
const MIN_SIZE = 6;

/** The table's columns from the right, with their share of the width. */
const COLUMNS: Array<{ key: keyof BookLine; label: Parameters<typeof t>[0]; width: number }> = [
  { key: 'n', label: 'registerBook.number', width: 0.05 },
  { key: 'section', label: 'registerBook.section', width: 0.07 },
  { key: 'grave', label: 'registerBook.grave', width: 0.1 },
  { key: 'name', label: 'registerBook.name', width: 0.38 },
  { key: 'gregorian', label: 'registerBook.gregorian', width: 0.2 },
  { key: 'hijri', label: 'registerBook.hijri', width: 0.2 },
];

export interface RegisterBook {
  /** «سجل الدفن لعام ٢٠٢٤م» (domain/statistics/registerBook.ts: bookTitle). */
  title: string;
  /** The cemetery's name from the settings. */
  cemetery: string;
  rows: readonly BookRow[];
  /** More burials than the book holds: it says so after the totals. */
  capped: { max: number } | null;
  /** Today, as the foot says it. */
  printedOn: string;
}

type Doc = InstanceType<typeof PDFKit>;

/** Draws `text` in a cell ending at `right`, made smaller until it fits the cell's width. */
function cell(doc: Doc, text: string, right: number, width: number, y: number, size: number): void {
  let fontSize = size;
  doc.fontSize(fontSize);
  const pieces = visualPieces(text);
  while (fontSize > MIN_SIZE && lineWidth(doc, pieces) > width - 6) {
    fontSize -= 0.5;
    doc.fontSize(fontSize);
  }
  drawLine(doc, text, y + (size - fontSize) / 2, { right: right - 3 });
  doc.fontSize(size);
}

/** pdfkit and its font engine, loaded when the first book is printed rather than at every start. */
let pdfkit: Promise<typeof PDFKit> | null = null;

export async function registerBookPdf(book: RegisterBook): Promise<Doc> {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  const PDFDocument = await pdfkit;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: book.title, Author: book.cemetery },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const lines = book.rows.map(bookLine);
  const totals = bookTotals(book.rows);
  const closing = [
    ...(lines.length === 0 ? [t('registerBook.empty')] : []),
    t('registerBook.total', { count: formatNumber(totals.all) }),
    ...totals.sections.map((s) => t('registerBook.sectionTotal', { section: s.section, count: formatNumber(s.count) })),
    ...(book.capped ? [t('registerBook.capped', { max: formatNumber(book.capped.max) })] : []),
  ];
  const pages = bookPages(lines.length, LINES_PER_PAGE, closing.length + 1);
  const right = PAGE.width - PAGE.margin;
  const tableWidth = PAGE.width - 2 * PAGE.margin;

  const heading = (page: number) => {
    doc.addPage();
    doc.font('bold').fontSize(16);
    drawLine(doc, book.title, PAGE.margin, { right });
    doc.font('regular').fontSize(12);
    drawLine(doc, book.cemetery, PAGE.margin + 28, { right });
    doc.fontSize(9);
    drawLine(doc, book.printedOn, PAGE.margin + 4, { left: PAGE.margin });
    // The columns' heads on a shaded band.
    doc
      .rect(PAGE.margin, TABLE_TOP - 4, tableWidth, ROW)
      .fill('#e8efec')
      .fillColor('#000');
    doc.font('bold');
    let x = right;
    for (const column of COLUMNS) {
      const width = column.width * tableWidth;
      cell(doc, t(column.label), x, width, TABLE_TOP, SIZE);
      x -= width;
    }
    doc.font('regular').fontSize(9);
    const label = pageLabel(page, pages);
    drawLine(doc, label, FOOT, { left: (PAGE.width - lineWidth(doc, visualPieces(label))) / 2 });
    doc.fontSize(SIZE);
  };

  let page = 0;
  let y = 0;
  const nextLine = () => {
    if (page === 0 || y + ROW > FOOT - 20) {
      page += 1;
      heading(page);
      y = TABLE_TOP + ROW;
    }
    const at = y;
    y += ROW;
    return at;
  };

  for (const line of lines) {
    const at = nextLine();
    let x = right;
    for (const column of COLUMNS) {
      const width = column.width * tableWidth;
      cell(doc, line[column.key], x, width, at, SIZE);
      x -= width;
    }
    doc
      .moveTo(PAGE.margin, at + ROW - 4)
      .lineTo(right, at + ROW - 4)
      .lineWidth(0.3)
      .strokeColor('#b8c4bf')
      .stroke();
  }
  // The totals under a gap of one line.
  nextLine();
  doc.font('bold');
  for (const text of closing) drawLine(doc, text, nextLine(), { right });
  doc.end();
  return doc;
}
